import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct CategoryManifestTests {
    static func parse(_ json: String, file: String = "test.json") throws(CategoryManifestError) -> CategoryManifest {
        try CategoryManifest.parse(Data(json.utf8), file: file)
    }

    static func error(_ json: String) -> CategoryManifestError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    /// A manifest with one category `c` holding `actions` (JSON text of the array) and `extra` keys.
    static func manifest(actions: String = #"[{"identifier": "a", "title": "A"}]"#, extra: String = "") -> String {
        #"{"categories": [{"identifier": "c", "actions": \#(actions)\#(extra.isEmpty ? "" : ", " + extra)}]}"#
    }

    @Test func referenceExampleReadsEveryForm() throws {
        let manifest = try CategoryManifest.load(contentsOf: TestPaths.fixture("manifests/reference.json"))
        let category = try #require(manifest.category("image_category"))
        #expect(category.options == [.customDismissAction])
        #expect(category.actions.map(\.identifier) == ["imageconfirmaction", "imageconcelaction", "reply", "later"])
        let confirm = try #require(category.action("imageconfirmaction"))
        #expect(confirm.title == "查看")
        #expect(confirm.options == [.foreground])
        #expect(confirm.response == .dismissAndForwardAction)
        #expect(confirm.requiresUnlock)
        let cancel = try #require(category.action("imageconcelaction"))
        #expect(cancel.options == [.destructive])
        #expect(cancel.effectiveResponse == .dismiss)
        #expect(!cancel.requiresUnlock)
        let reply = try #require(category.action("reply"))
        #expect(reply.textInput == NotificationAction.TextInput(buttonTitle: "Send", placeholder: "Message"))
        #expect(reply.response == nil)
        #expect(reply.effectiveResponse == .dismissAndForwardAction)
        let later = try #require(category.action("later"))
        #expect(later.activationMode == .background)
        #expect(later.options == [.authenticationRequired])
        #expect(later.requiresUnlock)
        #expect(category.actions(for: .minimal).map(\.identifier) == ["imageconfirmaction", "imageconcelaction"])
        #expect(category.actions(for: .default).count == 4)
        #expect(
            manifest.origin(of: "image_category")
                == CategoryManifest.Origin(
                    file: TestPaths.fixture("manifests/reference.json").relativePath, keyPath: "categories[0]"))
    }

    @Test func shippedSeedManifestMatchesSeed004() throws {
        let manifest = try CategoryManifest.load(contentsOf: TestPaths.packageFile("Resources/categories.json"))
        #expect(manifest.categories.map(\.identifier) == ["image_category", "audio_category", "movie_category"])
        for kind in ["image", "audio", "movie"] {
            let category = try #require(manifest.category("\(kind)_category"))
            #expect(category.actions.map(\.identifier) == ["\(kind)confirmaction", "\(kind)concelaction"])
            #expect(category.actions.map(\.title) == ["查看", "忽略"])
            #expect(category.actions.map(\.effectiveResponse) == [.dismissAndForwardAction, .dismiss])
            #expect(category.actions.first?.options.contains(.foreground) == true)
        }
    }

    @Test func iOS8FormInAPlistManifest() throws {
        let manifest = try CategoryManifest.load(contentsOf: TestPaths.fixture("manifests/ios8-alert.plist"))
        let category = try #require(manifest.category("alert"))
        let accept = try #require(category.action("acceptAction"))
        #expect(accept.activationMode == .foreground)
        #expect(accept.options == [.foreground])
        #expect(accept.requiresUnlock)
        let reject = try #require(category.action("rejectAction"))
        #expect(reject.options == [.destructive, .authenticationRequired])
        #expect(category.actions(for: .minimal).map(\.identifier) == ["acceptAction", "rejectAction"])
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func plistFormsReadLikeJSON(format: PropertyListSerialization.PropertyListFormat) throws {
        let json = try Data(contentsOf: TestPaths.fixture("manifests/reference.json"))
        let object = try JSONSerialization.jsonObject(with: json)
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
        let fromPlist = try CategoryManifest.parse(data, file: "test.json")
        #expect(fromPlist.categories == (try CategoryManifest.parse(json, file: "test.json")).categories)
    }

    @Test func oldStylePlistManifestWithOptionArrays() throws {
        let text =
            #"{ categories = ({ identifier = c; options = (customDismissAction); actions = ({ identifier = a; title = A; options = (foreground, destructive); }); }); }"#
        let manifest = try Self.parse(text, file: "test.plist")
        #expect(manifest.category("c")?.options == [.customDismissAction])
        #expect(manifest.category("c")?.action("a")?.options == [.foreground, .destructive])
    }

    @Test func defaultContextsHoldAllActionsAndTheFirstTwo() throws {
        let actions =
            #"[{"identifier": "1", "title": "1"}, {"identifier": "2", "title": "2"}, {"identifier": "3", "title": "3"}, {"identifier": "4", "title": "4"}, {"identifier": "5", "title": "5"}]"#
        let category = try #require(try Self.parse(Self.manifest(actions: actions)).category("c"))
        #expect(category.actions(for: .default).map(\.identifier) == ["1", "2", "3", "4", "5"])
        #expect(category.actions(for: .minimal).map(\.identifier) == ["1", "2"])
        let withDefault = try #require(
            try Self.parse(Self.manifest(actions: actions, extra: #""contexts": {"default": ["4", "2", "1"]}"#))
                .category("c"))
        #expect(withDefault.actions(for: .default).map(\.identifier) == ["4", "2", "1"])
        #expect(withDefault.actions(for: .minimal).map(\.identifier) == ["4", "2"])
        let emptyMinimal = try #require(
            try Self.parse(Self.manifest(actions: actions, extra: #""contexts": {"minimal": []}"#)).category("c"))
        #expect(emptyMinimal.actions(for: .minimal).isEmpty)
    }

    // MARK: Errors

    @Test(
        arguments: [
            (
                #"{"categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": "A", "respnse": "dismiss"}]}]}"#,
                "categories[0].actions[0].respnse", "response"
            ),
            (#"{"categories": [{"identifer": "c"}]}"#, "categories[0].identifer", "identifier"),
            (#"{"categorys": []}"#, "categorys", "categories"),
            (
                #"{"categories": [{"identifier": "c", "contexts": {"minimum": []}}]}"#,
                "categories[0].contexts.minimum", "minimal"
            ),
            (
                #"{"categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": "A", "textInput": {"title": "x"}}]}]}"#,
                "categories[0].actions[0].textInput.title", nil
            ),
        ] as [(String, String, String?)])
    func unknownKeysAreNamedWithASuggestion(json: String, keyPath: String, suggestion: String?) {
        #expect(Self.error(json) == .unknownKey(file: "test.json", keyPath: keyPath, suggestion: suggestion))
    }

    @Test func unknownKeysAreFoundAtEveryLevel() {
        let message = Self.error(
            Self.manifest(
                actions:
                    #"[{"identifier": "a", "title": "A"}, {"identifier": "b", "title": "B", "respnse": "dismiss"}]"#))
        #expect(
            message?.description == "test.json: categories[0].actions[1].respnse: unknown key; did you mean 'response'?"
        )
    }

    @Test(arguments: [
        (#"{"categories": [{"identifier": "", "actions": []}]}"#, "categories[0].identifier"),
        (Self.manifest(actions: #"[{"identifier": "", "title": "A"}]"#), "categories[0].actions[0].identifier"),
        (Self.manifest(actions: #"[{"identifier": "a", "title": ""}]"#), "categories[0].actions[0].title"),
    ])
    func emptyIdentifiersAndTitles(json: String, keyPath: String) {
        #expect(Self.shapes(json) == [["identifier-empty", "test.json", keyPath]])
    }

    /// The findings of a rejected manifest as (rule, file, key path).
    static func shapes(_ json: String) -> [[String]] {
        (Self.error(json)?.findings ?? []).map { [$0.rule, $0.file ?? "", $0.keyPath ?? ""] }
    }

    @Test(arguments: [
        (#"{}"#, "categories"),
        (#"{"categories": [{"actions": []}]}"#, "categories[0].identifier"),
        (Self.manifest(actions: #"[{"identifier": "a"}]"#), "categories[0].actions[0].title"),
    ])
    func missingKeys(json: String, keyPath: String) {
        #expect(Self.error(json) == .missingKey(file: "test.json", keyPath: keyPath))
    }

    @Test(arguments: [
        (#"[]"#, ""),
        (#"{"categories": {}}"#, "categories"),
        (#"{"categories": ["c"]}"#, "categories[0]"),
        (#"{"categories": [{"identifier": 7}]}"#, "categories[0].identifier"),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "destructive": "yes"}]"#),
            "categories[0].actions[0].destructive"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "authenticationRequired": 1}]"#),
            "categories[0].actions[0].authenticationRequired"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "options": "foreground"}]"#),
            "categories[0].actions[0].options"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "options": [4]}]"#),
            "categories[0].actions[0].options[0]"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "textInput": "Send"}]"#),
            "categories[0].actions[0].textInput"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "response": null}]"#),
            "categories[0].actions[0].response"
        ),
        (Self.manifest(extra: #""contexts": {"minimal": "a"}"#), "categories[0].contexts.minimal"),
    ])
    func wrongTypesAreNamed(json: String, keyPath: String) {
        guard case .wrongType(let file, let path, _, _) = Self.error(json) else {
            Issue.record("expected wrongType for \(json), got \(String(describing: Self.error(json)))")
            return
        }
        #expect(file == "test.json")
        #expect(path == keyPath)
    }

    @Test(arguments: [
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "options": ["forground"]}]"#),
            "categories[0].actions[0].options[0]", "forground"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "response": "dismissAndForward"}]"#),
            "categories[0].actions[0].response", "dismissAndForward"
        ),
        (
            Self.manifest(actions: #"[{"identifier": "a", "title": "A", "activationMode": "background-ish"}]"#),
            "categories[0].actions[0].activationMode", "background-ish"
        ),
        (
            #"{"categories": [{"identifier": "c", "options": ["customDismiss"]}]}"#, "categories[0].options[0]",
            "customDismiss"
        ),
    ])
    func unknownValuesAreNamed(json: String, keyPath: String, value: String) {
        guard case .unknownValue(_, let path, let found, let allowed) = Self.error(json) else {
            Issue.record("expected unknownValue")
            return
        }
        #expect(path == keyPath)
        #expect(found == value)
        #expect(!allowed.isEmpty)
    }

    @Test func contradictionsBetweenTheTwoForms() {
        #expect(
            Self.error(
                Self.manifest(
                    actions: #"[{"identifier": "a", "title": "A", "options": ["destructive"], "destructive": false}]"#))
                == .contradiction(
                    file: "test.json", keyPath: "categories[0].actions[0].destructive",
                    otherKeyPath: "categories[0].actions[0].options"))
        #expect(
            Self.error(
                Self.manifest(
                    actions:
                        #"[{"identifier": "a", "title": "A", "options": ["foreground"], "activationMode": "background"}]"#
                ))
                == .contradiction(
                    file: "test.json", keyPath: "categories[0].actions[0].activationMode",
                    otherKeyPath: "categories[0].actions[0].options"))
    }

    @Test func foregroundIgnoresAuthenticationRequiredFalse() throws {
        let json = Self.manifest(
            actions:
                #"[{"identifier": "a", "title": "A", "activationMode": "foreground", "authenticationRequired": false}]"#
        )
        let action = try #require(try Self.parse(json).category("c")?.action("a"))
        #expect(!action.options.contains(.authenticationRequired))
        #expect(action.requiresUnlock)
    }

    @Test func duplicateCategoriesAndActions() {
        let categories = #"{"categories": [{"identifier": "c"}, {"identifier": "d"}, {"identifier": "c"}]}"#
        #expect(Self.shapes(categories) == [["category-registered-twice", "test.json", "categories[2].identifier"]])
        #expect(
            Self.error(categories)?.finding.message == "category 'c' is already declared at test.json: categories[0]")
        #expect(
            Self.shapes(
                Self.manifest(actions: #"[{"identifier": "a", "title": "A"}, {"identifier": "a", "title": "B"}]"#))
                == [["action-duplicate", "test.json", "categories[0].actions[1].identifier"]])
        #expect(
            Self.shapes(Self.manifest(extra: #""contexts": {"default": ["a", "a"]}"#)) == [
                ["action-duplicate", "test.json", "categories[0].contexts.default[1]"]
            ])
    }

    @Test func everyProblemOfAManifestIsReported() {
        let json =
            #"{"categories": [{"identifier": "", "actions": [{"identifier": "a", "title": ""}, {"identifier": "a", "title": "A"}]}, {"identifier": ""}]}"#
        #expect(
            Self.shapes(json) == [
                ["identifier-empty", "test.json", "categories[0].actions[0].title"],
                ["action-duplicate", "test.json", "categories[0].actions[1].identifier"],
                ["identifier-empty", "test.json", "categories[0].identifier"],
                ["category-registered-twice", "test.json", "categories[1].identifier"],
                ["identifier-empty", "test.json", "categories[1].identifier"],
            ])
    }

    @Test func theSameActionMayServeTwoCategories() throws {
        let json =
            #"{"categories": [{"identifier": "red", "actions": [{"identifier": "rotate", "title": "Rotate 20°"}]}, {"identifier": "green", "actions": [{"identifier": "rotate", "title": "Rotate 20°"}]}]}"#
        #expect(try Self.parse(json).categories.count == 2)
    }

    @Test func aCategoryInTwoManifestsIsADuplicate() throws {
        let folder = try TestPaths.temporaryFolder()
        let first = folder.appendingPathComponent("one.json")
        let second = folder.appendingPathComponent("two.json")
        try Data(#"{"categories": [{"identifier": "c"}]}"#.utf8).write(to: first)
        try Data(#"{"categories": [{"identifier": "d"}, {"identifier": "c"}]}"#.utf8).write(to: second)
        do {
            _ = try CategoryManifest.load([first, second])
            Issue.record("a category in two manifests loaded")
        } catch {
            #expect(
                error.findings.map { [$0.rule, $0.file ?? "", $0.keyPath ?? "", $0.message] } == [
                    [
                        "category-registered-twice", second.relativePath, "categories[1].identifier",
                        "category 'c' is already declared at \(first.relativePath): categories[0]",
                    ]
                ])
        }
        #expect(try CategoryManifest.load([first]).categories.count == 1)
    }

    @Test func contextsNamingUnknownActionsOrTooMany() {
        let unknown = Self.error(Self.manifest(extra: #""contexts": {"minimal": ["a", "b"]}"#))
        #expect(
            unknown?.findings.map { [$0.rule, $0.keyPath ?? ""] } == [
                ["manifest-invalid", "categories[0].contexts.minimal[1]"]
            ])
        #expect(unknown?.finding.message == "category 'c' has no action 'b' (its actions: a)")
        let three =
            #"[{"identifier": "1", "title": "1"}, {"identifier": "2", "title": "2"}, {"identifier": "3", "title": "3"}]"#
        #expect(
            Self.shapes(Self.manifest(actions: three, extra: #""contexts": {"minimal": ["1", "2", "3"]}"#)) == [
                ["too-many-actions", "test.json", "categories[0].contexts.minimal"]
            ])
        let five =
            #"[{"identifier": "1", "title": "1"}, {"identifier": "2", "title": "2"}, {"identifier": "3", "title": "3"}, {"identifier": "4", "title": "4"}, {"identifier": "5", "title": "5"}]"#
        let tooMany = Self.error(
            Self.manifest(actions: five, extra: #""contexts": {"default": ["1", "2", "3", "4", "5"]}"#))
        #expect(
            tooMany?.findings.map { [$0.rule, $0.keyPath ?? "", $0.severity.rawValue] } == [
                ["too-many-actions", "categories[0].contexts.default", "error"]
            ])
    }

    @Test func categoriesBuiltInCodeAreCheckedTheSameWay() {
        let category = NotificationCategory(identifier: "c", actions: [NotificationAction(identifier: "a", title: "")])
        do {
            _ = try CategoryManifest([category], file: "code")
            Issue.record("an empty title was accepted")
        } catch {
            #expect(
                error.findings.map { [$0.rule, $0.keyPath ?? ""] } == [
                    ["identifier-empty", "categories[0].actions[0].title"]
                ])
        }
    }

    @Test(arguments: [
        ("empty", Data()),
        ("random bytes", Data([0x00, 0xFF, 0x13, 0x99])),
        ("missing comma", Data(#"{"categories": [] "x": 1}"#.utf8)),
    ])
    func unparseableInputIsRefused(label: String, data: Data) {
        #expect(throws: CategoryManifestError.self) { try CategoryManifest.parse(data, file: label) }
    }

    @Test func unreadableFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        #expect(throws: CategoryManifestError.unreadable(file: folder.relativePath, reason: "is a directory")) {
            try CategoryManifest.load(contentsOf: folder)
        }
        let absent = folder.appendingPathComponent("absent.json")
        #expect(throws: CategoryManifestError.unreadable(file: absent.relativePath, reason: "no such file")) {
            try CategoryManifest.load(contentsOf: absent)
        }
    }
}

extension CategoryManifestTests {
    @Test func damagedManifestsNeverCrash() throws {
        let original = try Data(contentsOf: TestPaths.fixture("manifests/reference.json"))
        #expect(throws: Never.self) { try CategoryManifest.parse(original, file: "fuzz") }
        var refused = 0
        for seed in 0..<300 as Range<UInt64> {
            do {
                _ = try CategoryManifest.parse(ByteMutation.mutated(original, seed: seed), file: "fuzz")
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}

/// An action's `icon`: one of `systemImageName` and `templateImageName`, with a name, in JSON and
/// property lists alike.
struct CategoryManifestIconTests {
    @Test func anIconIsASymbolOrATemplateImage() throws {
        let manifest = try CategoryManifestTests.parse(
            CategoryManifestTests.manifest(
                actions: #"""
                    [{"identifier": "done", "title": "Done", "icon": {"systemImageName": "checkmark"}},
                     {"identifier": "reply", "title": "Reply", "icon": {"templateImageName": "ReplyGlyph"}},
                     {"identifier": "plain", "title": "Plain"}]
                    """#))
        let actions = try #require(manifest.category("c")).actions
        #expect(
            actions.map(\.icon) == [
                ActionIcon(kind: .systemImage, name: "checkmark"), ActionIcon(kind: .templateImage, name: "ReplyGlyph"),
                nil,
            ])
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>categories</key><array><dict>
            <key>identifier</key><string>c</string><key>actions</key><array><dict>
            <key>identifier</key><string>a</string><key>title</key><string>A</string>
            <key>icon</key><dict><key>systemImageName</key><string>trash</string></dict>
            </dict></array></dict></array></dict></plist>
            """
        let fromPlist = try CategoryManifest.parse(Data(plist.utf8), file: "c.plist")
        #expect(fromPlist.category("c")?.actions.first?.icon == ActionIcon(kind: .systemImage, name: "trash"))
    }

    @Test func aMalformedIconIsAnErrorAtItsKeyPath() {
        func error(_ icon: String) -> CategoryManifestError? {
            CategoryManifestTests.error(
                CategoryManifestTests.manifest(actions: #"[{"identifier": "a", "title": "A", "icon": \#(icon)}]"#))
        }
        let path = "categories[0].actions[0].icon"
        #expect(error(#"{}"#) == .missingKey(file: "test.json", keyPath: path + ".systemImageName"))
        #expect(
            error(#"{"systemImageName": "a", "templateImageName": "b"}"#)
                == .contradiction(
                    file: "test.json", keyPath: path + ".templateImageName", otherKeyPath: path + ".systemImageName"))
        #expect(
            error(#"{"systemImageName": ""}"#)
                == .wrongType(
                    file: "test.json", keyPath: path + ".systemImageName", expected: "an image name", found: #""""#))
        guard case .wrongType(_, let keyPath, _, _)? = error(#""trash""#) else {
            Issue.record("a string is not an icon")
            return
        }
        #expect(keyPath == path)
        guard case .unknownKey(_, let unknown, let suggestion)? = error(#"{"systemName": "trash"}"#) else {
            Issue.record("an unknown key is named")
            return
        }
        #expect(unknown == path + ".systemName")
        #expect(suggestion == "systemImageName")
        guard case .wrongType(_, let numberPath, _, _)? = error(#"{"systemImageName": 3}"#) else {
            Issue.record("a number is not a name")
            return
        }
        #expect(numberPath == path + ".systemImageName")
    }
}
