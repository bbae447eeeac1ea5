import Foundation

extension LocalNotification {
    /// The local notification an app builds from a remote payload (spec §4.1, after
    /// UILocalNotification-RemotePayload): an alert string is the body; `title-loc-key`,
    /// `subtitle-loc-key` and `loc-key` with their arguments override title, subtitle and body;
    /// `badge: 0` removes the badge; the sound, category and thread are copied; custom keys become
    /// the user info. A payload without a sound stays silent. A key is looked up in `strings`, the
    /// app's `Localizable` table; a key it lacks (or any, without a table) is shown as written.
    public init(
        remotePayload payload: APNsPayload, identifier: String, fireDate: Date, strings: LocalizedStrings? = nil
    ) {
        let aps = payload.aps ?? APSDictionary()
        let alert = aps.alert ?? PayloadAlert()
        func localized(_ key: String?, _ arguments: [String]?, or plain: String?) -> String? {
            guard let key else { return plain }
            return strings?.text(forKey: key, arguments: arguments ?? [])
                ?? LocalizationFormat.format(key, arguments ?? [])
        }
        let actionTitle: String? = if case .key(let key)? = alert.actionLocKey { key } else { nil }
        self.init(
            identifier: identifier, fireDate: fireDate, categoryIdentifier: aps.category,
            title: localized(alert.titleLocKey, alert.titleLocArgs, or: alert.title),
            subtitle: localized(alert.subtitleLocKey, alert.subtitleLocArgs, or: alert.subtitle),
            body: localized(alert.locKey, alert.locArgs, or: alert.body),
            badge: aps.badge.map { $0 == 0 ? .remove : .set($0) }, sound: aps.sound, threadIdentifier: aps.threadID,
            alertAction: actionTitle, launchImage: alert.launchImage, userInfo: payload.custom)
    }
}
