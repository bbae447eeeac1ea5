import Foundation
import RichPreview
import RichPreviewMedia
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// Right-to-left paragraphs are right-aligned and their runs shown in display order: measured on
/// the glyphs' positions and on the pixels.
struct RightToLeftTests {
    static let style = TextStyle(size: 34, weight: .regular, color: RGBAColor(r: 0, g: 0, b: 0, a: 255))

    /// The leftmost x of the glyphs of the characters at `indices`.
    static func left(_ line: ShapedLine, _ indices: ClosedRange<Int>) -> Double {
        line.glyphs.filter { indices.contains($0.characterIndex) }.map(\.x).min() ?? .nan
    }

    @Test func aTrailingNumberAndStopInArabicGoToTheLeftEnd() throws {
        // "رقم 123." : the stop leftmost, then 1, 2, 3 left to right, then the Arabic word.
        let line = try SharedFonts.shaper().shape("رقم 123.", style: Self.style)
        #expect(line.direction == .rightToLeft)
        let stop = Self.left(line, 7...7)
        let digits = [4, 5, 6].map { Self.left(line, $0...$0) }
        let word = Self.left(line, 0...2)
        let order = [stop] + digits + [word]
        #expect(order == order.sorted() && Set(order).count == 5, "\(order)")
    }

    @Test func latinWordsInAHebrewTitleStandBetweenTheHebrewWordsInTheirOwnOrder() throws {
        let text = "שלום iPhone 15 Pro עכשיו"
        let line = try SharedFonts.shaper().shape(text, style: Self.style)
        let last = Self.left(line, 19...23)
        let iPhone = Self.left(line, 5...10)
        let pro = Self.left(line, 15...17)
        let first = Self.left(line, 0...3)
        #expect(last < iPhone && iPhone < pro && pro < first)
        // Hebrew is drawn by its Noto Sans family when fonts-noto-core is installed.
        if line.families.contains("Noto Sans Hebrew") { #expect(!line.families.contains("DejaVu Sans")) }
    }

    @Test func aCutRightToLeftLineEndsInAnEllipsisAtItsLeft() throws {
        let shaper = try SharedFonts.shaper()
        let text = String(repeating: "ההזמנה שלך נשלחה היום ", count: 6)
        let lines = LineWrapper.directedLines(text, maxWidth: 300, maxLines: 2) {
            shaper.measure($0, style: Self.style)
        }
        let last = try #require(lines.last)
        #expect(last.direction == .rightToLeft && last.text.hasSuffix("…"))
        let line = shaper.shape(last.text, style: Self.style, direction: last.direction)
        let ellipsis = line.glyphs.filter { $0.characterIndex == line.characterCount - 1 }
        #expect(!ellipsis.isEmpty && ellipsis.allSatisfy { $0.x == line.glyphs.map(\.x).min() })
    }

    /// A short right-to-left title ends 13 pt from the banner's time, the room a short Latin
    /// title leaves; a long one, cut with "…" on its left, never comes closer than the 6 pt a cut
    /// Latin title keeps.
    @Test func aRightToLeftTitleKeepsItsDistanceFromTheTime() throws {
        func gap(_ title: String) throws -> Int {
            let card = NotificationCard(headerTitle: "Shop", time: "now", title: title, body: "x", state: .banner)
            var untitled = card
            untitled.title = " "
            var timeless = untitled
            timeless.time = " "
            let titleInk = try #require(
                BannerLayoutTests.difference(try BannerLayoutTests.render(card), try BannerLayoutTests.render(untitled))
            )
            let timeInk = try #require(
                BannerLayoutTests.difference(
                    try BannerLayoutTests.render(untitled), try BannerLayoutTests.render(timeless)))
            return timeInk.minX - titleInk.maxX
        }
        // Scale 2: pixels are half points.
        let short = try gap("شكرا")
        #expect((24...30).contains(short), "a short Arabic title ends \(short) px from the time")
        let long = try gap(String(repeating: "شكرا لتسوقك معنا ", count: 4))
        #expect((10...30).contains(long), "a long Arabic title ends \(long) px from the time")
    }

    @Test(arguments: [CardState.expanded, .banner])
    func aOneWordArabicBodyHasItsInkInTheRightHalf(state: CardState) throws {
        let renderer = CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: try SharedFonts.shaper())
        let card = NotificationCard(headerTitle: "Shop", title: "Order", body: "شكرا", state: state)
        var latin = card
        latin.body = "Thanks"
        var bodiless = card
        // A blank body: the same lines, no ink in the body's.
        bodiless.body = " "
        let reference = try renderer.render(bodiless, attachmentImage: nil)
        for (sample, inRightHalf) in [(card, true), (latin, false)] {
            let image = try renderer.render(sample, attachmentImage: nil)
            let ink = try #require(BannerLayoutTests.difference(image, reference))
            if inRightHalf {
                #expect(ink.minX > image.size.width / 2, "Arabic ink from x=\(ink.minX) of \(image.size.width)")
            } else {
                #expect(ink.maxX < image.size.width / 2, "Latin ink up to x=\(ink.maxX)")
            }
        }
    }
}

