extension Rules {
    /// An empty aps dictionary: the push shows nothing, plays nothing and wakes nothing (but for a
    /// VoIP or Push to Talk push, whose payload goes to the app).
    public enum ApsEmpty: PayloadRule {
        /// This rule's id (`aps-empty`), default severity (warning), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-empty", severity: .warning, area: .payload,
            summary: "An empty aps dictionary: the push shows nothing, plays nothing and wakes nothing.")

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let aps = payload.payload?.aps, aps == APSDictionary(), payload.pushType?.isForTheAppAlone != true
            else { return [] }
            return [
                Finding(
                    rule: descriptor, message: "aps is empty: the push shows nothing and wakes nothing",
                    file: payload.file,
                    keyPath: "aps")
            ]
        }
    }
}
