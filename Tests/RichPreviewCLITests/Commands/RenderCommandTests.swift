import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `render` through the command: goldens for the bundled samples, exact widths, escaping, options.
struct RenderCommandTests {
    static let samples = ["image", "audio", "movie"]
    static let context = [
        "--attachments", TestPaths.packageFile("Resources/attachments").path,
        "--categories", TestPaths.packageFile("Resources/categories.json").path,
        "--extensions", TestPaths.packageFile("Info-plist-samples").path,
    ]

    static func payload(_ sample: String) -> String {
        TestPaths.packageFile("Resources/payloads/\(sample)_category.json").path
    }

    static let variants: [(String, String, String)] = samples.flatMap { sample in
        CardState.allCases.flatMap { state in Appearance.allCases.map { (sample, state.rawValue, $0.rawValue) } }
    }

    @Test(arguments: variants)
    func terminalGoldens(sample: String, state: String, appearance: String) throws {
        for format in ["text", "ansi"] {
            let run = ToolRun.inProcess(
                [
                    "render", Self.payload(sample), "--format", format, "--width", "60", "--state", state,
                    "--appearance", appearance,
                ] + Self.context)
            #expect(run.status == 0, "\(run.err)")
            try Golden.expect(
                text: run.out, matches: "render/\(sample)-\(state)-\(appearance).\(format == "text" ? "txt" : "ansi")")
        }
    }

    @Test(arguments: variants)
    func pictureGoldens(sample: String, state: String, appearance: String) throws {
        let output = try TestPaths.temporaryFolder().appendingPathComponent("card.png")
        let run = ToolRun.inProcess(
            [
                "render", Self.payload(sample), "--format", "png", "-o", output.path, "--width", "320", "--scale", "1",
                "--state", state, "--appearance", appearance,
            ] + Self.context)
        #expect(run.status == 0, "\(run.err)")
        try Golden.expect(png: try Data(contentsOf: output), matches: "render/\(sample)-\(state)-\(appearance).png")
    }

