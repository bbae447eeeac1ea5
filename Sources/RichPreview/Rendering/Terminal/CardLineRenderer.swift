/// A notification card in one line, as `deliver` lists what the user sees:
/// `ID: TITLE — SUBTITLE — BODY [category C] {BUTTON | BUTTON} (replaced N)`.
public enum CardLineRenderer {
    /// The line for `card`; each text is shortened to `textLimit` characters. Not escaped: the
    /// caller prints it through its escaping output.
    public static func line(_ card: NotificationCard, identifier: String, replaced: Int, textLimit: Int = 80) -> String
    {
        var text =
            "\(identifier): " + card.texts.map { TerminalText.shortened($0, to: textLimit) }.joined(separator: " — ")
        if let category = card.category {
            text +=
                card.categoryRegistered == true
                ? " [category \(category)]" : " [category \(category), not registered: no actions]"
        }
        if !card.actions.isEmpty { text += " {" + card.actions.map(\.title).joined(separator: " | ") + "}" }
        if replaced > 0 { text += " (replaced \(replaced))" }
        return text
    }
}
