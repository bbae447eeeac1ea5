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
        #expect(config.warnings.isEmpty)
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
        #expect(config.warnings.isEmpty)
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
        #expect(config.warnings.isEmpty)
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

    // MARK: Errors

    static func error(_ plist: Any, format: PropertyListSerialization.PropertyListFormat = .xml)
        -> ExtensionConfigError?
    {
        guard let data = try? PlistFixture.data(plist, format: format) else {
            Issue.record("the test plist does not serialize")
            return nil
        }
        do {
            _ = try ExtensionConfig.parse(data, file: "Test/Info.plist")
            return nil
        } catch {
            return error
        }
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

    @Test(arguments: ["missing", "number", "dictionary"])
    func categoryOfTheWrongTypeOrMissing(name: String) {
        let value = Self.categoryValue(name)
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionCategory": value])
        switch Self.error(plist) {
        case .missingKey(_, let keyPath, _) where value == nil: #expect(keyPath == Self.categoryPath)
        case .wrongType(_, let keyPath, _, _) where value != nil: #expect(keyPath == Self.categoryPath)
        case let other: Issue.record("\(name): unexpected \(String(describing: other))")
        }
    }

    @Test(arguments: [("empty string", ""), ("empty array", ""), ("empty element", "[1]")])
    func emptyCategoriesAreInvalid(name: String, suffix: String) throws {
        let value = try #require(Self.categoryValue(name))
        guard case .invalidValue(let file, let path, _, _) = Self.error(PlistFixture.content(categories: value)) else {
            Issue.record("expected invalidValue")
            return
        }
        #expect(file == "Test/Info.plist")
        #expect(path == Self.categoryPath + suffix)
    }

    @Test func aNonStringInTheCategoryArrayIsAWrongType() {
        guard case .wrongType(_, let keyPath, _, let found) = Self.error(PlistFixture.content(categories: ["a", 7]))
        else {
            Issue.record("expected wrongType")
            return
        }
        #expect(keyPath == Self.categoryPath + "[1]")
        #expect(found == "integer 7")
    }

    @Test(arguments: [0, -1.5, Double.infinity])
    func ratioMustBePositive(value: Double) {
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": value])
        guard case .invalidValue(_, let keyPath, _, _) = Self.error(plist) else {
            Issue.record("expected invalidValue for \(value)")
            return
        }
        #expect(keyPath == Self.ratioPath)
    }

    @Test func ratioMissingOrNotANumber() {
        let missing = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": nil])
        #expect(
            Self.error(missing)
                == .missingKey(
                    file: "Test/Info.plist", keyPath: Self.ratioPath, expected: "a positive number (height ÷ width)"))
        let text = PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": "tall"])
        guard case .wrongType(_, let keyPath, _, _) = Self.error(text) else {
            Issue.record("expected wrongType")
            return
        }
        #expect(keyPath == Self.ratioPath)
    }

    @Test func storyboardAndPrincipalClassBothOrNeitherWillNotLoad() {
        let both = PlistFixture.content(nsExtension: ["NSExtensionPrincipalClass": "Module.ViewController"])
        #expect(Self.error(both) == .entryPoint(file: "Test/Info.plist", keyPath: "NSExtension", bothSet: true))
        let neither = PlistFixture.content(nsExtension: ["NSExtensionMainStoryboard": nil])
        #expect(Self.error(neither) == .entryPoint(file: "Test/Info.plist", keyPath: "NSExtension", bothSet: false))
        let classOnly = PlistFixture.content(nsExtension: [
            "NSExtensionMainStoryboard": nil, "NSExtensionPrincipalClass": "VC",
        ])
        #expect(Self.error(classOnly) == nil)
    }

    @Test func otherExtensionPointsAreNamed() {
        let plist = PlistFixture.content(nsExtension: ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"])
        #expect(
            Self.error(plist)
                == .unknownExtensionPoint(
                    file: "Test/Info.plist", keyPath: "NSExtension.NSExtensionPointIdentifier",
                    found: "com.apple.widgetkit-extension"))
        let missing = PlistFixture.content(nsExtension: ["NSExtensionPointIdentifier": nil])
        guard case .missingKey(_, let keyPath, _) = Self.error(missing) else {
            Issue.record("expected missingKey")
            return
        }
        #expect(keyPath == "NSExtension.NSExtensionPointIdentifier")
    }

    @Test func attributesMustBeADictionary() {
        guard
            case .missingKey(_, let keyPath, _) = Self.error(
                PlistFixture.content(nsExtension: ["NSExtensionAttributes": nil]))
        else {
            Issue.record("expected missingKey")
            return
        }
        #expect(keyPath == Self.attributesPath)
        guard
            case .wrongType(_, let path, _, _) = Self.error(
                PlistFixture.content(nsExtension: ["NSExtensionAttributes": ["x"]]))
        else {
            Issue.record("expected wrongType")
            return
        }
        #expect(path == Self.attributesPath)
    }

    @Test func serviceExtensionNeedsItsClass() {
        #expect(
            Self.error(PlistFixture.service(principalClass: nil))
                == .missingKey(
                    file: "Test/Info.plist", keyPath: "NSExtension.NSExtensionPrincipalClass",
                    expected: "the class of the service extension"))
    }

    @Test func structureErrorsNameWhereTheyAre() {
        #expect(Self.error(["CFBundleName": "App"]) == .notAnExtension(file: "Test/Info.plist"))
        guard case .wrongType(_, let keyPath, _, let found) = Self.error(["NSExtension": 42]) else {
            Issue.record("expected wrongType")
            return
        }
        #expect(keyPath == "NSExtension")
        #expect(found == "integer 42")
        guard case .wrongType(_, let rootPath, _, _) = Self.error(["a", "b"]) else {
            Issue.record("expected wrongType at the top level")
            return
        }
        #expect(rootPath == "")
    }

    @Test(arguments: [
        ("empty", Data()),
        ("random bytes", Data([0x00, 0xFF, 0x13, 0x99, 0x42, 0x07])),
        ("truncated XML", Data("<?xml version=\"1.0\"?><plist><dict><key>NSExtension</key>".utf8)),
        ("truncated binary", Data("bplist00".utf8) + Data([0xD1, 0x01, 0x02])),
    ])
    func badBytesAreNotAPropertyList(label: String, data: Data) {
        #expect(throws: ExtensionConfigError.self) { try ExtensionConfig.parse(data, file: label) }
        do {
            _ = try ExtensionConfig.parse(data, file: label)
        } catch {
            switch error {
            case .notAPropertyList, .wrongType: break
            default: Issue.record("\(label): \(error)")
            }
        }
    }

    @Test func unreadableFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        for url in [folder, folder.appendingPathComponent("absent.plist")] {
            #expect(throws: ExtensionConfigError.self) { try ExtensionConfig.load(contentsOf: url) }
            do {
                _ = try ExtensionConfig.load(contentsOf: url)
            } catch {
                guard case .unreadable(let file, _) = error else {
                    Issue.record("expected unreadable, got \(error)")
                    continue
                }
                #expect(file == url.relativePath)
            }
        }
    }

    @Test func errorDescriptionsNameFileAndKeyPath() {
        let error = ExtensionConfigError.invalidValue(
            file: "A/Info.plist", keyPath: Self.ratioPath, expected: "a positive number", found: "integer 0")
        #expect(error.description == "A/Info.plist: \(Self.ratioPath): expected a positive number, found integer 0")
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
            config.warnings == [
                .notABoolean(
                    file: "Test/Info.plist",
                    keyPath: Self.attributesPath + ".UNNotificationExtensionDefaultContentHidden",
                    found: "string \"YES\"", readAs: true),
                .notABoolean(
                    file: "Test/Info.plist",
                    keyPath: Self.attributesPath + ".UNNotificationExtensionOverridesDefaultTitle",
                    found: "string \"NO\"", readAs: false),
                .notABoolean(
                    file: "Test/Info.plist",
                    keyPath: Self.attributesPath + ".UNNotificationExtensionUserInteractionEnabled", found: "integer 1",
                    readAs: true),
            ])
    }

    @Test func aBooleanOfAnotherTypeIsAnError() {
        let plist = PlistFixture.content(attributes: ["UNNotificationExtensionDefaultContentHidden": ["YES"]])
        guard case .wrongType(_, let keyPath, _, _) = Self.error(plist) else {
            Issue.record("expected wrongType")
            return
        }
        #expect(keyPath == Self.attributesPath + ".UNNotificationExtensionDefaultContentHidden")
    }

    @Test func ratioWrittenAsAStringIsWarned() throws {
        let config = try PlistFixture.parse(
            PlistFixture.content(attributes: ["UNNotificationExtensionInitialContentSizeRatio": "0.5"]))
        #expect(config.contentAttributes?.initialContentSizeRatio == 0.5)
        #expect(
            config.warnings == [
                .notANumber(file: "Test/Info.plist", keyPath: Self.ratioPath, found: "string \"0.5\"", readAs: 0.5)
            ])
    }

    @Test func misspeltAndMisplacedAttributesAreWarned() throws {
        let plist = PlistFixture.content(
            attributes: ["UNNotificationDefaultContentHidden": true],
            nsExtension: ["UNNotificationExtensionOverridesDefaultTitle": true])
        let config = try PlistFixture.parse(plist)
        #expect(config.contentAttributes?.defaultContentHidden == false)
        #expect(config.contentAttributes?.overridesDefaultTitle == false)
        #expect(
            config.warnings == [
                .attributeOutsideAttributes(
                    file: "Test/Info.plist", keyPath: "NSExtension.UNNotificationExtensionOverridesDefaultTitle"),
                .unknownAttribute(
                    file: "Test/Info.plist", keyPath: Self.attributesPath + ".UNNotificationDefaultContentHidden",
                    suggestion: "UNNotificationExtensionDefaultContentHidden"),
            ])
    }

    @Test func repeatedCategoriesAreWarnedAndKeptOnce() throws {
        let config = try PlistFixture.parse(PlistFixture.content(categories: ["a", "b", "a", "A"]))
        #expect(config.categories == ["a", "b", "A"])
        #expect(
            config.warnings == [
                .repeatedCategory(file: "Test/Info.plist", keyPath: Self.categoryPath + "[2]", category: "a")
            ])
    }

    @Test func serviceExtensionAttributesAreIgnoredWithAWarning() throws {
        var plist = PlistFixture.service()
        var nsExtension = try #require(plist["NSExtension"] as? [String: Any])
        nsExtension["NSExtensionAttributes"] = ["UNNotificationExtensionCategory": "image_category"]
        plist["NSExtension"] = nsExtension
        let config = try PlistFixture.parse(plist)
        #expect(config.categories.isEmpty)
        #expect(config.warnings == [.attributesIgnored(file: "Test/Info.plist", keyPath: Self.attributesPath)])
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
        #expect {
            try ExtensionConfig.parse(data, file: "Info.plist")
        } throws: { error in
            guard case .notAPropertyList(_, let reason) = error as? ExtensionConfigError else { return false }
            return reason.contains("holds a set (object \(index))")
        }
    }

    @Test func theSameListWithAnArrayInsteadReads() throws {
        // {"k": ["a"]}: a list that reads, with no NSExtension, so it is refused for that instead.
        let data = Self.binaryPlist([[0xD1, 0x01, 0x02], Self.key, [0xA1, 0x03], [0x51, 0x61]])
        #expect {
            try ExtensionConfig.parse(data, file: "Info.plist")
        } throws: { error in
            guard case .notAnExtension = error as? ExtensionConfigError else { return false }
            return true
        }
    }

    @Test func aTableOffsetPastTheTrailerIsLeftToFoundation() {
        var data = Self.binaryPlist([[0xC1, 0x01], [0x51, 0x61]])
        data[data.count - 1] = 0xFF  // the offset table's start, past the end
        #expect {
            try ExtensionConfig.parse(data, file: "Info.plist")
        } throws: { error in
            guard case .notAPropertyList(_, let reason) = error as? ExtensionConfigError else { return false }
            return reason.contains("damaged binary property list")
        }
    }
}
