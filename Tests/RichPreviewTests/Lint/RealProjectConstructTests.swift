import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// The constructs of real iOS projects that once fooled lint, one small project each under
/// `Tests/Fixtures/projects/`: silent where the project is right, the right rule and severity where
/// a finding is due.
struct RealProjectConstructTests {
    /// The findings of the fixture project `name`, as (rule, severity, file below the project).
    static func findings(_ name: String) -> [(rule: String, severity: Severity, file: String)] {
        let root = TestPaths.fixture("projects/\(name)").path
        return Linter().lint([root]).findings.map {
            ($0.rule, $0.severity, String(($0.file ?? "").dropFirst(root.count + 1)))
        }
    }

    /// The errors and warnings of the fixture project `name`.
    static func alarms(_ name: String) -> [String] {
        findings(name).filter { $0.severity != .note }.map { "\($0.file): \($0.rule) \($0.severity)" }
    }

    @Test func widgetsShareIntentsAndWatchExtensionsAreNotNotificationExtensions() {
        #expect(Self.alarms("other-extensions").isEmpty)
        #expect(Self.findings("other-extensions").isEmpty)
    }

    @Test func aServiceExtensionMayDeclareCommunicationIntents() {
        #expect(Self.findings("communication-service-extension").isEmpty)
    }

    @Test func fiveActionsOfAniOS10CategoryAreANoteAboutBanners() {
        #expect(Self.findings("five-actions").map { "\($0.rule) \($0.severity)" } == ["too-many-actions note"])
    }

    @Test func aRatioOfZeroIsANote() {
        #expect(Self.findings("zero-ratio").map { "\($0.rule) \($0.severity)" } == ["size-ratio-invalid note"])
    }

