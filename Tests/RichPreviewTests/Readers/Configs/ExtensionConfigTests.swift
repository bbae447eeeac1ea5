import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct ExtensionConfigTests {
    static let attributesPath = "NSExtension.NSExtensionAttributes"
    static let categoryPath = attributesPath + ".UNNotificationExtensionCategory"
    static let ratioPath = attributesPath + ".UNNotificationExtensionInitialContentSizeRatio"

    @Test func bundledContentSampleReadsWithItsAttributes() throws {
        let url = TestPaths.packageFile("Info-plist-samples/NotificationContent/Info.plist")
        let config = try ExtensionConfig.load(contentsOf: url)
        #expect(config.point == .contentExtension)
        #expect(config.file == url.relativePath)
        #expect(config.categories == ["image_category", "audio_category", "movie_category"])
        #expect(config.mainStoryboard == "MainInterface")
        #expect(config.principalClass == nil)
        #expect(
            config.contentAttributes
                == ContentExtensionAttributes(
                    categories: ["image_category", "audio_category", "movie_category"], initialContentSizeRatio: 0.75))
        #expect(config.bundleIdentifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(config.bundleDisplayName == "NotificationContent")
        #expect(
            config.unresolvedVariables == [
                "DEVELOPMENT_LANGUAGE", "EXECUTABLE_NAME", "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME",
            ])
    }

    @Test func bundledServiceSampleIsAServiceExtension() throws {
        let config = try ExtensionConfig.load(
            contentsOf: TestPaths.packageFile("Info-plist-samples/NotificationService/Info.plist"),
            variables: BuildVariables(["PRODUCT_MODULE_NAME": "Service"]))
        #expect(config.point == .serviceExtension)
        #expect(config.principalClass == "Service.NotificationService")
        #expect(config.contentAttributes == nil)
        #expect(config.categories.isEmpty)
        #expect(!config.unresolvedVariables.contains("PRODUCT_MODULE_NAME"))
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func xmlAndBinaryFormsReadTheSame(format: PropertyListSerialization.PropertyListFormat) throws {
        let plist = PlistFixture.content(attributes: [
            "UNNotificationExtensionDefaultContentHidden": true, "UNNotificationExtensionUserInteractionEnabled": true,
            "UNNotificationExtensionInitialContentSizeRatio": 1,
        ])
        let config = try PlistFixture.parse(
            plist, format: format, variables: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.content"])
        #expect(
            config.contentAttributes
                == ContentExtensionAttributes(
                    categories: ["image_category", "audio_category", "movie_category"], initialContentSizeRatio: 1,
                    defaultContentHidden: true, userInteractionEnabled: true))
        #expect(config.bundleIdentifier == "com.example.content")
        #expect(config.unresolvedVariables == ["PRODUCT_NAME"])
    }

    @Test func oldStyleFormReadsWithoutStringWarnings() throws {
        let config = try ExtensionConfig.load(contentsOf: TestPaths.fixture("plists/ContentExtension-openstep.plist"))
        let xml = try ExtensionConfig.load(
            contentsOf: TestPaths.packageFile("Info-plist-samples/NotificationContent/Info.plist"))
        #expect(config.point == .contentExtension)
        #expect(config.categories == xml.categories)
        #expect(config.contentAttributes?.initialContentSizeRatio == 0.75)
        #expect(config.contentAttributes?.defaultContentHidden == false)
        #expect(config.contentAttributes?.userInteractionEnabled == true)
        #expect(config.unresolvedVariables == ["PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME"])
    }

    @Test func aSingleCategoryStringIsAListOfOne() throws {
        let config = try PlistFixture.parse(PlistFixture.content(categories: "image_category"))
        #expect(config.categories == ["image_category"])
    }

    @Test func categoriesMayUseBuildVariables() throws {
        let config = try PlistFixture.parse(
            PlistFixture.content(categories: ["$(CATEGORY)"]), variables: ["CATEGORY": "image_category"])
        #expect(config.categories == ["image_category"])
    }

    @Test func optionalBooleansDefaultToFalse() throws {
        let attributes = try #require(try PlistFixture.parse(PlistFixture.content()).contentAttributes)
        #expect(
            !attributes.defaultContentHidden && !attributes.overridesDefaultTitle && !attributes.userInteractionEnabled)
    }

    // MARK: Findings

    /// Every finding of the plist rules for `plist`, as (rule, key path, severity).
    static func findings(_ plist: Any, format: PropertyListSerialization.PropertyListFormat = .xml) -> [Finding] {
        guard let data = try? PlistFixture.data(plist, format: format) else {
            Issue.record("the test plist does not serialize")
            return []
        }
        return ExtensionConfig.check(data, file: "Test/Info.plist").findings
    }

    static func shapes(_ plist: Any) -> [[String]] {
        findings(plist).map { [$0.rule, $0.keyPath ?? "", $0.severity.rawValue] }
    }

    /// Category values by name, since test arguments must be Sendable.
    static func categoryValue(_ name: String) -> Any? {
        switch name {
        case "number": 3
        case "dictionary": ["a": "b"]
        case "empty string": ""
        case "empty array": [String]()
        case "empty element": ["a", ""]
        default: nil
        }
    }

    @Test func categoryMissingOrOfTheWrongType() {
        let missing = PlistFixture.content(attributes: ["UNNotificationExtensionCategory": nil])
        #expect(Self.shapes(missing) == [["category-missing", Self.categoryPath, "error"]])
        for name in ["number", "dictionary"] {
            let plist = PlistFixture.content(attributes: ["UNNotificationExtensionCategory": Self.categoryValue(name)])
            #expect(Self.shapes(plist) == [["category-invalid", Self.categoryPath, "error"]], "\(name)")
        }
    }

    @Test(arguments: [("empty string", ""), ("empty array", ""), ("empty element", "[1]")])
    func emptyCategoriesAreInvalid(name: String, suffix: String) throws {
        let value = try #require(Self.categoryValue(name))
        #expect(
            Self.shapes(PlistFixture.content(categories: value)) == [
                ["category-invalid", Self.categoryPath + suffix, "error"]
            ])
    }

    @Test func aNonStringInTheCategoryArrayIsAWrongType() {
        let found = Self.findings(PlistFixture.content(categories: ["a", 7]))
        #expect(found.map { [$0.rule, $0.keyPath ?? ""] } == [["category-invalid", Self.categoryPath + "[1]"]])
        #expect(found.first?.message == "expected a string, found integer 7")
    }

    @Test(arguments: [-1.5, Double.infinity])
    func ratioMustBePositive(value: Double) {
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": value])
        #expect(Self.shapes(plist) == [["size-ratio-invalid", Self.ratioPath, "error"]])
    }

    @Test func aRatioOfZeroIsANoteAndTheExtensionLoads() throws {
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": 0])
        #expect(Self.shapes(plist) == [["size-ratio-invalid", Self.ratioPath, "note"]])
        #expect(try PlistFixture.parse(plist).contentAttributes?.initialContentSizeRatio == 0)
    }

    @Test func ratioMissingOrNotANumber() {
        let missing = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": nil])
        #expect(Self.findings(missing).map(\.message) == ["missing: expected a positive number (height ÷ width)"])
        let text = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": "tall"])
        #expect(Self.shapes(text) == [["size-ratio-invalid", Self.ratioPath, "error"]])
    }

    @Test func storyboardAndPrincipalClassBothOrNeitherWillNotLoad() {
        let both = PlistFixture.content(nsExtension: ["NSExtensionPrincipalClass": "Module.ViewController"])
        #expect(Self.shapes(both) == [["storyboard-and-class", "NSExtension", "error"]])
        #expect(Self.findings(both).first?.message.hasPrefix("both NSExtensionMainStoryboard") == true)
        let neither = PlistFixture.content(nsExtension: ["NSExtensionMainStoryboard": nil])
        #expect(Self.findings(neither).first?.message.hasPrefix("neither NSExtensionMainStoryboard") == true)
        let classOnly = PlistFixture.content(nsExtension: [
            "NSExtensionMainStoryboard": nil, "NSExtensionPrincipalClass": "VC",
        ])
        #expect(Self.findings(classOnly).isEmpty)
    }

    @Test func otherExtensionPointsAreNamed() {
        let plist = PlistFixture.content(nsExtension: ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"])
        let found = Self.findings(plist)
        #expect(
            found.map { [$0.rule, $0.keyPath ?? ""] } == [
                ["extension-point-unknown", "NSExtension.NSExtensionPointIdentifier"]
            ])
        #expect(
            found.first?.message.hasPrefix("'com.apple.widgetkit-extension' is not a notification extension point")
                == true)
        let missing = PlistFixture.content(nsExtension: ["NSExtensionPointIdentifier": nil])
        #expect(
            Self.shapes(missing) == [["extension-point-unknown", "NSExtension.NSExtensionPointIdentifier", "error"]])
    }

    @Test func attributesMustBeADictionary() {
        #expect(
            Self.shapes(PlistFixture.content(nsExtension: ["NSExtensionAttributes": nil])) == [
                ["category-missing", Self.attributesPath, "error"]
            ])
        #expect(
            Self.shapes(PlistFixture.content(nsExtension: ["NSExtensionAttributes": ["x"]])) == [
                ["category-missing", Self.attributesPath, "error"]
            ])
    }

    @Test func serviceExtensionNeedsItsClass() {
        let found = Self.findings(PlistFixture.service(principalClass: nil))
        #expect(
            found.map { [$0.rule, $0.keyPath ?? ""] } == [
                ["storyboard-and-class", "NSExtension.NSExtensionPrincipalClass"]
            ])
        #expect(found.first?.message == "missing: expected the class of the service extension")
    }

    @Test func structureErrorsNameWhereTheyAre() {
        #expect(Self.shapes(["CFBundleName": "App"]) == [["extension-point-unknown", "NSExtension", "error"]])
        let notADictionary = Self.findings(["NSExtension": 42])
        #expect(notADictionary.map { [$0.rule, $0.keyPath ?? ""] } == [["extension-point-unknown", "NSExtension"]])
        #expect(notADictionary.first?.message == "expected a dictionary, found integer 42")
        #expect(Self.shapes(["a", "b"]) == [["plist-unreadable", "", "error"]])
    }

    @Test func everyFindingOfAPlistIsReportedNotOnlyTheFirst() {
        let plist = PlistFixture.content(
            categories: ["a", "a"],
            attributes: ["UNNotificationExtensionInitialContentSizeRatio": 0, "UNNotificationExtensionCatgory": "x"],
            nsExtension: ["NSExtensionPrincipalClass": "VC"])
        #expect(
            Set(Self.findings(plist).map(\.rule)) == [
                "storyboard-and-class", "size-ratio-invalid", "category-duplicate", "unknown-attribute",
            ])
    }

    @Test(arguments: [
        ("empty", Data()),
        ("random bytes", Data([0x00, 0xFF, 0x13, 0x99, 0x42, 0x07])),
        ("truncated XML", Data("<?xml version=\"1.0\"?><plist><dict><key>NSExtension</key>".utf8)),
        ("truncated binary", Data("bplist00".utf8) + Data([0xD1, 0x01, 0x02])),
    ])
    func badBytesAreNotAPropertyList(label: String, data: Data) {
        let report = ExtensionConfig.check(data, file: label)
        #expect(report.config == nil)
        #expect(report.findings.map(\.rule) == ["plist-unreadable"], "\(label): \(report.findings)")
        #expect(throws: ExtensionConfigError.self) { try ExtensionConfig.parse(data, file: label) }
    }

    @Test func unreadableFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in [folder, folder.appendingPathComponent("absent.plist")] {
            do {
                _ = try ExtensionConfig.load(contentsOf: url)
                Issue.record("loaded \(url)")
            } catch {
                #expect(error.finding.rule == "plist-unreadable" && error.finding.file == url.relativePath)
            }
        }
    }

    @Test func errorDescriptionsNameFileAndKeyPath() throws {
        let data = try PlistFixture.data(
            PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": -1]))
        do {
            _ = try ExtensionConfig.parse(data, file: "A/Info.plist")
            Issue.record("parsed")
        } catch {
            #expect(
                error.description
                    == "A/Info.plist: \(Self.ratioPath): expected a positive number (height ÷ width), found integer -1")
        }
    }

    // MARK: Warnings

    @Test func booleansWrittenAsStringsAreWarnedAndReadAsBoolValue() throws {
        let plist = PlistFixture.content(attributes: [
            "UNNotificationExtensionDefaultContentHidden": "YES", "UNNotificationExtensionOverridesDefaultTitle": "NO",
            "UNNotificationExtensionUserInteractionEnabled": 1,
        ])
        let config = try PlistFixture.parse(plist)
        #expect(config.contentAttributes?.defaultContentHidden == true)
        #expect(config.contentAttributes?.overridesDefaultTitle == false)
        #expect(config.contentAttributes?.userInteractionEnabled == true)
        #expect(
            Self.findings(plist).map { [$0.rule, $0.keyPath ?? "", $0.message] } == [
                [
                    "bool-as-string", Self.attributesPath + ".UNNotificationExtensionDefaultContentHidden",
                    "expected <true/> or <false/>, found string \"YES\" (read as true)",
                ],
                [
                    "bool-as-string", Self.attributesPath + ".UNNotificationExtensionOverridesDefaultTitle",
                    "expected <true/> or <false/>, found string \"NO\" (read as false)",
                ],
                [
                    "bool-as-string", Self.attributesPath + ".UNNotificationExtensionUserInteractionEnabled",
                    "expected <true/> or <false/>, found integer 1 (read as true)",
                ],
            ])
    }

    @Test func aBooleanOfAnotherTypeIsAnError() {
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionDefaultContentHidden": ["YES"]])
        #expect(
            Self.shapes(plist) == [
                ["bool-as-string", Self.attributesPath + ".UNNotificationExtensionDefaultContentHidden", "error"]
            ])
    }

    @Test func ratioWrittenAsAStringIsWarned() throws {
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": "0.5"])
        #expect(try PlistFixture.parse(plist).contentAttributes?.initialContentSizeRatio == 0.5)
        #expect(Self.shapes(plist) == [["size-ratio-invalid", Self.ratioPath, "warning"]])
    }

    @Test func misspeltAndMisplacedAttributesAreWarned() throws {
        let plist = PlistFixture.content(
            attributes: ["UNNotificationDefaultContentHidden": true],
            nsExtension: ["UNNotificationExtensionOverridesDefaultTitle": true])
        let config = try PlistFixture.parse(plist)
        #expect(config.contentAttributes?.defaultContentHidden == false)
        #expect(config.contentAttributes?.overridesDefaultTitle == false)
        let found = Self.findings(plist)
        #expect(
            Set(found.map { [$0.rule, $0.keyPath ?? "", $0.severity.rawValue] }) == [
                ["attributes-misplaced", "NSExtension.UNNotificationExtensionOverridesDefaultTitle", "warning"],
                ["unknown-attribute", Self.attributesPath + ".UNNotificationDefaultContentHidden", "warning"],
            ])
        #expect(
            found.first { $0.rule == "unknown-attribute" }?.suggestion == "UNNotificationExtensionDefaultContentHidden")
    }

    @Test func repeatedCategoriesAreWarnedAndKeptOnce() throws {
        let plist = PlistFixture.content(categories: ["a", "b", "a", "A"])
        #expect(try PlistFixture.parse(plist).categories == ["a", "b", "A"])
        #expect(Self.shapes(plist) == [["category-duplicate", Self.categoryPath + "[2]", "warning"]])
    }

    @Test func serviceExtensionAttributesAreIgnoredWithAWarning() throws {
        var plist = PlistFixture.service()
        var nsExtension = try #require(plist["NSExtension"] as? [String: Any])
        nsExtension["NSExtensionAttributes"] = ["UNNotificationExtensionCategory": "image_category"]
        plist["NSExtension"] = nsExtension
        let config = try PlistFixture.parse(plist)
        #expect(config.categories.isEmpty)
        #expect(
            Self.shapes(plist) == [
                ["attributes-misplaced", Self.attributesPath + ".UNNotificationExtensionCategory", "warning"]
            ])
    }

    @Test func aServiceExtensionMayDeclareTheIntentsOfCommunicationNotifications() throws {
        var plist = PlistFixture.service()
        var nsExtension = try #require(plist["NSExtension"] as? [String: Any])
        nsExtension["NSExtensionAttributes"] = ["IntentsSupported": ["INSendMessageIntent"]]
        plist["NSExtension"] = nsExtension
        #expect(Self.shapes(plist).isEmpty)
    }
}

