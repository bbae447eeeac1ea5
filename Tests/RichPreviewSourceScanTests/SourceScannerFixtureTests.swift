import Foundation
import RichPreviewSourceScan
import RichPreviewTestSupport
import Testing

/// Every fixture group of `Tests/Fixtures/sources` against the facts it was written to show.
struct SourceScannerFixtureTests {
    /// A group of fixture files scanned together, and the summary lines (see `ScanSummary`) expected.
    struct Case: CustomTestStringConvertible, Sendable {
        var files: [String]
        var expected: [String]
        var testDescription: String { files.joined(separator: " + ") }
    }

    static let cases: [Case] = [
        Case(
            files: ["ios8-quick-reply.m"],
            expected: [
                #"category "alert" legacyUIKit registered actions=["acceptAction", "rejectAction"] minimal=["acceptAction", "rejectAction"]"#,
                #"  action "acceptAction" title="接受" options=foreground mode=foreground"#,
                #"  action "rejectAction" title="拒绝" options=authenticationRequired,destructive mode=background destructive=true authenticationRequired=true"#,
                #"category "unused" legacyUIKit leftOut actions=[?UIMutableUserNotificationActionBackground] default=[?UIMutableUserNotificationActionBackground]"#,
                #"  action ?UIMutableUserNotificationActionBackground title="Later""#,
                #"assignment notification = "alert" legacy certain"#,
                #"assignment other = "alert" legacy probable"#,
            ]),
        Case(
            files: ["ios10-defines.m"],
            expected: [
                #"category "image_category" userNotifications options=customDismissAction registered actions=["imageconfirmaction", "imagecancelaction", "reply"]"#,
                #"  action "imageconfirmaction" title="查看" options=foreground"#,
                #"  action "imagecancelaction" title="忽略" options=authenticationRequired,destructive"#,
                #"  action "reply" title="Reply" options=authenticationRequired,foreground textInput button="Send""#,
                #"category "audio_category" userNotifications registered actions=["later"]"#,
                #"  action "later" title="Later""#,
                #"category ?kExternalCategory userNotifications options=allowInCarPlay registered actions=[]"#,
                #"assignment content = "image_category" certain"#,
                #"assignment content = "audio_category" certain"#,
                "dismiss line 61 in -[NotificationSetup userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:]",
            ]),
        Case(
            files: ["CategoryRegistry.swift"],
            expected: [
                #"category "com.example.party" userNotifications options=customDismissAction registered actions=["accept", "decline"]"#,
                #"  action "accept" title="Accept" options=foreground"#,
                #"  action "decline" title="Decline" options=authenticationRequired,destructive"#,
                #"category "main-category" userNotifications options=allowInCarPlay registered actions=["reply"] unlinked=[?makeAction()]"#,
                #"  action "reply" title="Reply" textInput button="Send""#,
                #"category "saySomething" userNotifications registered actions=[]"#,
                #"category ?"\(globalPrefix).dynamic" userNotifications registered actions=[]"#,
                #"category ?Self.modernIdentifier userNotifications registered actions=["like", "comment"]"#,
                #"  action "like" title="Like""#,
                #"  action "comment" title="Comment" textInput"#,
                #"category "com.example.party" userNotifications registered actions=[]"#,
            ]),
        Case(
            files: ["companion/ParrotCategory.swift", "companion/ParrotActions.swift"],
            expected: [
                #"category "com.example.parrot.partyrequest" userNotifications registered actions=["com.example.parrot.add", "com.example.parrot.block"]"#,
                #"  action "com.example.parrot.add" title="Add""#,
                #"  action "com.example.parrot.block" title="Block""#,
            ]),
        Case(
            files: ["companion/ParrotActions.swift"],
            expected: [
                #"category ?ParrotCategory.partyRequest.rawValue userNotifications registered actions=["com.example.parrot.add", "com.example.parrot.block"]"#,
                #"  action "com.example.parrot.add" title="Add""#,
                #"  action "com.example.parrot.block" title="Block""#,
            ]),
        Case(
            files: ["NotificationService.swift"],
            expected: [
                #"assignment bestAttemptContent? = ?Category.saySomething.rawValue certain"#,
                #"assignment bestAttemptContent = "com.example.party" certain"#,
                #"assignment mutableContent = ?request.identifier + ".category" certain"#,
                "dismiss line 32 in AppDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)",
            ]),
        Case(
            files: ["LegacySettings.swift"],
            expected: [
                #"category "question" legacyUIKit registered actions=["YES", "NO", "reply"] default=["YES", "NO", "reply"] minimal=["YES", "NO"]"#,
                #"  action "YES" title="Yes" mode=background destructive=false"#,
                #"  action "NO" title="No" options=authenticationRequired,destructive,foreground mode=foreground destructive=true authenticationRequired=true"#,
                #"  action "reply" title=- textInput button="Send""#,
                #"assignment notification = "question" legacy certain"#,
            ]),
    ]

