extension Rules {
    /// title-loc-args, subtitle-loc-args or loc-args without their loc-key: the arguments are
    /// never used.
    public enum LocArgsWithoutKey: PayloadRule {
        /// This rule's id (`loc-args-without-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "loc-args-without-key", severity: .warning, area: .payload,
            summary:
                "title-loc-args, subtitle-loc-args or loc-args without their loc-key: the arguments are never used.")

        /// Alert dictionaries (of the payload and a nested one) with arguments but not their key.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.flatMap { scope -> [Finding] in
                guard let alert = scope.payload.aps?.alert else { return [] }
                let argumentsAndKeys = [
                    ("title-loc-args", alert.titleLocArgs, alert.titleLocKey, "title-loc-key"),
                    ("subtitle-loc-args", alert.subtitleLocArgs, alert.subtitleLocKey, "subtitle-loc-key"),
                    ("loc-args", alert.locArgs, alert.locKey, "loc-key"),
                ]
                return argumentsAndKeys.compactMap { argumentsKey, arguments, locKey, locKeyName in
                    guard arguments != nil, locKey == nil else { return nil }
                    return Finding(
                        rule: descriptor, message: "arguments without '\(locKeyName)' are not used", file: payload.file,
                        keyPath: PayloadDocument.path(scope.prefix, "aps.alert.\(argumentsKey)"))
                }
            }
        }
    }
}
