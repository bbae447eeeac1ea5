import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// A small project written to a temporary folder and linted, for the rule tests: each rule has a
/// tree that triggers it and a near miss that must not.
struct LintFixture {
    let root: URL
    let configuration: LintConfiguration

    init(_ files: [String: String], data: [String: Data] = [:], configuration: LintConfiguration = LintConfiguration())
        throws
    {
        root = try TestPaths.temporaryFolder()
        self.configuration = configuration
        for (path, contents) in files.mapValues({ Data($0.utf8) }).merging(data, uniquingKeysWith: { $1 }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
    }

    /// Every finding of the lint of the whole folder, images decoded whole as the command does.
    func lint() -> LintResult {
        let probe: ImageProbe = { data in
            do throws(ImageDecodingError) {
                let info = try ImageValidator.validate(data)
                return .success(ImageFacts(width: info.size.width, height: info.size.height, bitDepth: info.bitDepth))
            } catch {
                return .failure(ImageProbeFailure(reason: error.description))
            }
        }
        return Linter(configuration: configuration, imageProbe: probe).lint([root.path])
    }

    /// The findings of one rule.
    func findings(_ rule: String) -> [Finding] {
        lint().findings.filter { $0.rule == rule }
    }

    /// The path a file of the fixture is reported under.
    func path(_ name: String) -> String { root.appendingPathComponent(name).path }
}

/// Files for the fixtures.
enum Samples {
    /// An XML Info.plist with an `NSExtension` dictionary.
    static func extensionPlist(point: String, entry: String, attributes: String?) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.app.extension</string>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>\(point)</string>
        \(entry)
        \(attributes.map { "\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n\($0)\n\t\t</dict>" } ?? "")
        \t</dict>
        </dict>
        </plist>
        """
    }

    static let storyboard = "\t\t<key>NSExtensionMainStoryboard</key>\n\t\t<string>MainInterface</string>"

    /// A content extension claiming `categories`; `extra` adds attribute XML.
    static func content(
        _ categories: [String], ratio: String = "<real>0.5</real>", extra: String = "", entry: String = storyboard
    )
        -> String
    {
        let category =
            categories.count == 1
            ? "<string>\(categories[0])</string>"
            : "<array>" + categories.map { "<string>\($0)</string>" }.joined() + "</array>"
        return extensionPlist(
            point: "com.apple.usernotifications.content-extension", entry: entry,
            attributes: """
                \t\t\t<key>UNNotificationExtensionCategory</key>
                \t\t\t\(category)
                \t\t\t<key>UNNotificationExtensionInitialContentSizeRatio</key>
                \t\t\t\(ratio)
                \(extra)
                """)
    }

    /// A service extension.
    static let service = extensionPlist(
        point: "com.apple.usernotifications.service",
        entry: "\t\t<key>NSExtensionPrincipalClass</key>\n\t\t<string>NotificationService</string>", attributes: nil)

    /// An app's Info.plist with these background modes.
    static func app(modes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.app</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \t<key>UIBackgroundModes</key>
        \t<array>\(modes.map { "<string>\($0)</string>" }.joined())</array>
        </dict>
        </plist>
        """
    }

    /// A category manifest registering `categories`, each with `actions` actions.
    static func manifest(_ categories: [String], actions: Int = 2, options: [String] = []) -> String {
        let list = categories.map { identifier in
            let actionList = (0..<actions).map { #"{"identifier": "\#(identifier)-a\#($0)", "title": "A\#($0)"}"# }
            return
                #"{"identifier": "\#(identifier)", "options": [\#(options.map { "\"\($0)\"" }.joined(separator: ","))], "actions": [\#(actionList.joined(separator: ","))]}"#
        }
        return #"{"categories": [\#(list.joined(separator: ","))]}"#
    }

    /// Swift code registering the categories with `UNNotificationCategory`.
    static func swiftRegistration(_ categories: [String], options: String = "[]") -> String {
        let built = categories.enumerated().map { index, identifier in
            "        let c\(index) = UNNotificationCategory(identifier: \"\(identifier)\", actions: [], intentIdentifiers: [], options: \(options))"
        }
        return """
            import UserNotifications

            func register() {
            \(built.joined(separator: "\n"))
                UNUserNotificationCenter.current().setNotificationCategories([\(categories.indices.map { "c\($0)" }.joined(separator: ", "))])
            }
            """
    }
}
