import Foundation
import RichPreviewSourceScan
import RichPreviewTestSupport
import Testing

/// The Swift and Objective-C files of the shared corpus's `real-world/categories` against what
/// their MANIFEST.tsv notes say (written out here as `ScanSummary` lines); skipped when the corpus
/// is absent.
struct RealWorldCategorySourceTests {
    static let folder = "real-world/categories"

    /// Files scanned together with the named one (the designatednerd enum lives in a companion file).
    static let companions = [
        "designatednerd__iOS10NotificationSample__ParrotKit_Models_ParrotAction.swift": [
            "designatednerd__iOS10NotificationSample__ParrotKit_Models_NotificationCategory.swift"
        ]
    ]

    static let expected: [String: [String]] = [
        // ObjC, complete: 'CTNotification' with 3 actions, …OptionNone everywhere.
        "CleverTap__clevertap-unity-sdk__CTExample_Assets_Plugins_iOS_CTExampleUnityAppController.m": [
            #"category "CTNotification" userNotifications registered actions=["action_1", "action_2", "action_3"]"#,
            #"  action "action_1" title="Back""#,
            #"  action "action_2" title="Next""#,
            #"  action "action_3" title="View In App""#,
        ],
        // Declared inline in setNotificationCategories; iOS 15 icons; trailing commas; action id == category id.
        "SagerNet__sing-box-for-apple__SFI_ApplicationDelegate.swift": [
            #"category "OPEN_URL" userNotifications registered actions=["COPY_URL", "OPEN_URL"]"#,
            #"  action "COPY_URL" title="Copy URL" options=foreground"#,
            #"  action "OPEN_URL" title="Open" options=foreground"#,
        ],
        // Nested enums for ids; iOS 15 text input without options or button; iOS 12 init without options.
        "UNKNOWNREPO__NotificationActionTest__NotificationRegisterModel.swift": [
            #"category "notification-category" userNotifications registered actions=["text-response"]"#,
            #"  action "text-response" title="Respond" textInput"#,
        ],
        // Id in a private let; one text input action; customDismissAction; the content is assigned the id.
        "block__away__Away_Notifications_NotificationCoordinator.swift": [
            #"category "ACP_SESSION_UPDATE" userNotifications options=customDismissAction registered actions=["ACP_REPLY"]"#,
            #"  action "ACP_REPLY" title="Reply" textInput button="Send""#,
            #"assignment content = "ACP_SESSION_UPDATE" certain"#,
        ],
        // The companion enum alone declares nothing to report.
        "designatednerd__iOS10NotificationSample__ParrotKit_Models_NotificationCategory.swift": [],
        // Id from the companion file's enum (typo 'notificaton' kept); 3 reverse-DNS actions; trailing comma.
        "designatednerd__iOS10NotificationSample__ParrotKit_Models_ParrotAction.swift": [
            #"category "com.example.notificaton.partyrequest" userNotifications registered actions=["com.example.action.partywith", "com.example.action.add", "com.example.action.block"]"#,
            #"  action "com.example.action.partywith" title="Party With Parrot""#,
            #"  action "com.example.action.add" title="Add Parrot as Friend""#,
            #"  action "com.example.action.block" title="Block Parrot""#,
        ],
        // category1 with 3 actions; variable category3 registers 'category2', whose text input has an empty title.
        "lijufengxin__UserLocalNotificationDemo__UserLocalNotificationDemo_AppDelegate.m": [
            #"category "category1" userNotifications options=customDismissAction registered actions=["action1", "action2", "action3"]"#,
            #"  action "action1" title="关闭" options=authenticationRequired"#,
            #"  action "action2" title="启动app" options=foreground"#,
            #"  action "action3" title="红色样式" options=destructive"#,
            #"category "category2" userNotifications options=customDismissAction registered actions=["action5"]"#,
            #"  action "action5" title="" options=foreground textInput button="回复""#,
        ],
        // Legacy 'yesOrNo' (default context) and the beta-only 'view-category' with zero actions; both
        // are returned from properties, so no registration is visible.
        "macteo__push-catalog__NotificationManager_OLDVERSION_EXCERPT.swift": [
            #"category "yesOrNo" legacyUIKit notSeen actions=["YES", "NO"] default=["YES", "NO"]"#,
            #"  action "YES" title="Yes" mode=background destructive=false authenticationRequired=false"#,
            #"  action "NO" title="No" options=destructive mode=background destructive=true authenticationRequired=false"#,
            #"category "view-category" userNotifications notSeen actions=[]"#,
        ],
        // Zero actions; id from a private static let declared after its use; the assignment reads a
        // computed property (unresolved).
        "mozilla-mobile__guardian-vpn-ios__LocalNotificationFactory.swift": [
            #"category "vpnWarningCategory" userNotifications registered actions=[]"#,
            #"assignment content = ?category certain"#,
        ],
    ]

