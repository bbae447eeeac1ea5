/// The system appearance a card is drawn in.
public enum Appearance: String, Sendable, CaseIterable, Codable {
    /// Light mode: a light platter with dark text.
    case light
    /// Dark mode: a dark platter with light text.
    case dark
}
