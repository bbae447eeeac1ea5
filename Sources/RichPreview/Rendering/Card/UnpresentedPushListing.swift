import Foundation

/// What a card lists for a push iOS presents no notification for: a Live Activity's start, update
/// or end with the content state it carries (the activity's own view, drawn by the app's SwiftUI,
/// is not imitated), a widget or control reload, and a background push with the keys it hands the
/// app. The title says what the push is, the subtitle that no notification appears and what iOS
/// does instead, the body the values, one `key: value` line each.
enum UnpresentedPushListing {
    /// The texts of the card of `payload`, or nil when iOS presents it (it has alert text) or it is
    /// none of these kinds.
    static func texts(for payload: APNsPayload) -> (title: String, subtitle: String, body: String?)? {
        guard let aps = payload.aps, !hasAlertText(aps.alert) else { return nil }
        if aps.isLiveActivity {
            let event = aps.event ?? .update
            let title =
                event == .start
                ? "Live Activity start" + (aps.attributesType.map { ": \($0)" } ?? "")
                : "Live Activity \(event.rawValue)"
            let redrawn =
                event == .end ? "the activity shows its final state until it is dismissed" : "the activity is redrawn"
            return (title, "No notification: \(redrawn)", lines(aps.contentState ?? [:]))
        }
        if aps.contentChanged {
            return ("Widget or control reload", "No notification: the app's widgets and controls reload", nil)
        }
        if payload.isSilent {
            return ("Background push", "No notification: the app is woken in the background", lines(payload.custom))
        }
        return nil
    }

    /// Whether iOS presents no notification for `payload`: one of the kinds `texts(for:)` lists.
    static func presentsNoNotification(_ payload: APNsPayload) -> Bool { texts(for: payload) != nil }

    private static func hasAlertText(_ alert: PayloadAlert?) -> Bool {
        guard let alert else { return false }
        return [alert.title, alert.subtitle, alert.body, alert.titleLocKey, alert.subtitleLocKey, alert.locKey]
            .contains { $0?.isEmpty == false }
    }

    /// One `key: value` line per member, keys sorted, values as compact JSON; nil for none.
    private static func lines(_ members: [String: PropertyValue]) -> String? {
        guard !members.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return members.keys.sorted().map { key in
            let value = members[key].flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
            return "\(key): \(value ?? "?")"
        }.joined(separator: "\n")
    }
}
