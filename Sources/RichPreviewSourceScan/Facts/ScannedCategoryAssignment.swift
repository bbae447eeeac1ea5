/// Code giving a notification its category: `content.categoryIdentifier = …`,
/// `[content setCategoryIdentifier:…]`, or iOS 8 `localNotification.category = …`.
public struct ScannedCategoryAssignment: Sendable, Hashable {
    /// The category identifier assigned.
    public var value: ScannedString
    /// The expression before `.categoryIdentifier` / `.category` (`bestAttemptContent?`, `content`).
    public var receiver: String
    /// The iOS 8 `category` property of a `UILocalNotification` rather than `categoryIdentifier`.
    public var isLegacyLocalNotification: Bool
    /// `probable` for an iOS 8 `category` assignment whose receiver's type was not seen.
    public var confidence: ScanConfidence
    /// The property name (`categoryIdentifier`, `category`, or the setter's selector part).
    public var location: CodeLocation

    /// An assignment; `confidence` defaults to `certain`.
    public init(
        value: ScannedString, receiver: String, isLegacyLocalNotification: Bool,
        confidence: ScanConfidence = .certain, location: CodeLocation
    ) {
        self.value = value
        self.receiver = receiver
        self.isLegacyLocalNotification = isLegacyLocalNotification
        self.confidence = confidence
        self.location = location
    }
}
