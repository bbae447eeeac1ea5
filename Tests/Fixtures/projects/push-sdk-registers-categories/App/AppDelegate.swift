// swift-format-ignore-file
import UIKit

/// The app hands its pushes to the SDK, which registers the categories the pushes' buttons need.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }
}
