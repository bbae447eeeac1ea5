/// How heavy text is drawn; each family maps it to its nearest static file.
public enum FontWeight: String, Sendable, Hashable, CaseIterable, Codable {
    /// 400.
    case regular
    /// 600, the weight of iOS's headline style.
    case semibold
    /// 700.
    case bold

    /// The weights to try in order when a family lacks this one: itself, then the nearest.
    var fallbackOrder: [FontWeight] {
        switch self {
        case .regular: [.regular, .semibold, .bold]
        case .semibold: [.semibold, .bold, .regular]
        case .bold: [.bold, .semibold, .regular]
        }
    }
}
