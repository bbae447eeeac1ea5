import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import Testing

struct CanvasTextTests {
    /// The bounds of the pixels of `image` that `isInk` picks, or nil when none does.
    func inkBounds(_ image: RGBAImage, _ isInk: (SIMD4<UInt8>) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    {
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<image.size.height {
            for x in 0..<image.size.width where isInk(image.pixel(x: x, y: y)) {
                bounds = (
                    min(bounds?.minX ?? x, x), min(bounds?.minY ?? y, y), max(bounds?.maxX ?? x, x),
                    max(bounds?.maxY ?? y, y)
                )
            }
        }
        return bounds
    }

    @Test func blackTextStaysInsideItsMeasuredBox() throws {
        let shaper = try SharedFonts.shaper()
        let style = TextStyle(size: 17)
        let text = "Hello, world: Reply"
        let line = shaper.shape(text, style: style)
        let metrics = shaper.lineMetrics(style: style)
        var canvas = Canvas(width: 200, height: 40, background: .white)
        let origin = Point(x: 10.25, y: 25)
        canvas.draw(line, baselineOrigin: origin)
        let image = canvas.image()
        let bounds = try #require(inkBounds(image) { $0[0] < 250 })
        #expect(Double(bounds.minX) >= origin.x - 1 && Double(bounds.maxX) <= origin.x + line.width + 1)
        #expect(Double(bounds.minY) >= origin.y - metrics.ascent - 1)
        #expect(Double(bounds.maxY) <= origin.y + metrics.descent + 1)
        // Dark pixels: the text is drawn, anti-aliased (grays as well as near-black).
        let values = image.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(values.filter { $0 < 40 }.count > 100)
        #expect(values.contains { $0 > 40 && $0 < 215 })
        #expect(bounds.maxX - bounds.minX > Int(line.width) - 4)
    }

    @Test func colouredTextPixelsHaveTheTextColoursHue() throws {
        let shaper = try SharedFonts.shaper()
        let blue = RGBAColor(hex: 0x007AFF)
        var canvas = Canvas(width: 160, height: 30, background: .white)
        canvas.draw(
            shaper.shape("Open the app", style: TextStyle(size: 17, color: blue)), baselineOrigin: Point(x: 4, y: 22))
        let image = canvas.image()
        var inked = 0
        for y in 0..<30 {
            for x in 0..<160 {
                let pixel = image.pixel(x: x, y: y)
                guard pixel != SIMD4(255, 255, 255, 255) else { continue }
                inked += 1
                // Blue over white: red and green fall together, blue stays full.
                #expect(pixel[2] == 255 && pixel[0] <= pixel[1], "(\(x), \(y)) \(pixel)")
            }
        }
        #expect(inked > 100)
        #expect(image.pixels.contains(0x00) || image.pixels.contains { $0 < 20 })
    }

    @Test func anEmojiKeepsItsColoursAndFillsAboutAnEm() throws {
        let shaper = try SharedFonts.shaper()
        var canvas = Canvas(width: 60, height: 60, background: .white)
        let line = shaper.shape("👍🏽", style: TextStyle(size: 34))
        canvas.draw(line, baselineOrigin: Point(x: 10, y: 44))
        let image = canvas.image()
        let saturated = (0..<60).flatMap { y in (0..<60).map { x in image.pixel(x: x, y: y) } }.filter {
            Int($0.max()) - Int($0.min()) > 80
        }
        #expect(saturated.count > 200)
        let bounds = try #require(inkBounds(image) { $0 != SIMD4(255, 255, 255, 255) })
        #expect(abs(Double(bounds.maxX - bounds.minX + 1) - line.width) < 8)
        #expect(bounds.maxY - bounds.minY + 1 > 25)
    }

    @Test func everyCharacterOfTheSampleDrawsInk() throws {
        let shaper = try SharedFonts.shaper()
        for character in mixedSample where character != " " {
            let line = shaper.shape(String(character), style: TextStyle(size: 24))
            var canvas = Canvas(width: 60, height: 40, background: .white)
            canvas.draw(line, baselineOrigin: Point(x: 8, y: 30))
            #expect(inkBounds(canvas.image()) { $0[0] < 200 || $0[1] < 200 || $0[2] < 200 } != nil, "\(character)")
        }
    }

    @Test func halfTransparentTextIsLighter() throws {
        let shaper = try SharedFonts.shaper()
        let line = shaper.shape("Il", style: TextStyle(size: 40))
        var solid = Canvas(width: 60, height: 50, background: .white)
        solid.draw(line, baselineOrigin: Point(x: 5, y: 40))
        var faint = Canvas(width: 60, height: 50, background: .white)
        var faintLine = line
        faintLine.style.color = RGBAColor.black.withOpacity(0.5)
        faint.draw(faintLine, baselineOrigin: Point(x: 5, y: 40))
        #expect(solid.image().pixels.min() == 0)
        let darkest = try #require(faint.image().pixels.min())
        #expect((126...129).contains(darkest))
    }

    /// The darkness-weighted mean column of an image's ink.
    func inkCentroidX(_ image: RGBAImage) -> Double {
        var weight = 0.0
        var sum = 0.0
        for y in 0..<image.size.height {
            for x in 0..<image.size.width {
                let ink = 255 - Double(image.pixel(x: x, y: y)[0])
                weight += ink
                sum += ink * Double(x)
            }
        }
        return sum / weight
    }

    @Test func glyphsArePlacedToAQuarterPixel() throws {
        let line = try SharedFonts.shaper().shape("l", style: TextStyle(size: 40))
        var centroids: [Double] = []
        for offset in [0, 0.25, 0.5, 0.75, 1] {
            var canvas = Canvas(width: 40, height: 50, background: .white)
            canvas.draw(line, baselineOrigin: Point(x: 10 + offset, y: 40))
            centroids.append(inkCentroidX(canvas.image()))
        }
        for (index, centroid) in centroids.enumerated().dropFirst() {
            #expect(abs(centroid - centroids[0] - 0.25 * Double(index)) < 0.06, "\(centroids)")
        }
    }

    @Test func aSharedShaperDrawsTheSameFromManyTasksAtOnce() async throws {
        let shaper = try SharedFonts.shaper()
        // Sizes used by no other test, so that glyphs are rasterised while the tasks run.
        let sizes = (0..<8).map { 19.37 + Double($0) * 1.01 }
        @Sendable func draw(_ size: Double) -> RGBAImage {
            var canvas = Canvas(width: 320, height: 40, background: .white)
            let line = shaper.shape(mixedSample, style: TextStyle(size: size, weight: size > 23 ? .bold : .regular))
            canvas.draw(line, baselineOrigin: Point(x: 2.3, y: 30))
            return canvas.image()
        }
        let concurrent = await withTaskGroup(of: (Int, RGBAImage).self) { group in
            for (index, size) in sizes.enumerated() { group.addTask { (index, draw(size)) } }
            var images = [Int: RGBAImage]()
            for await (index, image) in group { images[index] = image }
            return images
        }
        for (index, size) in sizes.enumerated() {
            #expect(concurrent[index] == draw(size), "size \(size)")
        }
    }
}
