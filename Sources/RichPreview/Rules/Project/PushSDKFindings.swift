import Foundation

extension CrossPlatformProject {
    /// `Flutter app` / `Expo app`, for messages.
    var described: String { "\(app.framework.name) app" }

    /// `Firebase Messaging (pubspec.yaml)`: the SDKs, each with the file naming it.
    static func naming(_ sdks: [(sdk: PushSDK, rich: PushSDK.RichPush, file: String)]) -> String {
        sdks.map { "\($0.sdk.name) (\(($0.file as NSString).lastPathComponent))" }.joined(separator: ", ")
    }

    /// The documentation links of `sdks`, for a finding's notes.
    static func links(_ sdks: [(sdk: PushSDK, rich: PushSDK.RichPush, file: String)]) -> [String] {
        sdks.map { "\($0.sdk.name): \($0.rich.documentation)" }
    }
}
