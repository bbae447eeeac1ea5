// swift-format-ignore-file
import SwiftUI
import WatchKit

@main
struct WatchApp: App {
    var body: some Scene {
        WindowGroup { Text("Hello") }
        WKNotificationScene(controller: NotificationController.self, category: "episode")
    }
}
