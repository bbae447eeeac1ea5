import Foundation

/// How often a local notification repeats, counted on the calendar in the notification's time
/// zone: a daily one keeps its wall-clock time across a daylight-saving change.
public enum RepeatInterval: String, Sendable, CaseIterable, Codable {
    /// Fires once.
    case none
    /// Every minute.
    case minute
    /// Every hour.
    case hour
    /// Every day, at the same wall-clock time.
    case day
    /// Every week, on the same weekday and wall-clock time.
    case week
    /// Every month, on the same day of the month and wall-clock time.
    case month
    /// Every year, on the same date and wall-clock time.
    case year

    var component: Calendar.Component? {
        switch self {
        case .none: nil
        case .minute: .minute
        case .hour: .hour
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        case .year: .year
        }
    }
}
