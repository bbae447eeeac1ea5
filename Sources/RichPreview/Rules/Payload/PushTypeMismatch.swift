extension Rules {
    /// A payload that does not fit the apns-push-type it is sent with.
    public enum PushTypeMismatch: PayloadRule {
        /// This rule's id (`push-type-mismatch`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "push-type-mismatch", severity: .warning, area: .payload,
            summary: "A payload that does not fit the apns-push-type it is sent with.")

        /// A payload that does not fit the push type given with it (none given: nothing to compare).
        static func check(_ payload: PayloadDocument) -> [Finding] {
            if payload.readFailure == nil, let pushType = payload.pushType,
                pushType == .fileprovider || pushType == .mdm
            {
                return topLevelReasons(payload.members, pushType).map {
                    Finding(
                        rule: descriptor, message: "\($0.reason) (push type \(pushType.rawValue))", file: payload.file,
                        keyPath: $0.keyPath)
                }
            }
            // Live Activity keys need their companions whether or not the push type is given.
            guard let aps = payload.payload?.aps,
                let pushType = payload.pushType ?? (aps.isLiveActivity ? .liveactivity : nil)
            else { return [] }
            let visible = aps.visibleKeys
            var reasons: [String] = []
            switch pushType {
            case .background:
                if !visible.isEmpty {
                    reasons.append("a background push must not carry \(visible.joined(separator: ", "))")
                }
                if !aps.contentAvailable { reasons.append("a background push needs content-available: 1") }
            case .alert:
                if aps.contentAvailable && visible.isEmpty {
                    reasons.append("a silent push should be sent with push type background")
                }
                if aps.isLiveActivity { reasons.append("Live Activity keys are read only with push type liveactivity") }
                if aps.contentChanged {
                    reasons.append("content-changed is read only with push type widgets or controls")
                }
            case .liveactivity:
                reasons += liveActivityReasons(aps)
            case .widgets, .controls:
                if !aps.contentChanged { reasons.append("a \(pushType.rawValue) push needs content-changed: true") }
                let others =
                    (payload.members["aps"].flatMap { if case .dictionary(let m) = $0 { return m } else { return nil } }
                    ?? [:])
                    .keys.filter { $0 != "content-changed" }.sorted()
                if !others.isEmpty {
                    reasons.append(
                        "a \(pushType.rawValue) push carries content-changed alone, not \(others.joined(separator: ", "))"
                    )
                }
            case .voip, .location, .pushtotalk, .complication, .fileprovider, .mdm:
                break
            }
            return reasons.map {
                Finding(
                    rule: descriptor, message: "\($0) (push type \(pushType.rawValue))", file: payload.file,
                    keyPath: "aps")
            }
        }

        /// What a File Provider or MDM push's body lacks or has too many of. A File Provider push
        /// is `{"container-identifier": ITEM, "domain": DOMAIN}` (Apple's "Using push notifications
        /// to signal changes"); an MDM push is `{"mdm": PUSH_MAGIC}` and nothing else (Apple's
        /// "Sending MDM commands to a device").
        private static func topLevelReasons(_ members: [String: PropertyValue], _ pushType: PushType) -> [(
            reason: String, keyPath: String?
        )] {
            func isText(_ key: String) -> Bool {
                if case .string(let text) = members[key] { return !text.isEmpty }
                return false
            }
            let needed = pushType == .mdm ? ["mdm"] : ["container-identifier", "domain"]
            var reasons: [(reason: String, keyPath: String?)] = needed.filter { !isText($0) }.map {
                (
                    "\(pushType == .mdm ? "an" : "a") \(pushType.rawValue) push needs '\($0)', a non-empty string, at the top level",
                    members[$0] == nil ? nil : $0
                )
            }
            if pushType == .mdm {
                let others = members.keys.filter { $0 != "mdm" }.sorted()
                if let first = others.first {
                    reasons.append(
                        (
                            "an mdm push carries its PushMagic under 'mdm' alone, not \(others.joined(separator: ", "))",
                            first
                        ))
                }
            } else if members["aps"] != nil {
                reasons.append(
                    ("a fileprovider push signals the extension alone: iOS shows nothing of an 'aps'", "aps"))
            }
            return reasons
        }

        /// What a Live Activity push lacks: Apple requires `timestamp` and `event`, `content-state`
        /// for a start or an update, and `attributes-type` with `attributes` for a start.
        private static func liveActivityReasons(_ aps: APSDictionary) -> [String] {
            var reasons: [String] = []
            guard let event = aps.event else { return ["a liveactivity push needs event: start, update or end"] }
            if aps.timestamp == nil { reasons.append("a liveactivity push needs timestamp (UNIX seconds)") }
            if event != .end, aps.contentState == nil {
                reasons.append("a liveactivity \(event.rawValue) needs content-state")
            }
            if event == .start, aps.attributesType == nil || aps.attributes == nil {
                reasons.append("a liveactivity start needs attributes-type and attributes")
            }
            if event == .start, aps.alert == nil {
                reasons.append("a liveactivity start carries an alert, which the person sees as the activity appears")
            }
            if event != .start, aps.attributesType != nil || aps.inputPushToken || aps.inputPushChannel != nil {
                reasons.append("attributes-type, input-push-token and input-push-channel belong to a start only")
            }
            return reasons
        }
    }
}