    /// The display width of a line once its SGR escape sequences are removed.
    static func visibleWidth(_ line: Substring) -> Int {
        var text = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character == "m" { inEscape = false }
            } else {
                text.append(character)
            }
        }
        return TerminalWidth.of(text)
    }

    @Test(arguments: [30, 37, 48, 61, 80, 121])
    func everyLineHasTheSameWidth(width: Int) throws {
        let payloads = [
            TestPaths.fixture("payloads/unicode-mix.json").path, Self.payload("image"), Self.payload("movie"),
        ]
        for payload in payloads {
            for format in ["text", "ansi"] {
                for state in ["banner", "expanded"] {
                    let run = ToolRun.inProcess(
                        ["render", payload, "--format", format, "--width", "\(width)", "--state", state] + Self.context)
                    #expect(run.status == 0)
                    let lines = run.out.split(separator: "\n")
                    #expect(lines.count > 3)
                    for line in lines {
                        #expect(Self.visibleWidth(line) == width, "\(format) \(state) at \(width): '\(line)'")
                    }
                    if format == "text" { #expect(!run.out.contains("\u{1B}")) }
                }
            }
        }
    }

    @Test func theTimeLabelIsSetAndNeverBreaksTheCard() throws {
        let payload = Data(#"{"aps":{"alert":{"title":"Delivered","body":"At the door"}}}"#.utf8)
        for time in ["9:41", "2m ago", String(repeating: "x", count: 500), "\u{1B}]0;title\u{7}"] {
            for format in ["text", "ansi"] {
                let run = ToolRun.inProcess(
                    ["render", "-", "--format", format, "--width", "40", "--time", time], standardInput: payload)
                #expect(run.status == 0, "\(run.err)")
                #expect(Set(run.out.split(separator: "\n").map { Self.visibleWidth($0) }) == [40])
                #expect(!run.out.contains("\u{7}"))
                if time.count < 10 { #expect(run.out.contains(time)) }
            }
            let png = try TestPaths.temporaryFolder().appendingPathComponent("card.png")
            let picture = ToolRun.inProcess(
                ["render", "-", "--format", "png", "-o", png.path, "--time", time, "--state", "banner"],
                standardInput: payload)
            #expect(picture.status == 0, "\(picture.err)")
        }
    }

    @Test func anAppIconThatCannotBeUsedIsOneClearError() throws {
        let payload = Data(#"{"aps":{"alert":{"title":"Sale","body":"Half price"}}}"#.utf8)
        let folder = try TestPaths.temporaryFolder()
        let png = folder.appendingPathComponent("card.png")
        let text = folder.appendingPathComponent("icon.png")
        try Data("not an image".utf8).write(to: text)
        for icon in [text.path, folder.path, "/nowhere/icon.png"] {
            let run = ToolRun.inProcess(
                ["render", "-", "--format", "png", "-o", png.path, "--app-icon", icon], standardInput: payload)
            #expect(run.status == 1)
            #expect(run.err.split(separator: "\n").filter { $0.contains("app icon") }.count == 1, "\(run.err)")
        }
        let good = ToolRun.inProcess(
            [
                "render", "-", "--format", "png", "-o", png.path, "--app-icon",
                TestPaths.packageFile("Resources/attachments/sample-badge.png").path,
            ], standardInput: payload)
        #expect(good.status == 0, "\(good.err)")
    }

    @Test func untrustedTextIsEscapedAndLineBreaksKept() throws {
        let payload = Data(#"{"aps":{"alert":{"title":"Hi\u001b[31mRED","body":"one\ntwo\u202e"}}}"#.utf8)
        for format in ["text", "ansi"] {
            let run = ToolRun.inProcess(["render", "-", "--format", format, "--width", "40"], standardInput: payload)
            #expect(run.status == 0)
            #expect(run.out.contains(#"Hi\u{1B}[31mRED"#) && run.out.contains(#"two\u{202E}"#))
            #expect(!run.out.contains("\u{202E}"))
            let lines = run.out.split(separator: "\n").map { Self.visibleWidth($0) }
            #expect(Set(lines) == [40])
            #expect(run.out.contains("one") && !run.out.contains(#"one\n"#))
        }
    }

    @Test func noColorMeansNoEscapesAndDefaultsFollowTheTerminal() throws {
        let run = try ToolRun.binary(
            ["render", Self.payload("image"), "--format", "ansi"] + Self.context, environment: ["NO_COLOR": "1"])
        #expect(run.status == 0 && !run.out.contains("\u{1B}"))
        let plain = try ToolRun.binary(["render", Self.payload("image")] + Self.context)
        #expect(!plain.out.contains("\u{1B}"))
        #expect(plain.out.split(separator: "\n").allSatisfy { Self.visibleWidth($0) == 80 })
    }

    @Test func anUnregisteredCategoryIsDrawnAndFailsTheRunAsLintWould() throws {
        let folder = try TestPaths.temporaryFolder()
        let manifest = folder.appendingPathComponent("c.json")
        try Data(#"{"categories": [{"identifier": "chat", "actions": [{"identifier": "a", "title": "A"}]}]}"#.utf8)
            .write(to: manifest)
        let payload = Data(#"{"aps":{"alert":"hello","category":"chats"}}"#.utf8)
        let given = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--categories", manifest.path], standardInput: payload)
        #expect(given.status == 1 && given.out.contains("hello"))
        #expect(given.err.contains("error: aps.category:") && given.err.contains("[payload-category-unknown]"))
        let none = ToolRun.inProcess(["render", "-", "--format", "text"], standardInput: payload)
        #expect(none.status == 0 && none.err.contains("note: aps.category:"))
    }

    /// A payload iOS shows despite its error (an attachment without `mutable-content`) is drawn as
    /// iOS shows it, its text alone, and the run fails with the error; a stack of them too.
    @Test func anAttachmentWithoutMutableContentIsDrawnWithoutIt() throws {
        let payload = Data(
            #"{"aps":{"alert":{"title":"Sale","body":"Half off"}},"attachment-url":"https://example.com/a.jpg"}"#.utf8)
        let run = ToolRun.inProcess(["render", "-", "--format", "text"], standardInput: payload)
        #expect(run.status == 1)
        #expect(run.out.contains("Sale") && run.out.contains("Half off"), "\(run.out)")
        #expect(run.err.contains("[mutable-content-missing]"), "\(run.err)")
        #expect(run.err.contains("drawn as iOS shows it despite the error: without the attachment"), "\(run.err)")
        let withoutAttachment = ToolRun.inProcess(
            ["render", "-", "--format", "text"],
            standardInput: Data(#"{"aps":{"alert":{"title":"Sale","body":"Half off"}}}"#.utf8))
        #expect(withoutAttachment.status == 0 && withoutAttachment.out == run.out)
        // An error iOS does not show a notification despite still draws nothing.
        let unshown = ToolRun.inProcess(
            ["render", "-", "--format", "text"], standardInput: Data(#"{"aps":{"alert":{"title":7}}}"#.utf8))
        #expect(unshown.status == 1 && unshown.out.isEmpty, "\(unshown.out)")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try ["a", "b"].map { name in
            let file = folder.appendingPathComponent("\(name).json")
            try payload.write(to: file)
            return file.path
        }
        let stack = ToolRun.inProcess(["render"] + files + ["--format", "text"])
        #expect(stack.status == 1 && stack.out.contains("Sale"), "\(stack.out)\(stack.err)")
    }

    @Test func contextsCapTheButtonsAndSayWhichAreHidden() throws {
        let folder = try TestPaths.temporaryFolder()
        let manifest = folder.appendingPathComponent("many.json")
        let actions = (1...11).map { #"{"identifier": "a\#($0)", "title": "Action \#($0)"}"# }.joined(separator: ",")
        try Data(#"{"categories": [{"identifier": "c", "actions": [\#(actions)]}]}"#.utf8).write(to: manifest)
        let payload = Data(#"{"aps":{"alert":"x","category":"c"}}"#.utf8)
        let full = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--categories", manifest.path], standardInput: payload)
        // An iOS 10 category shows up to ten buttons where space allows.
        #expect(full.out.contains("Action 10") && !full.out.contains("Action 11"))
        #expect(full.err.contains("warning:") && full.err.contains("'a11'") && full.err.contains("[too-many-actions]"))
        let minimal = ToolRun.inProcess(
            ["render", "-", "--format", "text", "--context", "minimal", "--categories", manifest.path],
            standardInput: payload)
        #expect(minimal.out.contains("Action 2") && !minimal.out.contains("Action 3"))
        // The three left out are one finding, naming them.
        #expect(minimal.err.split(separator: "\n").count == 1)
        #expect(minimal.err.contains("9 actions of category 'c' not shown") && minimal.err.contains("'a3' (Action 3)"))
        #expect(minimal.err.contains("note:") && minimal.status == 0)
    }

    @Test func bareImagesAndOptions() throws {
        let image = TestPaths.packageFile("Resources/attachments/sample-image.jpg").path
        let run = ToolRun.inProcess(["render", image, "--format", "text", "--width", "40"])
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count == 40 && $0.allSatisfy { $0.isASCII } })
        #expect(lines.count == 13)
        #expect(ToolRun.inProcess(["render", image, "--format", "png"]).status == 2)
        #expect(ToolRun.inProcess(["render", image, "--format", "gif"]).status == 2)
        #expect(ToolRun.inProcess(["render", image, "--width", "5", "--format", "text"]).status == 2)
        #expect(ToolRun.inProcess(["render", image, "--device", "Nokia 3310", "--format", "text"]).status == 2)
        let devices = ToolRun.inProcess(["render", "--list-devices"])
        #expect(devices.out.contains("iPhone 15 Pro: 393 pt, 3x"))
    }

    @Test func pictureSizesFollowTheDeviceAndTheSeedsScaleRule() throws {
        let folder = try TestPaths.temporaryFolder()
        for (options, width) in [
            (["--width", "375"], 750), (["--width", "414"], 1242), (["--device", "iPhone XR"], 828),
        ] {
            let output = folder.appendingPathComponent("w\(width).png")
            let run = ToolRun.inProcess(
                ["render", Self.payload("audio"), "--format", "png", "-o", output.path] + options + Self.context)
            #expect(run.status == 0)
            let picture = try ImageDecoderProbe.size(of: output)
            #expect(picture.width == width)
        }
    }
}
