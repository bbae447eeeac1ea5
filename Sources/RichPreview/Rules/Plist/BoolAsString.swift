extension Rules {
    /// A boolean attribute (DefaultContentHidden, OverridesDefaultTitle,
    /// UserInteractionEnabled) written as a string or number instead of <true/> or <false/>.
    public enum BoolAsString: ExtensionPlistRule {
        /// This rule's id (`bool-as-string`), default severity (warning), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "bool-as-string", severity: .warning, area: .plist,
            summary:
                "A boolean attribute (DefaultContentHidden, OverridesDefaultTitle, UserInteractionEnabled) written as a string or number instead of <true/> or <false/>.",
            causes: [notBoolean])

        /// A boolean attribute that is neither a boolean, a number nor a string: iOS cannot read it.
        static let notBoolean = RuleDescriptor.Cause(
            id: "not-boolean", severity: .error,
            summary: "A boolean attribute that is an array, a dictionary, a date or data, which iOS cannot read as one."
        )

        /// The boolean attributes of a content extension written as numbers or (in XML and binary
        /// plists) strings, which iOS reads as `boolValue` does (a warning), or as anything else (an
        /// error).
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point == .contentExtension, let attributes = plist.attributes else { return [] }
            return ExtensionPlistDocument.booleanAttributes.compactMap { key in
                guard let value = attributes[key] else { return nil }
                let path = (ExtensionPlistDocument.attributesPath / key).description
                let readAs: Bool
                switch value {
                case .boolean: return nil
                case .integer(let integer): readAs = integer != 0
                case .real(let real): readAs = real != 0
                case .string(let text):
                    guard !plist.stringsOnly else { return nil }
                    readAs = ExtensionConfig.boolValue(text)
                default:
                    return Finding(
                        rule: descriptor, cause: notBoolean,
                        message: "expected <true/> or <false/>, found \(value.summary)", file: plist.file, keyPath: path
                    )
                }
                return Finding(
                    rule: descriptor,
                    message: "expected <true/> or <false/>, found \(value.summary) (read as \(readAs))",
                    file: plist.file, keyPath: path)
            }
        }
    }
}
