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
    /// What iOS tolerates or ignores here, in the order the keys are checked.
    public var warnings: [ExtensionConfigWarning]

    /// The categories this extension draws, without repeats; empty for a service extension.
    public var categories: [String] { contentAttributes?.categories ?? [] }

    /// Reads and checks the plist at `url`; `file` in the result and in errors is `url.relativePath`.
    /// - Throws: `ExtensionConfigError` for an unreadable file, a file that is not a plist, and any
    ///   key that would keep the extension from loading.
    public static func load(contentsOf url: URL, variables: BuildVariables = BuildVariables())
        throws(ExtensionConfigError) -> ExtensionConfig
    {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw .unreadable(file: url.relativePath, reason: error.reason)
        }
        return try parse(data, file: url.relativePath, variables: variables)
    }

    /// Reads and checks plist bytes; `file` names them in the result and in errors (`<data>` when
    /// not given).
    /// - Throws: `ExtensionConfigError` as `load(contentsOf:variables:)`.
    public static func parse(
        _ data: Data, file: String = Finding.inMemoryFile, variables: BuildVariables = BuildVariables()
    )
        throws(ExtensionConfigError) -> ExtensionConfig
    {
        let parsed: (value: PropertyValue, format: PropertyValue.FileFormat)
        do {
            parsed = try PropertyValue.parsePropertyList(data)
        } catch {
            throw .notAPropertyList(file: file, reason: error.reason)
        }
        var unresolved: Set<String> = []
        let root = parsed.value.mapStrings { text in
            let expansion = variables.expand(text)
            unresolved.formUnion(expansion.unresolved)
            return expansion.text
        }
        var reader = Reader(file: file, stringsOnly: parsed.format == .openStep)
        var config = try reader.read(root)
        config.unresolvedVariables = unresolved.sorted()
        config.warnings = reader.warnings
        return config
    }

    private init(file: String, point: ExtensionPoint) {
        self.file = file
        self.point = point
        self.unresolvedVariables = []
        self.warnings = []
    }

    /// Walks the expanded plist with type checks, collecting warnings.
    private struct Reader {
        let file: String
        /// True for old-style plists, whose only scalar type is the string.
        let stringsOnly: Bool
        var warnings: [ExtensionConfigWarning] = []

        init(file: String, stringsOnly: Bool) {
            self.file = file
            self.stringsOnly = stringsOnly
        }

        mutating func read(_ root: PropertyValue) throws(ExtensionConfigError) -> ExtensionConfig {
            guard let top = root.dictionary else {
                throw .wrongType(
                    file: file, keyPath: "", expected: "a dictionary at the top level", found: root.summary)
            }
            guard let extensionValue = top["NSExtension"] else { throw .notAnExtension(file: file) }
            let extensionPath = KeyPath.root / "NSExtension"
            guard let nsExtension = extensionValue.dictionary else {
                throw .wrongType(
                    file: file, keyPath: extensionPath.description, expected: "a dictionary",
                    found: extensionValue.summary)
            }
            let pointPath = extensionPath / "NSExtensionPointIdentifier"
            guard let pointValue = nsExtension["NSExtensionPointIdentifier"] else {
                throw .missingKey(
                    file: file, keyPath: pointPath.description, expected: "a notification extension point identifier")
            }
            let pointName = try string(pointValue, at: pointPath)
            guard let point = ExtensionPoint(rawValue: pointName) else {
                throw .unknownExtensionPoint(file: file, keyPath: pointPath.description, found: pointName)
            }

            var config = ExtensionConfig(file: file, point: point)
            config.bundleIdentifier = try optionalString(top, "CFBundleIdentifier", at: .root)
            config.bundleName = try optionalString(top, "CFBundleName", at: .root)
            config.bundleDisplayName = try optionalString(top, "CFBundleDisplayName", at: .root)
            config.principalClass = try optionalString(
                nsExtension, "NSExtensionPrincipalClass", at: extensionPath, nonEmpty: true)
            config.mainStoryboard = try optionalString(
                nsExtension, "NSExtensionMainStoryboard", at: extensionPath, nonEmpty: true)

            for key in nsExtension.keys.sorted() where ContentExtensionAttributes.documentedKeys.contains(key) {
                warnings.append(.attributeOutsideAttributes(file: file, keyPath: (extensionPath / key).description))
            }
            let attributesPath = extensionPath / "NSExtensionAttributes"
            switch point {
            case .contentExtension:
                switch (config.mainStoryboard, config.principalClass) {
                case (.some, .some): throw .entryPoint(file: file, keyPath: extensionPath.description, bothSet: true)
                case (nil, nil): throw .entryPoint(file: file, keyPath: extensionPath.description, bothSet: false)
                default: break
                }
                guard let attributesValue = nsExtension["NSExtensionAttributes"] else {
                    throw .missingKey(
                        file: file, keyPath: attributesPath.description,
                        expected:
                            "a dictionary with UNNotificationExtensionCategory and UNNotificationExtensionInitialContentSizeRatio"
                    )
                }
                guard let attributes = attributesValue.dictionary else {
                    throw .wrongType(
                        file: file, keyPath: attributesPath.description, expected: "a dictionary",
                        found: attributesValue.summary)
                }
                config.contentAttributes = try contentAttributes(attributes, at: attributesPath)
            case .serviceExtension:
                if config.principalClass == nil {
                    throw .missingKey(
                        file: file, keyPath: (extensionPath / "NSExtensionPrincipalClass").description,
                        expected: "the class of the service extension")
                }
                if nsExtension["NSExtensionAttributes"] != nil {
                    warnings.append(.attributesIgnored(file: file, keyPath: attributesPath.description))
                }
            }
            return config
        }

        private mutating func contentAttributes(
            _ attributes: [String: PropertyValue], at path: KeyPath
        ) throws(ExtensionConfigError) -> ContentExtensionAttributes {
            let categoryPath = path / "UNNotificationExtensionCategory"
            guard let categoryValue = attributes["UNNotificationExtensionCategory"] else {
                throw .missingKey(
                    file: file, keyPath: categoryPath.description, expected: "a category identifier or an array of them"
                )
            }
            let ratioPath = path / "UNNotificationExtensionInitialContentSizeRatio"
            guard let ratioValue = attributes["UNNotificationExtensionInitialContentSizeRatio"] else {
                throw .missingKey(
                    file: file, keyPath: ratioPath.description, expected: "a positive number (height ÷ width)")
            }
            let result = ContentExtensionAttributes(
                categories: try categories(categoryValue, at: categoryPath),
                initialContentSizeRatio: try ratio(ratioValue, at: ratioPath),
                defaultContentHidden: try boolean(attributes, "UNNotificationExtensionDefaultContentHidden", at: path),
                overridesDefaultTitle: try boolean(
                    attributes, "UNNotificationExtensionOverridesDefaultTitle", at: path),
                userInteractionEnabled: try boolean(
                    attributes, "UNNotificationExtensionUserInteractionEnabled", at: path))
            for key in attributes.keys.sorted()
            where key.hasPrefix("UNNotification") && !ContentExtensionAttributes.documentedKeys.contains(key) {
                warnings.append(
                    .unknownAttribute(
                        file: file, keyPath: (path / key).description,
                        suggestion: Suggester.suggestion(for: key, among: ContentExtensionAttributes.documentedKeys))
                )
            }
            return result
        }

        private mutating func categories(_ value: PropertyValue, at path: KeyPath) throws(ExtensionConfigError)
            -> [String]
        {
            let expected = "a non-empty category identifier or a non-empty array of them"
            let entries: [(String, KeyPath)]
            switch value {
            case .string(let identifier):
                entries = [(identifier, path)]
            case .array(let values):
                guard !values.isEmpty else {
                    throw .invalidValue(file: file, keyPath: path.description, expected: expected, found: value.summary)
                }
                var strings: [(String, KeyPath)] = []
                for (index, element) in values.enumerated() {
                    strings.append((try string(element, at: path[index]), path[index]))
                }
                entries = strings
            default:
                throw .wrongType(file: file, keyPath: path.description, expected: expected, found: value.summary)
            }
            var seen: [String] = []
            for (identifier, entryPath) in entries {
                guard !identifier.isEmpty else {
                    throw .invalidValue(
                        file: file, keyPath: entryPath.description, expected: "a category identifier",
                        found: "empty string")
                }
                if seen.contains(identifier) {
                    warnings.append(.repeatedCategory(file: file, keyPath: entryPath.description, category: identifier))
                } else {
                    seen.append(identifier)
                }
            }
            return seen
        }

        private mutating func ratio(_ value: PropertyValue, at path: KeyPath) throws(ExtensionConfigError) -> Double {
            let expected = "a positive number (height ÷ width)"
            let number: Double
            switch value {
            case .integer(let integer):
                number = Double(integer)
            case .real(let real):
                number = real
            case .string(let text):
                guard let parsed = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    throw .wrongType(file: file, keyPath: path.description, expected: expected, found: value.summary)
                }
                number = parsed
                if !stringsOnly {
                    warnings.append(
                        .notANumber(file: file, keyPath: path.description, found: value.summary, readAs: parsed))
                }
            default:
                throw .wrongType(file: file, keyPath: path.description, expected: expected, found: value.summary)
            }
            guard number.isFinite, number > 0 else {
                throw .invalidValue(file: file, keyPath: path.description, expected: expected, found: value.summary)
            }
            return number
        }

        /// An optional boolean attribute, false when absent. Strings and numbers are read as
        /// `boolValue` reads them, with a warning.
        private mutating func boolean(
            _ dictionary: [String: PropertyValue], _ key: String, at parent: KeyPath
        ) throws(ExtensionConfigError) -> Bool {
            let path = parent / key
            guard let value = dictionary[key] else { return false }
            let result: Bool
            switch value {
            case .boolean(let flag): return flag
            case .integer(let integer): result = integer != 0
            case .real(let real): result = real != 0
            case .string(let text):
                result = Self.boolValue(text)
                if stringsOnly { return result }
            default:
                throw .wrongType(
                    file: file, keyPath: path.description, expected: "<true/> or <false/>", found: value.summary)
            }
            warnings.append(.notABoolean(file: file, keyPath: path.description, found: value.summary, readAs: result))
            return result
        }

        private func string(_ value: PropertyValue, at path: KeyPath) throws(ExtensionConfigError) -> String {
            guard let text = value.string else {
                throw .wrongType(file: file, keyPath: path.description, expected: "a string", found: value.summary)
            }
            return text
        }

        private func optionalString(
            _ dictionary: [String: PropertyValue], _ key: String, at parent: KeyPath, nonEmpty: Bool = false
        ) throws(ExtensionConfigError) -> String? {
            guard let value = dictionary[key] else { return nil }
            let text = try string(value, at: parent / key)
            if nonEmpty && text.isEmpty {
                throw .invalidValue(
                    file: file, keyPath: (parent / key).description, expected: "a name", found: "empty string")
            }
            return text
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
}