    @Test func aServiceExtensionSettingARegisteredCategoryIsANote() {
        #expect(
            Self.findings("service-sets-registered-category").map { "\($0.rule) \($0.severity)" } == [
                "assigned-category-unknown note"
            ])
    }

    /// Every registration read, and none includes the category the service extension sets: a
    /// real bug, so a warning (item 8 of lint round 3).
    @Test func aServiceExtensionSettingACategoryNothingRegistersIsAWarning() {
        #expect(
            Self.findings("service-sets-unregistered-category").map { "\($0.file): \($0.rule) \($0.severity)" } == [
                "Service/NotificationService.swift: assigned-category-unknown warning"
            ])
    }

    @Test func aLinkToASiblingFolderIsNoLoopAndALinkBackIs() throws {
        let root = try TestPaths.temporaryFolder()
        let manager = FileManager.default
        for folder in ["dir", "b"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(#"{"aps": {"alert": "x"}}"#.utf8).write(to: root.appendingPathComponent("b/push.json"))
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("dir/a").path, withDestinationPath: "../b")
        let sibling = Linter(configuration: LintConfiguration(warningsAsErrors: true)).lint([root.path])
        #expect(sibling.findings.isEmpty && !sibling.failed, "\(sibling.findings)")
        #expect(sibling.filesWalked == 1, "the folder reached twice is linted once")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("b/up").path, withDestinationPath: "..")
        let loop = Linter().lint([root.path]).findings
        #expect(loop.map(\.rule) == ["path-unreadable"] && loop.map(\.severity) == [.warning])
        #expect(loop.first?.file?.hasSuffix("/up") == true && loop.first?.message.contains(root.path) == true)
    }

    @Test func aWatchNotificationSceneDeclaresItsCategory() {
        #expect(Self.findings("watch-scene").isEmpty, "\(Self.findings("watch-scene"))")
    }

    /// The watch template's payload under its own name, without `WatchKit Simulator Actions`, is
    /// the watch interface's too: its category is not judged against the phone's.
    @Test func theWatchTemplatesPayloadIsTheWatchs() throws {
        let fixture = try LintFixture([
            "App/Register.swift": Samples.swiftRegistration(["chat"]),
            "Watch Extension/PushNotificationPayload.apns": #"{"aps": {"alert": "Hi", "category": "myCategory"}}"#,
            "App/test.apns": #"{"aps": {"alert": "Hi", "category": "myCategory"}}"#,
        ])
        let found = fixture.findings("payload-category-unknown").map { ($0.file as NSString?)?.lastPathComponent }
        #expect(found == ["test.apns"], "\(found)")
    }

    @Test func registrationThroughHelpersIsFollowed() {
        // A Swift helper and an Objective-C method taking the identifier, `setWithObjects:` and
        // `arrayWithObjects:` lists, a `map` over literal identifiers: every claimed category is
        // found registered; a control's own `setActions` is not iOS 8's API.
        #expect(
            Self.findings("registration-through-helpers").isEmpty, "\(Self.findings("registration-through-helpers"))")
    }

    @Test func whatTheScannerCannotFollowIsSaidAsUnconfirmed() throws {
        let fixture = try LintFixture([
            "App/Categories.swift": """
            func register(_ names: [String]) {
                let categories = names.map { UNNotificationCategory(identifier: $0, actions: [], intentIdentifiers: []) }
                UNUserNotificationCenter.current().setNotificationCategories(Set(categories))
            }
            """,
            "Content/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSExtension</key><dict>
            <key>NSExtensionAttributes</key><dict>
            <key>UNNotificationExtensionCategory</key><string>chat</string>
            <key>UNNotificationExtensionInitialContentSizeRatio</key><real>0.5</real></dict>
            <key>NSExtensionMainStoryboard</key><string>MainInterface</string>
            <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.content-extension</string>
            </dict></dict></plist>
            """,
        ])
        let claimed = fixture.findings("category-not-registered")
        #expect(claimed.map(\.severity) == [.note] && claimed.allSatisfy { $0.message.contains("could not confirm") })
    }

    /// A helper whose calls are all in other files: its category is unresolved, named as its
    /// parameter, so the claimed category is a note rather than a warning.
    @Test func aHelperCalledOnlyFromOtherFilesIsSaid() throws {
        let fixture = try LintFixture([
            "App/Factory.swift": """
            enum Factory {
                static func make(identifier: String) -> UNNotificationCategory {
                    UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [], options: [])
                }
            }
            """,
            "App/Register.swift":
                #"func r() { UNUserNotificationCenter.current().setNotificationCategories([Factory.make(identifier: "chat")]) }"#,
            "Content/Info.plist": Samples.content(["chat"]),
        ])
        let unresolved = fixture.findings("source-unresolved")
        #expect(
            unresolved.map(\.message) == [
                "category identifier is not resolved: identifier (a parameter of make(identifier:…); a helper's calls are followed in its own file only, and this one has none)"
            ], "\(unresolved)")
        #expect(fixture.findings("category-not-registered").map(\.severity) == [.note])
    }

    /// `categoryIdentifier` set on the app's own model types (an Objective-C `NSCoding` class in
    /// `-initWithCoder:` and `-copyWithZone:`, a Swift struct's initialiser) is not a
    /// notification content's: silent; the content the app schedules still counts.
    @Test func aModelTypesOwnCategoryIdentifierIsNotANotifications() throws {
        #expect(Self.findings("model-category-identifier").isEmpty, "\(Self.findings("model-category-identifier"))")
        let folder = TestPaths.fixture("projects/model-category-identifier/App")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        let scan = SourceScanner.scan(contentsOf: files.sorted { $0.path < $1.path })
        #expect(scan.assignments.map(\.value) == [.literal("message")], "\(scan.assignments)")
    }

    /// The `else` of `if #available(iOS 10.0, *)`, of `guard #available`, and of Objective-C's
    /// `if (@available(…))` never runs in a target deploying to iOS 10.0: nothing in it counts.
    /// At 9.0 it runs, and its iOS 8 categories are judged.
    @Test func fallbacksBelowTheDeploymentTargetAreDeadCode() throws {
        #expect(Self.findings("available-fallback").isEmpty, "\(Self.findings("available-fallback"))")
        let copy = try TestPaths.temporaryFolder().appendingPathComponent("available-fallback")
        try FileManager.default.copyItem(at: TestPaths.fixture("projects/available-fallback"), to: copy)
        let project = copy.appendingPathComponent("Fallback.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: project, encoding: .utf8)
        try text.replacingOccurrences(
            of: "IPHONEOS_DEPLOYMENT_TARGET = \"10.0\"", with: "IPHONEOS_DEPLOYMENT_TARGET = \"9.0\""
        )
        .write(to: project, atomically: true, encoding: .utf8)
        let unknown = Linter().lint([copy.path]).findings.filter { $0.rule == "assigned-category-unknown" }
        #expect(
            unknown.map { ($0.file as NSString?)?.lastPathComponent ?? "" } == ["Notifications.swift", "Scheduler.m"],
            "\(unknown)")
    }

    /// One extension's code built as two flavours, each target's compilation conditions
    /// (SWIFT_ACTIVE_COMPILATION_CONDITIONS, GCC_PREPROCESSOR_DEFINITIONS, OTHER_CFLAGS' -D)
    /// picking its own app group by `#if` and `#ifdef`: no warning. A branch no target's settings
    /// decide (`#if BETA_CHANNEL`) is a note saying so.
    @Test func flavoursByConditionCountPerTarget() {
        let found = Self.findings("flavours-by-condition")
        #expect(found.allSatisfy { $0.rule == "app-group-missing" && $0.severity == .note }, "\(found)")
        #expect(found.count == 4 && found.allSatisfy { $0.file == "Service/NotificationService.swift" }, "\(found)")
    }

    /// Two independent projects side by side whose extensions' products are named alike: each
    /// app embeds its own project's, so the only findings are the true ones, the second project's
    /// extensions deploying above its app.
    @Test func independentProjectsWithProductsOfOneNameEmbedTheirOwn() {
        #expect(
            Self.alarms("several-projects-same-products").sorted() == [
                "ObjC/NotificationContent/Info.plist: deployment-target-above-app warning",
                "ObjC/NotificationService/Info.plist: deployment-target-above-app warning",
            ], "\(Self.findings("several-projects-same-products"))")
    }

    /// A push SDK in the Podfile that registers categories at run time: a category nothing in
    /// the project registers is a note naming the SDK, not a warning.
    @Test func aPushSDKThatRegistersCategoriesMakesANote() {
        let found = Self.findings("push-sdk-registers-categories")
        #expect(
            found.map { "\($0.file): \($0.rule) \($0.severity)" } == [
                "Content/Info.plist: category-not-registered note"
            ], "\(found)")
    }

    /// Live Activity payloads against the app's `ActivityAttributes`: a start naming the type
    /// exactly and matching it is silent; a misspelt attributes-type, and an update with a
    /// missing field, a string for an Int, an ISO date and a misspelt key, are reported. Each bare
    /// payload is noted as taken for a Live Activity push from its keys.
    @Test func liveActivityPayloadsAreCheckedAgainstTheSwiftTypes() {
        #expect(
            Self.findings("live-activity-contract").map { "\($0.file): \($0.rule) \($0.severity)" }.sorted() == [
                "payloads/start-wrong-type.json: activity-attributes-type-unknown error",
                "payloads/start-wrong-type.json: push-type-inferred note",
                "payloads/start.json: push-type-inferred note",
                "payloads/update.json: activity-content-state-mismatch error",
                "payloads/update.json: activity-content-state-mismatch error",
                "payloads/update.json: activity-content-state-mismatch error",
                "payloads/update.json: activity-content-state-mismatch note",
                "payloads/update.json: push-type-inferred note",
            ], "\(Self.findings("live-activity-contract"))")
    }

    /// A plist with an error that keeps it from loading still claims its categories: they are
    /// compared with the other plists' and the registrations.
    @Test func everyProblemOfAPlistIsReported() {
        #expect(
            Self.alarms("several-problems-one-plist").sorted() == [
                "Second/Info.plist: category-claimed-twice error", "Second/Info.plist: category-duplicate warning",
                "Second/Info.plist: category-not-registered warning", "Second/Info.plist: storyboard-and-class error",
                "Second/Info.plist: unknown-attribute warning",
            ])
    }

    @Test func contentAvailableWithAnAlertStillNeedsTheBackgroundMode() {
        let findings = Self.findings("alert-with-content-available")
        #expect(
            findings.contains {
                $0.rule == "background-mode-missing" && $0.severity == .warning && $0.file == "App/Info.plist"
            })
    }

    @Test func aProjectWithTwoAppsAWidgetAShareExtensionAndAnUnembeddedOneHasNoFalseFinding() {
        // Build settings from the project, its .xcconfig bases and `$VAR` references expand the
        // plists; two apps' content extensions claim one category; a script adds an entitlement.
        #expect(Self.alarms("xcode-two-apps").isEmpty, "\(Self.alarms("xcode-two-apps"))")
        #expect(Self.findings("xcode-two-apps").map(\.rule) == ["extension-not-embedded"])
    }
}
