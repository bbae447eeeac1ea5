import RichPreview

extension String {
    /// The string as a message quotes a value the user gave: its first 80 characters, then "…"
    /// when there are more, so that a long value given by mistake stays a short line.
    var echoed: String { TerminalText.shortened(self, to: 80) }
}
