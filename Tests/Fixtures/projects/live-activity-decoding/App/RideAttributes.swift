// swift-format-ignore-file
import ActivityKit
import Foundation

/// A ride's Live Activity: renamed keys, nested types, enums, arrays, optionals and dates.
struct RideAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var phase: Phase
        var driver: Driver
        var stops: [Stop]
        var etaMinutes: Int?
        var pickupAt: Date
        var seats: Seats

        enum CodingKeys: String, CodingKey {
            case phase, driver, stops
            case etaMinutes = "eta_minutes"
            case pickupAt = "pickup_at"
            case seats
        }
    }

    enum Phase: String, Codable, Hashable {
        case assigned, enRoute = "en-route", arrived
    }

    struct Driver: Codable, Hashable {
        var name: String
        var rating: Double?
    }

    var riderName: String
}

/// A stop on the way.
struct Stop: Codable, Hashable {
    var label: String
    var arrival: Date?
}

/// Seats booked.
enum Seats: Int, Codable, Hashable {
    case one = 1, two, three
}

/// A fare's Live Activity, whose state decodes itself.
struct FareAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var cents: Int

        init(from decoder: Decoder) throws {
            cents = try decoder.singleValueContainer().decode(Int.self)
        }
    }

    var currency: String
}