    static let telegram = "TelegramFamily__Telegram-iOS__AppDelegate_EXCERPT_categories.swift"
    static let csharp = "xamarin__ios-samples__ios12_RedGreenNotifications_AppDelegate.cs"

    static let names = TestPaths.corpusFiles(folder, extension: "swift") + TestPaths.corpusFiles(folder, extension: "m")

    static func scan(_ names: [String]) throws -> SourceScan {
        let folder = try #require(TestPaths.corpusFolder(Self.folder))
        return SourceScanner.scan(contentsOf: names.map { folder.appendingPathComponent($0) })
    }

    @Test func everySourceFileHasAnExpectation() {
        guard TestPaths.corpusFolder(Self.folder) != nil else { return }
        #expect(Self.names.count >= 10)
        #expect(Set(Self.names).subtracting(Self.expected.keys).subtracting([Self.telegram]).isEmpty)
    }

    @Test(arguments: names.filter { $0 != telegram })
    func fileYieldsWhatItsNoteSays(name: String) throws {
        let scan = try Self.scan((Self.companions[name] ?? []) + [name])
        #expect(ScanSummary.lines(scan) == Self.expected[name])
    }

    @Test func telegramBuildsLegacyCategoriesItNeverRegisters() throws {
        guard TestPaths.corpusFolder(Self.folder) != nil else { return }
        let scan = try Self.scan([Self.telegram])
        let identifiers = ["unknown", "withReply", "r", "m", "withReplyMedia", "c", "withMute", "withMuteMedia"]
        let modern = scan.categories.filter { $0.api == .userNotifications }
        let legacy = scan.categories.filter { $0.api == .legacyUIKit }
        // Both #available branches build the 8 categories; each build is reported.
        #expect(modern.map { $0.identifier.literal ?? "?" } == identifiers + identifiers)
        #expect(modern.allSatisfy { if case .registered = $0.registration { true } else { false } })
        // iOS 11 branch: options come from variables changed at run time; the other branch's are constants.
        #expect(modern.prefix(8).allSatisfy { $0.options.isEmpty && $0.unresolvedOptions != nil })
        #expect(modern.suffix(8).map(\.options.count) == [0, 1, 1, 0, 1, 0, 0, 0])
        #expect(modern.filter { !$0.actions.isEmpty }.count == 8)
        let reply = try #require(modern[1].actions.first)
        #expect(reply.identifier == .literal("reply") && reply.isTextInput)
        #expect(
            reply.title
                == .unresolved(
                    expression: "replyString",
                    reason:
                        "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
                ))
        // The legacy branch passes `categories: []`: every legacy category is left out, with a note each.
        #expect(legacy.map { $0.identifier.literal ?? "?" } == identifiers)
        #expect(legacy.allSatisfy { if case .leftOut = $0.registration { true } else { false } })
        #expect(scan.notes.filter { $0.kind == .notRegistered }.count == 8)
        // reply's iOS 8 properties differ between the #available branches: the last written wins, with notes.
        #expect(legacy[1].contexts[.default]?.first?.activationMode == "foreground")
        #expect(scan.notes.filter { $0.kind == .conflict }.count == 2)
    }

    @Test func theCSharpFileIsNotScanned() throws {
        guard TestPaths.corpusFolder(Self.folder) != nil else { return }
        let scan = try Self.scan([Self.csharp])
        #expect(scan.categories.isEmpty)
        #expect(scan.notes.map(\.kind) == [.skippedFile])
    }
}