    static func scan(_ files: [String]) -> SourceScan {
        SourceScanner.scan(contentsOf: files.map { TestPaths.fixture("sources/" + $0) })
    }

    @Test(arguments: cases)
    func fixtureYieldsItsFacts(_ fixture: Case) {
        #expect(ScanSummary.lines(Self.scan(fixture.files)) == fixture.expected)
    }

    @Test func serviceExtensionResolvesTheEnumOfAnotherFile() {
        let scan = Self.scan(["NotificationService.swift", "CategoryRegistry.swift"])
        #expect(scan.assignments.map(\.value).prefix(2) == [.literal("saySomething"), .literal("com.example.party")])
    }

    @Test func locationsPointAtTheConstructor() throws {
        let scan = Self.scan(["CategoryRegistry.swift"])
        let invite = try #require(scan.categories.first)
        #expect(invite.location.line == 44)
        #expect(invite.location.column == 22)
        #expect(invite.variable == "invite")
        #expect(invite.actions.map(\.location.line) == [29, 30])
        guard case .registered(let registration) = invite.registration else {
            Issue.record("expected the category to be registered, got \(invite.registration)")
            return
        }
        #expect(registration.line == 74)
        let legacy = Self.scan(["ios8-quick-reply.m"])
        guard case .leftOut(let at) = legacy.categories[1].registration else {
            Issue.record("expected 'unused' to be left out, got \(legacy.categories[1].registration)")
            return
        }
        #expect(at.line == 35)
    }

    @Test func unresolvedValuesSayWhy() throws {
        let scan = Self.scan(["CategoryRegistry.swift", "ios10-defines.m", "ios8-quick-reply.m"])
        let reasons = Dictionary(
            scan.categories.compactMap { category -> (String, String)? in
                guard case .unresolved(let expression, let reason) = category.identifier else { return nil }
                return (expression, reason)
            }, uniquingKeysWith: { first, _ in first })
        #expect(reasons[#""\(globalPrefix).dynamic""#] == "string interpolation")
        #expect(reasons["Self.modernIdentifier"]?.hasPrefix("concatenation in its definition at ") == true)
        #expect(
            reasons["kExternalCategory"]?.hasPrefix("declared extern; its definition is in none of the files given")
                == true)
        let chat = try #require(scan.categories.first { $0.identifier == .literal("main-category") })
        #expect(chat.unresolvedActions == [.unresolved(expression: "makeAction()", reason: "function call")])
        let later = try #require(scan.categories.first { $0.identifier == .literal("unused") }?.actions.first)
        #expect(
            later.identifier
                == .unresolved(
                    expression: "UIMutableUserNotificationActionBackground",
                    reason:
                        "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
                ))
        let unresolvedNotes = scan.notes.filter { $0.kind == .unresolved }.map(\.message)
        #expect(unresolvedNotes.contains { $0.contains("makeAction()") })
        #expect(unresolvedNotes.contains { $0.contains("UIMutableUserNotificationActionBackground") })
    }

    @Test func constantsTableHoldsResolvedNames() {
        let scan = Self.scan(["CategoryRegistry.swift", "ios10-defines.m"])
        #expect(scan.constants["Category.saySomething"] == .literal("saySomething"))
        #expect(scan.constants["Category.partyRequest"] == .literal("com.example.party"))
        #expect(scan.constants["Identifiers.Categories.main"] == .literal("main-category"))
        #expect(scan.constants["CategoryRegistry.acceptIdentifier"] == .literal("accept"))
        #expect(scan.constants["globalPrefix"] == .literal("com.example"))
        #expect(scan.constants["IMAGE_CATEGORY_ALIAS"] == .literal("image_category"))
        #expect(scan.constants["action_category_identifier_audio"] == .literal("audio_category"))
        #expect(scan.constants["action_identifier_image_cancel"] == .literal("imagecancelaction"))
        #expect(scan.constants["kLaterActionIdentifier"] == .literal("later"))
        #expect(scan.constants["kExternalCategory"]?.literal == nil)
        if case .unresolved? = scan.constants["CategoryRegistry.modernIdentifier"] {
        } else {
            Issue.record("a concatenated constant must be listed as unresolved")
        }
    }

    @Test func theImplicitMemberIsAmbiguousWhenTwoEnumsHaveTheCase() throws {
        let scan = Self.scan(["CategoryRegistry.swift", "companion/ParrotCategory.swift"])
        let implicit = try #require(scan.categories.last)
        guard case .unresolved(let expression, let reason) = implicit.identifier else {
            Issue.record("expected an unresolved identifier, got \(implicit.identifier)")
            return
        }
        #expect(expression == ".partyRequest.rawValue")
        #expect(reason.hasPrefix("ambiguous"))
        #expect(reason.contains("Category") && reason.contains("ParrotCategory"))
    }
}
