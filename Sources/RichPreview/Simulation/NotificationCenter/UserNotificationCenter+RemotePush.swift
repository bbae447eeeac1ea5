extension UserNotificationCenter {
    /// Feeds a remote push to the device at the current time and delivers what it shows, the way
    /// seed 002's technique does: a regular push is shown by iOS; a silent push's notification
    /// nested under a custom key, and a VoIP payload, become local notifications the app schedules;
    /// widget, control, location, Push to Talk, complication, File Provider and MDM pushes show none.
    /// A later push with the same identifier (the custom key `identifierKey`, inside the nested
    /// payload for the silent form) replaces the earlier notification.
    /// A regular push the user has allowed none of shows nothing (its route says so).
    /// - Throws: `NotificationCenterError.invalidIdentifier` for an id that is not a string or whole
    ///   number; `.notAuthorized` when the app may not schedule the local notification.
    public mutating func receive(
        _ payload: APNsPayload, pushType: PushType, identifierKey: String = "id"
    ) throws(NotificationCenterError) -> RemoteReceipt {
        remotePushCount += 1
        let route: RemoteReceipt.Route
        let source: APNsPayload
        let keyPrefix: String
        if [.widgets, .controls, .location, .pushtotalk, .complication, .fileprovider, .mdm].contains(pushType) {
            // The system hands these to a widget, control, extension or framework; no notification shows.
            return RemoteReceipt(route: .silent, identifier: "notification-\(remotePushCount)", delivered: nil)
        } else if pushType == .voip {
            (route, source, keyPrefix) = (.scheduledFromVoIP, payload, "")
        } else if payload.isSilent {
            guard let nested = payload.nested else {
                return RemoteReceipt(route: .silent, identifier: "notification-\(remotePushCount)", delivered: nil)
            }
            (route, source, keyPrefix) = (
                .scheduledFromNestedPayload(key: nested.key), nested.payload, nested.key + "."
            )
        } else {
            (route, source, keyPrefix) = (.shownByIOS, payload, "")
        }
        let id = try identifier(in: source, key: identifierKey, prefix: keyPrefix)
        var notification = LocalNotification(remotePayload: source, identifier: id, fireDate: now)
        guard !notification.requestedAuthorization.isEmpty else {
            return RemoteReceipt(route: .nothingToShow, identifier: id, delivered: nil)
        }
        if route == .shownByIOS {
            let allowed = notification.requestedAuthorization.intersection(authorization)
            guard !allowed.isEmpty, allowed.contains(.alert) || !notification.hasAlert else {
                return RemoteReceipt(
                    route: .notAllowed(missing: notification.requestedAuthorization.subtracting(authorization)),
                    identifier: id, delivered: nil, notification: notification)
            }
            if !allowed.contains(.sound) { notification.sound = nil }
            if !allowed.contains(.badge) { notification.badge = nil }
            let shown = show(notification, at: now, replacedCount: 0)
            return RemoteReceipt(
                route: route, identifier: id, delivered: notification.hasAlert ? shown : nil, notification: notification
            )
        }
        try add(notification)
        let shown = advance(to: now).last { $0.notification.identifier == id && $0.notification.hasAlert }
        return RemoteReceipt(route: route, identifier: id, delivered: shown, notification: notification)
    }

    private func identifier(in payload: APNsPayload, key: String, prefix: String) throws(NotificationCenterError)
        -> String
    {
        guard let value = payload.custom[key] else { return "notification-\(remotePushCount)" }
        if case .string(let text) = value, !text.isEmpty { return text }
        if let number = value.integerValue { return String(number) }
        throw .invalidIdentifier(keyPath: prefix + key, found: value.jsonSummary)
    }
}
