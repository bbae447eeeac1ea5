import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `Linter.lint(files:)` lints a project held in memory as `lint(_:)` lints it on disk, and reads
/// nothing from disk.
struct LintFromMemoryTests {
    /// Every regular file below `root`, keyed by its path as the disk lint names it (`root/…`).
    static func contents(of root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[root.path + "/" + relative] = try Data(contentsOf: url)
        }
        return files
    }

    static func expectSame(_ memory: LintResult, _ disk: LintResult, _ name: String) {
        #expect(memory.findings == disk.findings, "\(name)")
        #expect(memory.counts == disk.counts, "\(name)")
        #expect(memory.notes == disk.notes, "\(name)")
        #expect(memory.filesWalked == disk.filesWalked, "\(name)")
        #expect(memory.configurationError == disk.configurationError, "\(name)")
    }

    static let projects: [URL] = {
        let folder = TestPaths.fixture("projects")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) } + [TestPaths.packageFile("Resources")]
    }()

    @Test(arguments: projects)
    func aProjectInMemoryHasTheFindingsItHasOnDisk(root: URL) throws {
        let files = try Self.contents(of: root)
        #expect(!files.isEmpty)
        Self.expectSame(Linter().lint(files: files), Linter().lint([root.path]), root.lastPathComponent)
    }

    @Test func theConfigurationFileAndItsXcconfigAreReadFromMemory() throws {
        let root = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let files: [String: Data] = [
            "push.json": Data(#"{"aps": {"alert": "x", "mutable-content": 1}, "image": "missing.png"}"#.utf8),
            "vendor/other.json": Data(#"{"aps": {"alert": {"titel": "x"}}}"#.utf8),
            "Pods/Lib/push.json": Data(#"{"aps": {"alert": {"titel": "x"}}}"#.utf8),
            "App.xcodeproj/xcuserdata/x.json": Data(#"{"aps": {"alert": {"titel": "x"}}}"#.utf8),
            "Content/Info.plist": Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.content-extension</string>
                <key>NSExtensionPrincipalClass</key><string>$(PRINCIPAL)</string>
                <key>NSExtensionAttributes</key><dict>
                <key>UNNotificationExtensionCategory</key><string>image_category</string>
                <key>UNNotificationExtensionInitialContentSizeRatio</key><real>1</real>
                </dict></dict></dict></plist>
                """.utf8),
            "Config/Base.xcconfig": Data("PRINCIPAL = $(PRODUCT_MODULE_NAME).NotificationViewController\n".utf8),
            LintConfiguration.fileName: Data(
                #"{"exclude": ["vendor/**"], "disable": ["mutable-content-missing"], "xcconfig": "Config/Base.xcconfig"}"#
                    .utf8),
        ]
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let memory = Linter().lint(files: Dictionary(uniqueKeysWithValues: files.map { (root.path + "/" + $0, $1) }))
        #expect(memory.configurationError == nil)
        // The payload, the plist and the configuration file (a `.json` file too).
        #expect(memory.filesWalked == 3)
        #expect(
            memory.findings.allSatisfy { !($0.file ?? "").contains("vendor") && $0.rule != "mutable-content-missing" })
        #expect(memory.findings.contains { $0.rule == "attachment-missing" })
        #expect(!memory.findings.contains { $0.message.contains("PRINCIPAL") })
        Self.expectSame(memory, Linter().lint([root.path]), "config")
        // The xcconfig the file names is looked for among the files, never on disk.
        var withoutXcconfig = files
        withoutXcconfig["Config/Base.xcconfig"] = nil
        let missing = Linter().lint(files: withoutXcconfig)
        #expect(missing.configurationError?.file == "Config/Base.xcconfig")
    }

    @Test func nothingIsReadFromDisk() {
        // Paths that exist on disk, with contents that differ: only the contents given count.
        let files = ["Resources/payloads/image_category.json": Data(#"{"aps": {"alert": {"titel": "x"}}}"#.utf8)]
        let result = Linter().lint(files: files)
        #expect(result.filesWalked == 1)
        #expect(result.findings.contains { $0.rule == "alert-unknown-key" })
        // Its attachment, on disk beside it, is not among the files: not found.
        let attached = Linter().lint(files: [
            "Resources/payloads/image_category.json": Data(
                #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "../attachments/sample-image.jpg"}"#.utf8)
        ])
        #expect(attached.findings.contains { $0.message.contains("sample-image.jpg") && $0.severity == .error })
    }

    @Test func anInvalidConfigurationFileStopsTheLint() {
        let result = Linter().lint(files: [
            LintConfiguration.fileName: Data(#"{"disabel": []}"#.utf8), "push.json": Data(#"{"aps": {}}"#.utf8),
        ])
        #expect(result.failed && result.findings.isEmpty)
        #expect(result.configurationError?.reason.contains("did you mean 'disable'") == true)
        #expect(
            Linter(readsConfigurationFile: false).lint(files: [LintConfiguration.fileName: Data("{".utf8)])
                .configurationError == nil)
    }

    @Test func emptyAndOddInputsGiveAnEmptyLint() {
        #expect(Linter().lint(files: [:]).filesWalked == 0)
        let odd: [String: Data] = [
            "": Data(), "/": Data(), "a/b/": Data(), ".plist": Data(), "x.json": Data(), "y.plist": Data([0xFF, 0x00]),
        ]
        let result = Linter().lint(files: odd)
        #expect(result.filesWalked == 2)
        #expect(result.unreadablePaths.isEmpty)
    }
}
