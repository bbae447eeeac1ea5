/// What became of one remote push fed to the notification center.
public struct RemoteReceipt: Sendable, Hashable {
    /// How the push reaches the user: shown by iOS, scheduled by the app from a nested payload or a
    /// VoIP push, or silent.
    public var route: Route
    /// The identifier the notification got: the payload's id key, or a generated `notification-N`.
    public var identifier: String
    /// What the user now sees from it in Notification Center; nil when nothing is shown.
    public var delivered: DeliveredNotification?
    /// The notification iOS or the app made of the push, with what the user has not allowed
    /// removed; its badge and sound still apply when nothing is shown. Nil when the push carries
    /// nothing to show.
    public var notification: LocalNotification? = nil

    /// The way a push reaches the user.
    public enum Route: Sendable, Hashable {
        /// iOS itself shows the push's alert, sound or badge.
        case shownByIOS
        /// A silent push carried a notification under `key`; the app scheduled it locally.
        case scheduledFromNestedPayload(key: String)
        /// A VoIP push (always silent for iOS); the app scheduled its payload locally.
        case scheduledFromVoIP
        /// A silent push without a nested notification: it wakes the app and shows nothing.
        case silent
        /// The push carries nothing to show.
        case nothingToShow
        /// iOS shows nothing: the user has allowed none of what the push carries (`missing` is
        /// what it asked for and was not allowed).
        case notAllowed(missing: AuthorizationOptions)
    }
}
