/// One line of terminal output built from styled pieces whose display widths are known, so that
/// every line of a card can be exactly as wide as asked, with or without colour.
struct TerminalLine {
    /// A run of text with one style.
    struct Piece {
        var text: String
        var foreground: TerminalPalette.Color?
        var background: TerminalPalette.Color?
        var bold = false
    }

    private(set) var pieces: [Piece] = []

    /// The display width of the line, in columns.
    var width: Int { pieces.reduce(0) { $0 + TerminalWidth.of($1.text) } }

    mutating func append(
        _ text: String, foreground: TerminalPalette.Color? = nil, background: TerminalPalette.Color? = nil,
        bold: Bool = false
    ) {
        guard !text.isEmpty else { return }
        pieces.append(Piece(text: text, foreground: foreground, background: background, bold: bold))
    }

    /// The line as text: plain, or with 24-bit SGR colours and a reset at its end.
    func rendered(colored: Bool) -> String {
        guard colored else { return pieces.map(\.text).joined() }
        var output = ""
        for piece in pieces {
            var codes: [String] = ["0"]
            if piece.bold { codes.append("1") }
            if let color = piece.foreground { codes.append("38;2;\(color.r);\(color.g);\(color.b)") }
            if let color = piece.background { codes.append("48;2;\(color.r);\(color.g);\(color.b)") }
            output += "\u{1B}[\(codes.joined(separator: ";"))m" + piece.text
        }
        return output + "\u{1B}[0m"
    }
}
