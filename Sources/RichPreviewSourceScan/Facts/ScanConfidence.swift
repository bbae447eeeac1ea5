/// How sure the scanner is that a fact means what it reports.
public enum ScanConfidence: String, Sendable, Hashable {
    /// The code's form leaves no doubt (`content.categoryIdentifier = …`; `category` set on a
    /// variable declared or created as a `UILocalNotification`).
    case certain
    /// Probable: `x.category = …` in a file that uses `UILocalNotification`, but the receiver's
    /// type is not visible.
    case probable
}
