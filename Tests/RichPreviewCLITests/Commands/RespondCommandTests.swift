import Foundation
import RichPreviewTestSupport
import Testing

struct RespondCommandTests {
    struct Row: Decodable, Equatable {
        var category: String
        var action: String
        var `extension`: String?
        var response: String
        var forwardedToApp: Bool
        var foreground: Bool
        var authenticationRequired: Bool
        var destructive: Bool
        var text: String?
        var systemAction: Bool
    }

    static let seedArguments = [
        "respond", "--extensions", "Info-plist-samples", "--categories", "Resources/categories.json",
    ]
    static let manifest = TestPaths.packageFile("Resources/categories.json").path
    static let extensions = TestPaths.packageFile("Info-plist-samples").path

    static func run(_ arguments: [String]) -> ToolRun {
        ToolRun.inProcess(["respond", "--extensions", extensions, "--categories", manifest] + arguments)
    }

    @Test(arguments: ["image", "audio", "movie"])
    func seedScenarioThroughTheBuiltBinary(kind: String) throws {
        let confirm = try ToolRun.binary(
            Self.seedArguments + ["--category", "\(kind)_category", "--action", "\(kind)confirmaction"])
        #expect(confirm.status == 0)
        #expect(confirm.out.hasPrefix("\(kind)_category \(kind)confirmaction: dismissAndForwardAction\n"))
        #expect(confirm.out.contains("extension: Info-plist-samples/NotificationContent/Info.plist"))
        #expect(confirm.err.isEmpty)
        let cancel = try ToolRun.binary(
            Self.seedArguments + ["--category", "\(kind)_category", "--action", "\(kind)concelaction", "--json"])
        #expect(cancel.status == 0)
        let row = try JSONDecoder().decode(Row.self, from: Data(cancel.out.utf8))
        #expect(
            row
                == Row(
                    category: "\(kind)_category", action: "\(kind)concelaction",
                    extension: "Info-plist-samples/NotificationContent/Info.plist",
                    response: "dismiss", forwardedToApp: false, foreground: false, authenticationRequired: false,
                    destructive: false,
                    text: nil, systemAction: false))
    }

    @Test func jsonHasEveryKeySortedWithNulls() throws {
        let run = ToolRun.inProcess([
            "respond", "--categories", Self.manifest, "--category", "image_category", "--action", "imageconfirmaction",
            "--json",
        ])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "action", "authenticationRequired", "category", "destructive", "error", "extension", "foreground",
                "forwardedToApp", "response", "systemAction", "text",
            ])
        #expect(object["extension"] is NSNull)
        #expect(object["text"] is NSNull)
        let keys = run.out.split(separator: "\n").compactMap {
            $0.split(separator: "\"").dropFirst().first.map(String.init)
        }
        #expect(keys == keys.sorted())
    }

    @Test func textIsPassedToATextInputAction() throws {
        let reference = TestPaths.fixture("manifests/reference.json").path
        let run = ToolRun.inProcess([
            "respond", "--categories", reference, "--category", "image_category", "--action", "reply", "--text", "好的",
            "--json",
        ])
        #expect(run.status == 0)
        #expect(try JSONDecoder().decode(Row.self, from: Data(run.out.utf8)).text == "好的")
        let plain = ToolRun.inProcess([
            "respond", "--categories", reference, "--category", "image_category", "--action", "reply", "--text", "ok",
        ])
        #expect(plain.out.contains("  text: ok\n"))
    }

    @Test func invalidInputExitsOneWithOneLocatedLine() throws {
        let unknownCategory = Self.run(["--category", "photo_category", "--action", "imageconfirmaction"])
        #expect(unknownCategory.status == 1)
        #expect(unknownCategory.err.hasPrefix("richpreview: error: category 'photo_category' is not registered"))
        #expect(unknownCategory.out.isEmpty)

        let unknownAction = Self.run(["--category", "movie_category", "--action", "play"])
        #expect(unknownAction.status == 1)
        #expect(
            unknownAction.err
                == "\(Self.manifest): error: categories[2].actions: category 'movie_category' has no action 'play' (its actions: movieconfirmaction, movieconcelaction, default) [action-unknown]\n"
        )

        let text = Self.run(["--category", "movie_category", "--action", "movieconfirmaction", "--text", "hi"])
        #expect(text.status == 1)
        #expect(text.err.split(separator: "\n").count == 1)
    }

    @Test func badManifestsAndPlistsExitOne() throws {
        let folder = try TestPaths.temporaryFolder()
        let manifest = folder.appendingPathComponent("bad.json")
        try Data(
            #"{"categories": [{"identifier": "c", "actions": [{"identifier": "a", "title": "A", "respnse": "dismiss"}]}]}"#
                .utf8
        )
        .write(to: manifest)
        let run = ToolRun.inProcess(["respond", "--categories", manifest.path, "--category", "c", "--action", "a"])
        #expect(run.status == 1)
        #expect(
            run.err
                == "\(manifest.path): error: categories[0].actions[0].respnse: unknown key; did you mean 'response'? [manifest-invalid]\n"
        )

        let plist = folder.appendingPathComponent("Info.plist")
        try Data("<?xml version=\"1.0\"?><plist><dict><key>NSExtension</key><array/></dict></plist>".utf8).write(
            to: plist)
        let badPlist = ToolRun.inProcess([
            "respond", "--extensions", plist.path, "--categories", Self.manifest, "--category", "image_category",
            "--action", "default",
        ])
        #expect(badPlist.status == 1)
        #expect(
            badPlist.err
                == "\(plist.path):1: error: NSExtension: expected a dictionary, found empty array [extension-point-unknown]\n"
        )

        let missing = ToolRun.inProcess([
            "respond", "--categories", folder.appendingPathComponent("none.json").path, "--category", "c", "--action",
            "a",
        ])
        #expect(missing.status == 1)
        #expect(missing.err.hasSuffix("none.json: error: no such file [manifest-unreadable]\n"))
    }

    @Test func categoriesClaimedTwiceAreErrorsThoughTheFirstExtensionAnswers() throws {
        let folder = try TestPaths.temporaryFolder()
        let sample = TestPaths.packageFile("Info-plist-samples/NotificationContent/Info.plist")
        for name in ["A", "B"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample, to: folder.appendingPathComponent("\(name)/Info.plist"))
        }
        let run = ToolRun.inProcess([
            "respond", "--extensions", folder.path, "--categories", Self.manifest, "--category", "audio_category",
            "--action", "audioconfirmaction",
        ])
        #expect(run.status == 1)
        #expect(run.out.contains("extension: \(folder.path)/A/Info.plist"))
        let errors = run.err.split(separator: "\n")
        #expect(errors.count == 3)
        #expect(
            errors.allSatisfy {
                $0.hasPrefix(
                    "\(folder.path)/B/Info.plist: error: NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory: "
                ) && $0.hasSuffix("[category-claimed-twice]")
            })
    }

    @Test(arguments: [
        ["--action", "a", "--categories", "x.json"],
        ["--category", "c", "--categories", "x.json"],
        ["--category", "c", "--action", "a"],
        ["--category", "c", "--action", "a", "--categories", "x.json", "--bogus"],
    ])
    func missingRequiredOptionsAreUsageErrors(arguments: [String]) {
        let run = ToolRun.inProcess(["respond"] + arguments)
        #expect(run.status == 2)
        #expect(run.err.split(separator: "\n").last?.hasPrefix("usage: richpreview respond") == true)
    }

    @Test func helpDescribesTheCommand() {
        let run = ToolRun.inProcess(["help", "respond"])
        #expect(run.status == 0)
        #expect(run.out.contains("usage: richpreview respond"))
        #expect(run.out.contains("--categories FILE"))
        #expect(ToolRun.inProcess(["--help"]).out.contains("respond"))
    }
}
