import Foundation

/// How often a local notification repeats, counted on the calendar in the notification's time
/// zone: a daily one keeps its wall-clock time across a daylight-saving change.
public enum RepeatInterval: String, Sendable, CaseIterable, Codable {
    case none
    case minute
    case hour
    case day
    case week
    case month
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
