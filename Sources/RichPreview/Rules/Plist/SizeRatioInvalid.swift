extension Rules {
    /// UNNotificationExtensionInitialContentSizeRatio missing, negative or not a number; a warning
    /// for one written as a string, a note for 0 (the area starts with no height).
    public enum SizeRatioInvalid: ExtensionPlistRule {
        /// This rule's id (`size-ratio-invalid`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "size-ratio-invalid", severity: .error, area: .plist,
            summary:
                "UNNotificationExtensionInitialContentSizeRatio missing, negative or not a number.",
            causes: [numberAsString, zero])

        /// A number written as a string in an XML or binary plist: iOS reads it, a warning.
        static let numberAsString = RuleDescriptor.Cause(
            id: "number-as-string", severity: .warning,
            summary: "A number written as a string in an XML or binary plist: iOS reads it as the number.")
        /// A ratio of 0: a note, since apps that set preferredContentSize ship with it.
        static let zero = RuleDescriptor.Cause(
            id: "zero", severity: .note,
            summary: "0: the area starts with no height until the extension sets preferredContentSize.")

        /// The ratio of a content extension: missing, not a number, not positive, or (a warning) a
        /// number written as a string in an XML or binary plist.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point == .contentExtension, let attributes = plist.attributes else { return [] }
            let path = ExtensionPlistDocument.ratioPath.description
            let expected = "a positive number (height ÷ width)"
            guard let value = attributes["UNNotificationExtensionInitialContentSizeRatio"] else {
                return [finding(plist, "missing: expected \(expected)", at: path)]
            }
            let number: Double
            var findings: [Finding] = []
            switch value {
            case .integer(let integer):
                number = Double(integer)
            case .real(let real):
                number = real
            case .string(let text):
                guard let parsed = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    return [finding(plist, "expected \(expected), found \(value.summary)", at: path)]
                }
                number = parsed
                if !plist.stringsOnly {
                    findings.append(
                        finding(
                            plist,
                            "expected <real> or <integer>, found \(value.summary) (read as \(NumberText.format(parsed)))",
                            at: path, cause: numberAsString))
                }
            default:
                return [finding(plist, "expected \(expected), found \(value.summary)", at: path)]
            }
            // 0 is only the initial size: apps that set `preferredContentSize` ship with it.
            if number == 0 {
                return findings + [
                    finding(
                        plist,
                        "0: the extension's area starts with no height until the extension sets preferredContentSize",
                        at: path, cause: zero)
                ]
            }
            guard number.isFinite, number > 0 else {
                return [finding(plist, "expected \(expected), found \(value.summary)", at: path)]
            }
            return findings
        }

        private static func finding(
            _ plist: ExtensionPlistDocument, _ message: String, at keyPath: String, cause: RuleDescriptor.Cause? = nil
        ) -> Finding {
            Finding(rule: descriptor, cause: cause, message: message, file: plist.file, keyPath: keyPath)
        }
    }
}
