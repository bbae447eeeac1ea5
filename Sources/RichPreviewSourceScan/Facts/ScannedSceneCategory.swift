/// A watch app's notification interface for a category: `WKNotificationScene(controller:category:)`.
public struct ScannedSceneCategory: Sendable, Hashable {
    /// The category identifier given.
    public var value: ScannedString
    /// Where `WKNotificationScene` is written.
    public var location: CodeLocation

    /// A scene for `value` at `location`.
    public init(value: ScannedString, location: CodeLocation) {
        self.value = value
        self.location = location
    }
}
