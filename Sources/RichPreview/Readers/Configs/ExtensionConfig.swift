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

    /// Reads and checks the plist at `url`; `file` in the result and in errors is `url.relativePath`.
    /// - Throws: `ExtensionConfigError` for an unreadable file, a file that is not a plist, and any
    ///   key that would keep the extension from loading (with every finding of the file).
    public static func load(contentsOf url: URL, variables: BuildVariables = BuildVariables())
        throws(ExtensionConfigError) -> ExtensionConfig
    {
        try checked(url: url, variables: variables).get()
    }

    /// Reads and checks plist bytes; `file` names them in the result and in errors (`<data>` when
    /// not given).
    /// - Throws: `ExtensionConfigError` as `load(contentsOf:variables:)`.
    public static func parse(
        _ data: Data, file: String = Finding.inMemoryFile, variables: BuildVariables = BuildVariables()
    ) throws(ExtensionConfigError) -> ExtensionConfig {
        try check(data, file: file, variables: variables).get()
    }

    /// Reads plist bytes and runs every plist rule (`Rules/Plist/`) on them: every finding, placed
    /// at its key, and the extension when it loads (no finding is an error).
    public static func check(
        _ data: Data, file: String = Finding.inMemoryFile, variables: BuildVariables = BuildVariables()
    ) -> ExtensionPlistReport {
        check(ExtensionPlistDocument.read(data, file: file, variables: variables))
    }

    /// Checks a plist a walk found in a project (`foundInTree`): another kind of extension's plist
    /// (a widget's, a share extension's) is no finding, only not a notification extension.
    static func check(foundInTree data: Data, file: String, variables: BuildVariables) -> ExtensionPlistReport {
        check(ExtensionPlistDocument.read(data, file: file, variables: variables, foundInTree: true))
    }

    /// The report for the plist file at `url`, read within the configuration file limit.
    static func checked(url: URL, variables: BuildVariables, foundInTree: Bool = false) -> ExtensionPlistReport {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            return unreadableReport(file: url.relativePath, reason: error.reason)
        }
        return check(
            ExtensionPlistDocument.read(data, file: url.relativePath, variables: variables, foundInTree: foundInTree))
    }

    /// The report for a plist file that could not be read at all, for `reason` (the system's).
    static func unreadableReport(file: String, reason: String) -> ExtensionPlistReport {
        var document = ExtensionPlistDocument(file: file)
        document.readFailure = .unreadable(reason)
        return check(document)
    }

    /// What the plist rules find in `document`, and the extension it describes when it loads.
    static func check(_ document: ExtensionPlistDocument) -> ExtensionPlistReport {
        var findings = Rules.check(document)
        if let map = document.sourceMap { findings = map.place(findings) }
        let loads = !findings.contains { $0.severity == .error }
        return ExtensionPlistReport(
            file: document.file, config: loads ? ExtensionConfig(document) : nil, findings: findings,
            isExtensionPlist: document.top.map { $0["NSExtension"] != nil } ?? true,
            isNotificationExtension: document.readFailure != nil || document.meansNotificationExtension)
    }

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

/// What reading and checking one extension `Info.plist` found: the extension when it loads, and
/// every finding of the plist rules, placed at its key.
public struct ExtensionPlistReport: Sendable, Equatable {
    /// The plist as it was named.
    public var file: String
    /// The extension; nil when a finding is an error (iOS would not load it) or it is no
    /// notification extension.
    public var config: ExtensionConfig?
    /// Every finding, errors and warnings.
    public var findings: [Finding]
    /// False only for a plist that reads and has no `NSExtension` key (an app's own Info.plist, a
    /// settings bundle); true for one that cannot be read, which may have been an extension's.
    public var isExtensionPlist: Bool
    /// Whether it is (or means to be) a notification extension's, rather than a widget's, a share
    /// extension's or another extension's; true for one that cannot be read.
    public var isNotificationExtension: Bool = true

    /// The extension, or the error that keeps it from loading.
    func get() throws(ExtensionConfigError) -> ExtensionConfig {
        if let config { return config }
        throw ExtensionConfigError(findings: findings, isExtensionPlist: isExtensionPlist)
    }
}
