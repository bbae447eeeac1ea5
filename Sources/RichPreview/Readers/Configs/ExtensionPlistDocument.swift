import Foundation

/// An extension `Info.plist` as read, for the plist rules (`Rules/Plist/`) to check: its raw values
/// with build variables expanded, the variables left unresolved, its format, and where its keys
/// are written. Reading decides nothing about what the values mean.
struct ExtensionPlistDocument {
    /// The plist's path as given, or the name of bytes in memory.
    var file: String
    /// Why the file could not be read as a property list, or nil when it was.
    enum ReadFailure: Equatable {
        /// The file could not be read (missing, a folder, too large): the system's reason.
        case unreadable(String)
        /// The bytes are not an XML, binary or old-style property list: the parser's reason.
        case notAPropertyList(String)
    }

    var readFailure: ReadFailure?
    /// The form it was written in.
    var format: PropertyValue.FileFormat = .xml
    /// The whole plist, its strings with `$(VAR)` expanded where the variable is defined.
    var root: PropertyValue = .dictionary([:])
    /// Build variables referenced and not defined, sorted (`PRODUCT_NAME`, or
    /// `PRODUCT_NAME:rfc1034identifier` for a reference with a modifier).
    var unresolvedVariables: [String] = []
    /// Build variables referenced by a value whose expansion passed `BuildVariables`' limits
    /// (that value is left as written), sorted; not in `unresolvedVariables`.
    var variablesOverLimit: [String] = []
    /// Keys written twice in one dictionary of an XML plist (the reader keeps the last), with the
    /// line of the repeat.
    var duplicateKeys: [(keyPath: String, line: Int)] = []
    /// Where each key is written (XML plists by line; other forms place nothing).
    var sourceMap: SourceMap?
    /// Whether the plist was found in a tree (lint's walk, a folder given to `--extensions`)
    /// rather than named as a notification extension's: a project holds other extensions too.
    var foundInTree = false

    /// Old-style plists hold only strings: a boolean or a number written as text is all they can say.
    var stringsOnly: Bool { format == .openStep }

    /// The top-level dictionary, or nil when the top level is something else (or nothing was read).
    var top: [String: PropertyValue]? { readFailure == nil ? root.dictionary : nil }

    /// `NSExtension`, when it is a dictionary.
    var nsExtension: [String: PropertyValue]? { top?["NSExtension"]?.dictionary }

    /// `NSExtensionPointIdentifier`, when it is a string.
    var pointName: String? { nsExtension?["NSExtensionPointIdentifier"]?.string }

    /// The notification extension point named, or nil (missing, not a string, another point).
    var point: ExtensionPoint? { pointName.flatMap(ExtensionPoint.init(rawValue:)) }

    /// Whether the plist means to be a notification extension's: it names a notification
    /// extension point, a point under `com.apple.usernotifications` (perhaps misspelt), or has a
    /// `UNNotificationExtension…` key in `NSExtension` or its attributes. A widget's, a share
    /// extension's or an intents extension's plist does not.
    var meansNotificationExtension: Bool {
        let topPoint = top?["NSExtensionPointIdentifier"]?.string
        for name in [pointName, topPoint].compactMap({ $0?.lowercased() })
        where name.contains("usernotification") || name.contains("notifications.") {
            return true
        }
        let topAttributes = top?["NSExtensionAttributes"]?.dictionary ?? [:]
        let keys = Array((nsExtension ?? [:]).keys) + Array((attributes ?? [:]).keys) + Array(topAttributes.keys)
        return keys.contains { $0.hasPrefix("UNNotificationExtension") }
    }

    /// The keys of `NSExtension` written at the top level of the plist instead of inside it
    /// (`NSExtensionPointIdentifier`, `NSExtensionAttributes`, …), sorted: iOS never reads them there.
    var extensionKeysAtTopLevel: [String] {
        (top ?? [:]).keys.filter(Self.extensionKeys.contains).sorted()
    }

    /// The keys that belong in `NSExtension`.
    static let extensionKeys: Set<String> = [
        "NSExtensionPointIdentifier", "NSExtensionAttributes", "NSExtensionPrincipalClass", "NSExtensionMainStoryboard",
    ]

    /// `NSExtensionAttributes`, when it is a dictionary.
    var attributes: [String: PropertyValue]? { nsExtension?["NSExtensionAttributes"]?.dictionary }

    static let extensionPath = KeyPath.root / "NSExtension"
    static let pointPath = extensionPath / "NSExtensionPointIdentifier"
    static let attributesPath = extensionPath / "NSExtensionAttributes"
    static let categoryPath = attributesPath / "UNNotificationExtensionCategory"
    static let ratioPath = attributesPath / "UNNotificationExtensionInitialContentSizeRatio"

    /// The boolean content-extension attributes, whose absence means false.
    static let booleanAttributes = [
        "UNNotificationExtensionDefaultContentHidden", "UNNotificationExtensionOverridesDefaultTitle",
        "UNNotificationExtensionUserInteractionEnabled",
    ]

    /// Reads plist bytes, expanding the build variables in every string; `foundInTree` for a plist
    /// a walk found rather than one named as a notification extension's.
    static func read(_ data: Data, file: String, variables: BuildVariables, foundInTree: Bool = false)
        -> ExtensionPlistDocument
    {
        var document = ExtensionPlistDocument(file: file)
        document.foundInTree = foundInTree
        let parsed: (value: PropertyValue, format: PropertyValue.FileFormat)
        do {
            parsed = try PropertyValue.parsePropertyList(data)
        } catch {
            document.readFailure = .notAPropertyList(error.reason)
            return document
        }
        var unresolved: Set<String> = []
        var overLimit: Set<String> = []
        document.root = parsed.value.mapStrings { text in
            let expansion = variables.expansion(of: text)
            if expansion.isOverLimit {
                overLimit.formUnion(expansion.unresolved)
            } else {
                unresolved.formUnion(expansion.unresolved)
            }
            return expansion.text
        }
        document.format = parsed.format
        document.unresolvedVariables = unresolved.subtracting(overLimit).sorted()
        document.variablesOverLimit = overLimit.sorted()
        document.sourceMap = SourceMap(propertyList: data)
        document.duplicateKeys = PlistKeyLocator.duplicates(in: [UInt8](data))
        return document
    }
}
