import Foundation

/// A notification extension's `Info.plist`, read and checked: its kind, its entry point, the bundle
/// keys, the content-extension attributes with their defaults, and what stayed unexpanded or looks wrong.
///
/// Reads XML, binary and old-style (OpenStep) plists. Old-style plists hold only strings, so there a
/// boolean written `YES` or a ratio written `0.5` is read without a warning.
public struct ExtensionConfig: Sendable, Equatable {
    /// The plist's path as it was given.
    public var file: String
    /// `NSExtension.NSExtensionPointIdentifier`: a content extension or a service extension.
    public var point: ExtensionPoint
    /// `CFBundleIdentifier` after expansion; an undefined variable stays as written, e.g.
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)`. Nil when the plist has none.
    public var bundleIdentifier: String?
    /// `CFBundleName` after expansion; nil when the plist has none.
    public var bundleName: String?
    /// `CFBundleDisplayName` after expansion; nil when the plist has none.
    public var bundleDisplayName: String?
    /// `NSExtensionPrincipalClass`.
    public var principalClass: String?
    /// `NSExtensionMainStoryboard`.
    public var mainStoryboard: String?
    /// The attributes of a content extension; nil for a service extension.
    public var contentAttributes: ContentExtensionAttributes?
    /// Build variables referenced anywhere in the plist and not defined, sorted (`PRODUCT_NAME`,
    /// or `PRODUCT_NAME:rfc1034identifier` for a reference with a modifier).
    public var unresolvedVariables: [String]
    /// The categories this extension draws, without repeats; empty for a service extension.
    public var categories: [String] { contentAttributes?.categories ?? [] }

    /// The extension `document` describes, read leniently (the rules have checked it): nil unless
    /// it names a notification extension point.
    init?(_ document: ExtensionPlistDocument) {
        guard let top = document.top, let members = document.nsExtension, let point = document.point else {
            return nil
        }
        self.init(file: document.file, point: point)
        bundleIdentifier = top["CFBundleIdentifier"]?.string
        bundleName = top["CFBundleName"]?.string
        bundleDisplayName = top["CFBundleDisplayName"]?.string
        principalClass = members["NSExtensionPrincipalClass"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        mainStoryboard = members["NSExtensionMainStoryboard"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        unresolvedVariables = document.unresolvedVariables
        guard point == .contentExtension, let attributes = document.attributes else { return }
        var categories: [String] = []
        switch attributes["UNNotificationExtensionCategory"] {
        case .string(let identifier)?: categories = [identifier]
        case .array(let entries)?: categories = entries.compactMap(\.string)
        default: break
        }
        var unique: [String] = []
        for category in categories where !category.isEmpty && !unique.contains(category) { unique.append(category) }
        let ratio: Double =
            switch attributes["UNNotificationExtensionInitialContentSizeRatio"] {
            case .integer(let integer)?: Double(integer)
            case .real(let real)?: real
            case .string(let text)?: Double(text.trimmingCharacters(in: .whitespaces)) ?? 1
            default: 1
            }
        func flag(_ key: String) -> Bool {
            switch attributes[key] {
            case .boolean(let value)?: value
            case .integer(let integer)?: integer != 0
            case .real(let real)?: real != 0
            case .string(let text)?: Self.boolValue(text)
            default: false
            }
        }
        contentAttributes = ContentExtensionAttributes(
            categories: unique, initialContentSizeRatio: ratio,
            defaultContentHidden: flag("UNNotificationExtensionDefaultContentHidden"),
            overridesDefaultTitle: flag("UNNotificationExtensionOverridesDefaultTitle"),
            userInteractionEnabled: flag("UNNotificationExtensionUserInteractionEnabled"))
    }

    private init(file: String, point: ExtensionPoint) {
        self.file = file
        self.point = point
        self.unresolvedVariables = []
    }

    /// `NSString.boolValue`: after leading spaces, an optional sign and zeros, true on Y, y, T, t or 1–9.
    static func boolValue(_ text: String) -> Bool {
        var rest = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        guard let first = rest.first else { return false }
        return "YyTt123456789".contains(first)
    }
}
