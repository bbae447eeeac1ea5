import Foundation
import RichPreview

/// Builds extension Info.plists for tests, as dictionaries serialized in XML or binary form.
enum PlistFixture {
    /// A content extension like the bundled sample; `attributes` entries replace or (with nil) remove keys.
    static func content(
        categories: Any = ["image_category", "audio_category", "movie_category"],
        attributes: [String: Any?] = [:], nsExtension: [String: Any?] = [:]
    ) -> [String: Any] {
        var attributeValues: [String: Any] = [
            "UNNotificationExtensionCategory": categories,
            "UNNotificationExtensionInitialContentSizeRatio": 0.75,
        ]
        for (key, value) in attributes { attributeValues[key] = value }
        var extensionValues: [String: Any] = [
            "NSExtensionPointIdentifier": ExtensionPoint.contentExtension.rawValue,
            "NSExtensionMainStoryboard": "MainInterface",
            "NSExtensionAttributes": attributeValues,
        ]
        for (key, value) in nsExtension { extensionValues[key] = value }
        return [
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)",
            "NSExtension": extensionValues,
        ]
    }

    static func service(principalClass: String? = "$(PRODUCT_MODULE_NAME).NotificationService") -> [String: Any] {
        var extensionValues: [String: Any] = ["NSExtensionPointIdentifier": ExtensionPoint.serviceExtension.rawValue]
        extensionValues["NSExtensionPrincipalClass"] = principalClass
        return ["CFBundleIdentifier": "com.example.app.service", "NSExtension": extensionValues]
    }

    static func data(_ plist: Any, format: PropertyListSerialization.PropertyListFormat = .xml) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
    }

    static func parse(
        _ plist: Any, format: PropertyListSerialization.PropertyListFormat = .xml, variables: [String: String] = [:]
    ) throws -> ExtensionConfig {
        try ExtensionConfig.parse(
            data(plist, format: format), file: "Test/Info.plist", variables: BuildVariables(variables))
    }

    /// Writes `plist` to `folder/relativePath`, creating folders, and returns its URL.
    @discardableResult
    static func write(_ plist: Any, to folder: URL, _ relativePath: String) throws -> URL {
        let url = folder.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data(plist).write(to: url)
        return url
    }
}
