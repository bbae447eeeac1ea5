import Foundation
import Testing

@testable import RichPreview

/// `action-icon-image-missing`: a template image icon the app's asset catalogs and bundle lack.
struct ActionIconImageMissingTests {
    static let rule = Rules.ActionIconImageMissing.descriptor.id
    static let imageSet =
        #"{"images":[{"filename":"glyph@2x.png","idiom":"universal","scale":"2x"}],"info":{"version":1}}"#

    static let code = """
        import UserNotifications
        let present = UNNotificationAction(identifier: "present", title: "Present", options: [],
                                           icon: UNNotificationActionIcon(templateImageName: "Present"))
        let grouped = UNNotificationAction(identifier: "grouped", title: "Grouped", options: [],
                                           icon: UNNotificationActionIcon(templateImageName: "Grouped"))
        let loose = UNNotificationAction(identifier: "loose", title: "Loose", options: [],
                                         icon: UNNotificationActionIcon(templateImageName: "Loose"))
        let missing = UNNotificationAction(identifier: "missing", title: "Missing", options: [],
                                           icon: UNNotificationActionIcon(templateImageName: "Missing"))
        let symbol = UNNotificationAction(identifier: "symbol", title: "Symbol", options: [],
                                          icon: UNNotificationActionIcon(systemImageName: "Missing"))
        let first = UNNotificationCategory(identifier: "first", actions: [present, grouped, loose, missing, symbol],
                                           intentIdentifiers: [])
        let second = UNNotificationCategory(identifier: "second", actions: [missing], intentIdentifiers: [])
        UNUserNotificationCenter.current().setNotificationCategories([first, second])
        """

    @Test func aTemplateImageNoImageSetOrFileHasIsReportedOnce() throws {
        let fixture = try LintFixture([
            "App/Registration.swift": Self.code,
            "App/Assets.xcassets/Contents.json": #"{"info":{"version":1}}"#,
            "App/Assets.xcassets/Present.imageset/Contents.json": Self.imageSet,
            "App/Assets.xcassets/Glyphs/Grouped.imageset/Contents.json": Self.imageSet,
            "App/Loose@2x.png": "not read, only found",
            "categories.json": #"""
            {"categories": [{"identifier": "manifest", "actions": [
              {"identifier": "ok", "title": "OK", "icon": {"templateImageName": "Present"}},
              {"identifier": "gone", "title": "Gone", "icon": {"templateImageName": "Gone"}}]}]}
            """#,
        ])
        let findings = fixture.findings(Self.rule)
        #expect(findings.count == 2, "\(findings.map(\.message))")
        let code = try #require(findings.first { $0.file == fixture.path("App/Registration.swift") })
        #expect(code.line == 8 && code.severity == .warning)
        #expect(code.message.contains("'missing'") && code.message.contains("Missing.imageset"))
        let manifest = try #require(findings.first { $0.file == fixture.path("categories.json") })
        #expect(manifest.keyPath == "categories[0].actions[1].icon.templateImageName")
        #expect(manifest.message.contains("'Gone'"))
    }

    /// A template name that reads like an SF Symbol's (Apple's sample code passes `text.bubble`
    /// as a template image) says which initializer takes it.
    @Test func aSymbolLikeTemplateNameSaysWhichInitializerTakesIt() throws {
        let fixture = try LintFixture([
            "App/Registration.swift": """
            let comment = UNTextInputNotificationAction(identifier: "comment", title: "Comment", options: [],
                icon: UNNotificationActionIcon(templateImageName: "text.bubble"),
                textInputButtonTitle: "Send", textInputPlaceholder: "")
            let c = UNNotificationCategory(identifier: "c", actions: [comment], intentIdentifiers: [])
            """,
            "App/Assets.xcassets/Contents.json": #"{"info":{"version":1}}"#,
        ])
        let finding = try #require(fixture.findings(Self.rule).first)
        #expect(
            finding.message.hasSuffix(
                "'text.bubble' reads like an SF Symbol's name, which UNNotificationActionIcon(systemImageName:) takes"))
        #expect(Rules.ActionIconImageMissing.looksLikeSymbolName("hand.thumbsup.2"))
        #expect(!Rules.ActionIconImageMissing.looksLikeSymbolName("ReplyGlyph"))
        #expect(!Rules.ActionIconImageMissing.looksLikeSymbolName("reply"))
        #expect(!Rules.ActionIconImageMissing.looksLikeSymbolName("tin..open"))
    }

    /// What `review` draws carries the icons the code gives, and the template images the project has.
    @Test func theCodesIconsReachWhatReviewDraws() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let fixture = try LintFixture(
            [
                "App/Registration.swift": Self.code,
                "App/Assets.xcassets/Present.imageset/Contents.json": Self.imageSet,
            ], data: ["App/Assets.xcassets/Present.imageset/glyph@2x.png": png])
        let (_, model) = Linter().lintKeepingModel([fixture.root.path])
        let inputs = model.reviewInputs
        let actions = try #require(inputs.categories.category("first")).actions
        #expect(actions.map(\.icon?.name) == ["Present", "Grouped", "Loose", "Missing", "Missing"])
        #expect(actions.last?.icon?.kind == .systemImage)
        let identity = model.appIdentity(confinedTo: [fixture.root.path])
        #expect(identity.imageSets.contents.keys.sorted() == ["Present"])
        #expect(identity.imageSets.templateImages(for: inputs.categories.categories, scale: 2) == ["Present": png])
        #expect(try identity.imageSets.image(named: "Present", scale: 3)?.data == png, "the largest scale stands in")
    }

    /// A folder without an asset catalog says nothing of the app's images: no finding.
    @Test func aTreeWithoutAnAssetCatalogIsNotChecked() throws {
        let fixture = try LintFixture(["App/Registration.swift": Self.code])
        #expect(fixture.findings(Self.rule).isEmpty)
    }
}
