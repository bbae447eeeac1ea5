// swift-format-ignore-file
import ActivityKit
import Foundation

/// A delivery's Live Activity: what pushes start and update.
struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var status: String
        var minutesLeft: Int
        var driverName: String?
        var estimatedArrival: Date
        var stops: [String]
        static let maximumStops = 5
    }

    var orderNumber: String
    var restaurant: String
    let version = 2
}