/// Every script `fonts-noto-core` covers is drawn by its own family, within the line, and a
/// character no font has is one box.
struct ScriptCoverageTests {
    static let samples: [(script: String, text: String)] = [
        ("Arabic", "مرحبا بالعالم"), ("Hebrew", "שלום עולם"), ("Devanagari", "नमस्ते दुनिया"),
        ("Bengali", "হ্যালো বিশ্ব"), ("Tamil", "வணக்கம் உலகம்"), ("Thai", "สวัสดีชาวโลก"),
        ("Georgian", "გამარჯობა"), ("Armenian", "Բարեւ աշխարհ"), ("Ethiopic", "ሰላም ልዑል"),
        ("Gujarati", "નમસ્તે"), ("Telugu", "హలో ప్రపంచం"), ("Kannada", "ನಮಸ್ಕಾರ"), ("Malayalam", "നമസ്കാരം"),
        ("Khmer", "សួស្តី​ពិភពលោក"), ("Lao", "ສະບາຍດີ"), ("Myanmar", "မင်္ဂလာပါ"), ("Sinhala", "ආයුබෝවන්"),
    ]

    @Test(arguments: samples)
    func aScriptIsDrawnByItsNotoFamilyWithinTheLine(script: String, text: String) throws {
        let shaper = try SharedFonts.shaper()
        let fonts = try SharedFonts.fonts()
        guard fonts.sources.contains(where: { $0.family == "Noto Sans \(script)" }) else {
            print("note: Noto Sans \(script) (fonts-noto-core) is not installed; skipping")
            return
        }
        let style = TextStyle(size: 30, weight: .regular, color: RGBAColor(r: 0, g: 0, b: 0, a: 255))
        let line = shaper.shape(text, style: style)
        #expect(line.families.filter { $0 != "Inter" } == ["Noto Sans \(script)"], "\(line.families)")
        #expect(line.glyphs.allSatisfy { !$0.isMissing })
        let metrics = shaper.lineMetrics(style: style)
        var canvas = Canvas(width: Int(line.width) + 20, height: Int(metrics.lineHeight * 3), background: .white)
        canvas.draw(line, baselineOrigin: Point(x: 10, y: metrics.lineHeight + metrics.ascent))
        let image = canvas.image()
        let ink = try #require(TestImages.bounds(in: image) { $0.x < 128 })
        #expect(
            Double(ink.maxY - ink.minY + 1) <= metrics.lineHeight * 1.25,
            "ink \(ink.maxY - ink.minY + 1) px, line \(metrics.lineHeight)")
    }

    @Test func aClusterNoFontHasIsOneBoxOfNormalWidth() throws {
        let shaper = try SharedFonts.shaper()
        let style = TextStyle(size: 30, weight: .regular, color: RGBAColor(r: 0, g: 0, b: 0, a: 255))
        let line = shaper.shape("a\u{0378}\u{0301}\u{0302}b", style: style)
        let boxes = line.glyphs.filter(\.isMissing)
        #expect(boxes.count == 1)
        #expect(abs((boxes.first?.advance ?? 0) - 18) < 0.01)
        #expect(abs(shaper.measure("a\u{0378}\u{0301}\u{0302}b", style: style) - line.width) < 1e-9)
        let metrics = shaper.lineMetrics(style: style)
        var canvas = Canvas(width: 120, height: 120, background: .white)
        canvas.draw(line, baselineOrigin: Point(x: 10, y: 60))
        let ink = try #require(TestImages.bounds(in: canvas.image()) { $0.x < 128 })
        #expect(Double(ink.maxY - ink.minY + 1) <= metrics.ascent + metrics.descent)
    }

    @Test func withoutTheScriptFontsAMissingScriptIsNamedWithItsPackage() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inter = try #require(try SharedFonts.fonts().sources.first { $0.family == "Inter" }?.files[.regular]?.path)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Inter-Regular.otf"), withDestinationURL: URL(fileURLWithPath: inter))
        let fonts = try FontSet.system(searchPaths: [folder.path])
        let groups = fonts.missingCharactersByScript(in: ["नमस्ते", "Hi \u{0378}", "สวัสดี"])
        #expect(groups.map { $0.script?.name } == ["Devanagari", nil, "Thai"])
        #expect(groups.compactMap { $0.script?.package } == ["fonts-noto-core", "fonts-noto-core"])
        #expect(groups[0].characters.count == Set("नमस्ते").count)
    }
}
