import Foundation

/// An APNs request written as the `curl` command that sends it (a `.curl` or `.sh` file):
/// `curl -H 'apns-push-type: alert' -H 'apns-topic: …' -d '{"aps": …}' https://api.push.apple.com/3/device/…`.
/// The shell's quoting is read as POSIX `sh` reads it (single quotes, double quotes with their
/// escapes, backslashes, backslash-newline); nothing is expanded or run.
struct CurlCommand {
    /// The request's headers, by lower-case name, as written.
    var headers: [(name: String, value: String)] = []
    /// The body given with `-d`/`--data`/`--data-raw`/`--data-binary`, and where its text starts in
    /// the file (1-based line and column) when it is written in one quoted piece, so that places in
    /// it are places in the file.
    var body: (text: String, line: Int, column: Int)?
    /// A body read from a file (`-d @payload.json`): its name, which is not read.
    var bodyFile: String?

    /// Why a file is not a curl command richpreview reads.
    enum Failure: Error, Hashable {
        /// No `curl` command in it.
        case noCommand
        /// A quote left open at the end.
        case unterminatedQuote(line: Int)
    }

    /// Whether `data` holds a curl command: a line of its first 4 KiB starts with the word `curl`
    /// (a script may set variables or options first), and its first line that is not blank, a
    /// comment or a shebang does not open a JSON object or array.
    static func looksLikeCommand(_ data: Data) -> Bool {
        let bytes = data.prefix(4096)
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var sawContent = false
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var index = lineStart
            while index < lineEnd, isBlank(bytes[index]) { index += 1 }
            if index < lineEnd, bytes[index] != UInt8(ascii: "#") {
                if !sawContent, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") { return false }
                sawContent = true
                let word = Array("curl".utf8)
                if bytes[index..<lineEnd].starts(with: word) {
                    let after = index + word.count
                    if after == lineEnd || isBlank(bytes[after]) { return true }
                }
            }
            lineStart = lineEnd < bytes.endIndex ? lineEnd + 1 : bytes.endIndex
        }
        return false
    }

    /// Reads the first `curl` command in `text`.
    static func read(_ text: String) throws(Failure) -> CurlCommand {
        let words = try Self.words(text)
        guard let start = words.firstIndex(where: { $0.text == "curl" }) else { throw .noCommand }
        var command = CurlCommand()
        var index = start + 1
        while index < words.count, !words[index].endsCommand {
            let word = words[index].text
            let next = index + 1 < words.count && !words[index + 1].endsCommand ? words[index + 1] : nil
            switch word {
            case "-H", "--header":
                if let next, let colon = next.text.firstIndex(of: ":") {
                    command.headers.append(
                        (
                            next.text[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                            next.text[next.text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                        ))
                }
                index += 2
            case "-d", "--data", "--data-raw", "--data-binary", "--data-ascii":
                if let next {
                    if next.text.hasPrefix("@"), word != "--data-raw" {
                        command.bodyFile = String(next.text.dropFirst())
                    } else {
                        command.body = (next.text, next.line, next.column)
                    }
                }
                index += 2
            default:
                index += 1
            }
        }
        return command
    }

    /// One shell word, where its text starts (after an opening quote) and whether it ends the
    /// command (a newline, `;`, `&&`, `|`).
    private struct Word {
        var text: String
        var line: Int
        var column: Int
        var endsCommand = false
    }

    private static func words(_ text: String) throws(Failure) -> [Word] {
        var words: [Word] = []
        var current = ""
        var started: (line: Int, column: Int)?
        var line = 1
        var column = 0
        let characters = Array(text)
        var index = 0
        func finish() {
            if let start = started { words.append(Word(text: current, line: start.line, column: start.column)) }
            current = ""
            started = nil
        }
        // A script saved with CRLF line ends holds "\r\n", one Character in Swift: it ends a line
        // as "\n" does.
        func isNewline(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }
        func advance(_ character: Character) {
            if isNewline(character) {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        while index < characters.count {
            let character = characters[index]
            advance(character)
            switch character {
            case "\\":
                index += 1
                guard index < characters.count else { break }
                advance(characters[index])
                if !isNewline(characters[index]) {
                    if started == nil { started = (line, column) }
                    current.append(characters[index])
                }
            case "'":
                let quoteLine = line
                if started == nil { started = (line, column + 1) }
                index += 1
                while index < characters.count, characters[index] != "'" {
                    advance(characters[index])
                    current.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw .unterminatedQuote(line: quoteLine) }
                advance(characters[index])
            case "\"":
                let quoteLine = line
                if started == nil { started = (line, column + 1) }
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    advance(characters[index])
                    if characters[index] == "\\", index + 1 < characters.count,
                        "$`\"\\\n".contains(characters[index + 1]) || characters[index + 1] == "\r\n"
                    {
                        index += 1
                        advance(characters[index])
                        if !isNewline(characters[index]) { current.append(characters[index]) }
                    } else {
                        current.append(characters[index])
                    }
                    index += 1
                }
                guard index < characters.count else { throw .unterminatedQuote(line: quoteLine) }
                advance(characters[index])
            case " ", "\t", "\r":
                finish()
            case "\n", "\r\n", ";", "|", "&":
                finish()
                words.append(Word(text: String(character), line: line, column: column, endsCommand: true))
            case "#" where started == nil:
                while index + 1 < characters.count, !isNewline(characters[index + 1]) { index += 1 }
            default:
                if started == nil { started = (line, column) }
                current.append(character)
            }
            index += 1
        }
        finish()
        return words
    }
}
