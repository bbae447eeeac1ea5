/// The system appearance a card is drawn in.
public enum Appearance: String, Sendable, CaseIterable, Codable {
    case light
    case dark
}