extension ExtensionConfigTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func damagedPlistsNeverCrash(format: PropertyListSerialization.PropertyListFormat) throws {
        let original = try PlistFixture.data(PlistFixture.content(), format: format)
        var refused = 0
        for seed in 0..<300 as Range<UInt64> {
            do {
                _ = try ExtensionConfig.parse(ByteMutation.mutated(original, seed: seed), file: "fuzz")
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0 && refused < 300)
    }
}

/// Binary property lists whose object table holds a set, a type the XML and old-style forms cannot
/// express: they are refused, naming the set, rather than handed to Foundation (which crashes on
/// them on Linux).
struct BinaryPropertyListSetTests {
    /// A binary property list of `objects` (each its marker and data), the first the top, with
    /// one-byte object references and two-byte offsets.
    static func binaryPlist(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        let trailer: [UInt64] = [UInt64(objects.count), 0, UInt64(table)]
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        for value in trailer { bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return Data(bytes)
    }

    static let key: [UInt8] = [0x51, 0x6B]  // the one-character ASCII string "k"

    @Test(
        arguments: [
            ("a set at the top", [[0xC1, 0x01], [0x51, 0x61]], 0),
            ("a set of strings in a dictionary", [[0xD1, 0x01, 0x02], key, [0xC1, 0x03], [0x51, 0x61]], 2),
            ("a set holding a dictionary", [[0xD1, 0x01, 0x02], key, [0xC1, 0x03], [0xD0]], 2),
            ("an empty set in an array", [[0xA1, 0x01], [0xC0]], 1),
        ] as [(String, [[UInt8]], Int)])
    func aSetIsRefusedAndNamed(label: String, objects: [[UInt8]], index: Int) {
        let data = Self.binaryPlist(objects)
        let finding = ExtensionConfig.check(data, file: "Info.plist").findings.first
        #expect(
            finding?.rule == "plist-unreadable" && finding?.message.contains("holds a set (object \(index))") == true)
    }

    @Test func theSameListWithAnArrayInsteadReads() throws {
        // {"k": ["a"]}: a list that reads, with no NSExtension, so it is refused for that instead.
        let data = Self.binaryPlist([[0xD1, 0x01, 0x02], Self.key, [0xA1, 0x03], [0x51, 0x61]])
        let report = ExtensionConfig.check(data, file: "Info.plist")
        #expect(!report.isExtensionPlist && report.findings.map(\.rule) == ["extension-point-unknown"])
    }

    @Test func aTableOffsetPastTheTrailerIsLeftToFoundation() {
        var data = Self.binaryPlist([[0xC1, 0x01], [0x51, 0x61]])
        data[data.count - 1] = 0xFF  // the offset table's start, past the end
        let finding = ExtensionConfig.check(data, file: "Info.plist").findings.first
        #expect(
            finding?.rule == "plist-unreadable" && finding?.message.contains("damaged binary property list") == true)
    }
}
