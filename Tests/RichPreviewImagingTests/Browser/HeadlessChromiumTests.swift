import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The headless-Chromium driver the browser tests use: what it records, evaluates and captures,
/// its reference decoder, and that it leaves no process behind. One browser at a time, so that
/// the suite's browsers do not compete with each other for the machine.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.executable != nil,
        "needs Chromium: /usr/bin/chromium (Debian's chromium) or $RICHPREVIEW_CHROMIUM"))
struct HeadlessChromiumTests {
    /// A page holding `body`, written to a new temporary folder.
    static func page(_ body: String, named name: String) throws -> URL {
        let url = try TestPaths.temporaryFolder().appendingPathComponent(name)
        try Data("<!doctype html><meta charset=\"utf-8\"><title>\(name)</title>\(body)".utf8).write(to: url)
        return url
    }

    /// The width and height an IHDR chunk gives a PNG, or nil when `data` is no PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        else { return nil }
        let number = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func recordsTheConsoleErrorsAndRequestsOfAPageAndNoneOfAQuietOne() throws {
        let quiet = try Self.page("<p>Nothing to see.</p>", named: "quiet.html")
        let noisy = try Self.page(
            "<script>console.error('noisy page', 42)</script><img src=\"http://example.invalid/x.png\">",
            named: "noisy.html")
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(quiet)
        // A round trip to the page: its events, sent before the reply, have been read.
        _ = try browser.evaluate("1")
        #expect(browser.consoleErrors.isEmpty)
        #expect(browser.requestedURLs == [quiet.absoluteString])

        try browser.open(noisy)
        _ = try browser.evaluate("1")
        #expect(browser.consoleErrors.contains("noisy page 42"), "\(browser.consoleErrors)")
        #expect(browser.requestedURLs.contains("http://example.invalid/x.png"), "\(browser.requestedURLs)")
    }

    @Test func evaluatesToJSONValuesAndThrowsThePagesExceptions() throws {
        let browser = try HeadlessChromium()
        defer { browser.close() }
        #expect(try browser.evaluate("6 * 7") as? Int == 42)
        #expect(try browser.evaluate("0.25") as? Double == 0.25)
        #expect(try browser.evaluate("'rich' + 'preview'") as? String == "richpreview")
        #expect(try browser.evaluate("1 < 2") as? Bool == true)
        #expect(try browser.evaluate("Promise.resolve('later')") as? String == "later")
        #expect(try browser.evaluate("undefined") == nil)
        #expect(try browser.evaluate("null") == nil)
        let array = try #require(try browser.evaluate("[1, 'two', [3]]") as? [Any])
        #expect(array.count == 3 && array[0] as? Int == 1 && array[1] as? String == "two")
        #expect((array[2] as? [Any])?.first as? Int == 3)
        let object = try #require(try browser.evaluate("({width: 2, name: 'x'})") as? [String: Any])
        #expect(object["width"] as? Int == 2 && object["name"] as? String == "x")

        let thrown = #expect(throws: HeadlessChromiumError.self) { try browser.evaluate("throw new Error('boom')") }
        #expect(thrown.map { "\($0)".contains("boom") } == true, "\(String(describing: thrown))")
        let rejected = #expect(throws: HeadlessChromiumError.self) {
            try browser.evaluate("Promise.reject(new Error('later boom'))")
        }
        #expect(rejected.map { "\($0)".contains("later boom") } == true)
        #expect(try browser.evaluate("'still usable'") as? String == "still usable")
    }

    @Test func emulatesTheColourScheme() throws {
        let browser = try HeadlessChromium()
        defer { browser.close() }
        let isDark = "matchMedia('(prefers-color-scheme: dark)').matches"
        #expect(try browser.evaluate(isDark) as? Bool == false)
        try browser.setColorScheme(dark: true)
        #expect(try browser.evaluate(isDark) as? Bool == true)
        try browser.setColorScheme(dark: false)
        #expect(try browser.evaluate(isDark) as? Bool == false)
    }

    @Test func screenshotsAreViewportOrFullPagePNGs() throws {
        let tall = try Self.page(
            "<body style=\"margin: 0\"><div style=\"height: 2000px; background: teal\"></div></body>",
            named: "tall.html")
        let browser = try HeadlessChromium(windowWidth: 640, windowHeight: 480)
        defer { browser.close() }
        try browser.open(tall)
        let viewport = try #require(Self.pngSize(try browser.screenshot()))
        #expect(viewport == (640, 480))
        let fullPage = try #require(Self.pngSize(try browser.screenshot(fullPageWidth: 500)))
        #expect(fullPage == (500, 2000))
        #expect(try browser.evaluate("innerWidth") as? Int == 640)
    }

    @Test func canvasPixelsDecodeAnImageExactlyAndGarbageToNothing() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 128, 255, 255]
        let png = try ImageEncoder.encode(RGBAImage(size: PixelSize(width: 2, height: 1), pixels: pixels)).data
        let decoded = try HeadlessChromium.canvasPixels(ofImages: [png, Data("not an image at all".utf8)])
        #expect(decoded == [pixels, []])
    }

    @Test func canvasPixelsDecodeTheWholePNGSuite() throws {
        guard let folder = TestPaths.corpusFolder("pngsuite/png") else { return }
        let names = TestPaths.corpusFiles("pngsuite/png", extension: "png")
        let images = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let decoded = try HeadlessChromium.canvasPixels(ofImages: images)
        #expect(decoded.count == images.count)
        for (name, (image, samples)) in zip(names, zip(images, decoded)) where !name.hasPrefix("x") {
            let size = try #require(Self.pngSize(image))
            #expect(samples.count == size.width * size.height * 4, "\(name)")
        }
    }

    @Test func closingOrReleasingTheBrowserLeavesNoProcessBehind() throws {
        let browser = try HeadlessChromium()
        let pid = browser.processID
        let folder = browser.workFolder.path
        try browser.open(Self.page("<p>Here.</p>", named: "here.html"))
        #expect(HeadlessChromium.processes(mentioning: folder).count > 1)
        browser.close()
        var status: Int32 = 0
        #expect(waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD, "the browser has been reaped")
        #expect(HeadlessChromium.processes(mentioning: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder))

        var released: HeadlessChromium? = try HeadlessChromium()
        let releasedPID = try #require(released?.processID)
        let releasedFolder = try #require(released?.workFolder.path)
        released = nil
        #expect(waitpid(releasedPID, &status, WNOHANG) == -1 && errno == ECHILD, "the browser has been reaped")
        #expect(HeadlessChromium.processes(mentioning: releasedFolder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: releasedFolder))
    }
}
