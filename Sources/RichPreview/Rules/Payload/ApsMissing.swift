extension Rules {
    /// A payload without an aps dictionary (allowed only for VoIP and Push to Talk pushes, which go to the app).
    public enum ApsMissing: PayloadRule {
        /// This rule's id (`aps-missing`), default severity (error), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-missing", severity: .error, area: .payload,
            summary:
                "A payload without an aps dictionary (allowed only for VoIP and Push to Talk pushes, which go to the app)."
        )

        /// A payload read whole whose top level has no `aps`, unless it is sent as a VoIP or Push to
        /// Talk push.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard payload.readFailure == nil, payload.pushType?.isForTheAppAlone != true, payload.members["aps"] == nil
            else {
                return []
            }
            let misspelt = payload.members.keys.sorted().first { $0 != "aps" && $0.lowercased() == "aps" }
            return [
                Finding(
                    rule: descriptor,
                    message: misspelt.map {
                        "missing: expected an 'aps' dictionary; '\($0)' is not it (keys are case-sensitive)"
                    } ?? "missing: expected an 'aps' dictionary",
                    file: payload.file, keyPath: "aps", suggestion: misspelt == nil ? nil : "aps")
            ]
        }
    }
}
