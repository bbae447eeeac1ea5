/// `UNNotificationActionIcon` (iOS 15 and later): the image an action's row shows beside its
/// title, named as the app names it.
public enum ActionIcon: Sendable, Hashable {
    /// `systemImageName:`: an SF Symbol.
    case systemImage(String)
    /// `templateImageName:`: an image of the app's asset catalog or bundle (no extension, no
    /// `@2x`), drawn in the title's colour through its alpha.
    case templateImage(String)

    /// Where the image comes from; the raw values are Apple's argument labels.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `systemImageName:`: an SF Symbol.
        case systemImage = "systemImageName"
        /// `templateImageName:`: an image of the app's asset catalog or bundle.
        case templateImage = "templateImageName"
    }

    /// The icon of `kind` named `name`.
    public init(kind: Kind, name: String) {
        switch kind {
        case .systemImage: self = .systemImage(name)
        case .templateImage: self = .templateImage(name)
        }
    }

    /// System symbol or the app's template image.
    public var kind: Kind {
        switch self {
        case .systemImage: .systemImage
        case .templateImage: .templateImage
        }
    }

    /// The symbol's or the image's name, as written.
    public var name: String {
        switch self {
        case .systemImage(let name), .templateImage(let name): name
        }
    }
}

/// An action's `icon:` argument as the scanner read it.
public struct ScannedActionIcon: Sendable, Hashable {
    /// System symbol or template image; nil when the expression is not an icon the scanner reads
    /// (a function's result, a parameter).
    public var kind: ActionIcon.Kind?
    /// The image's name, or the expression and why it was not resolved.
    public var name: ScannedString

    /// An icon of `kind` (nil: unknown) named by `name`.
    public init(kind: ActionIcon.Kind?, name: ScannedString) {
        self.kind = kind
        self.name = name
    }

    /// The icon, when both its kind and its name are known.
    public var icon: ActionIcon? {
        guard let kind, let name = name.literal else { return nil }
        return ActionIcon(kind: kind, name: name)
    }
}
