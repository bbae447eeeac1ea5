import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import Testing

struct CanvasTests {
    @Test func halfAlphaBlackOverWhiteGivesMiddleGray() {
        var canvas = Canvas(width: 4, height: 4, background: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), RGBAColor(hex: 0x000000, alpha: 0.5))
        let pixel = canvas.image().pixel(x: 2, y: 2)
        #expect([127, 128].contains(pixel[0]) && pixel[0] == pixel[1] && pixel[1] == pixel[2])
        #expect(pixel[3] == 255)
    }

    @Test func aTransparentCanvasKeepsStraightAlphaOut() {
        var canvas = Canvas(width: 2, height: 2, background: .clear)
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), RGBAColor(r: 255, g: 64, b: 0, alpha: 0.5))
        #expect(canvas.image().pixel(x: 0, y: 0) == SIMD4(255, 64, 0, 128))
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), RGBAColor(r: 255, g: 64, b: 0, alpha: 0.5))
        // 50% over 50% of the same colour: alpha 0.75, colour unchanged.
        let pixel = canvas.image().pixel(x: 1, y: 1)
        #expect(pixel[3] == 192 && abs(Int(pixel[1]) - 64) <= 1 && pixel[0] == 255)
    }

    @Test func fractionalRectEdgesGetTheirCoveredFraction() {
        var canvas = Canvas(width: 10, height: 10, background: .white)
        canvas.fill(Rect(x: 2.5, y: 3, width: 4, height: 2.25), .black)
        let image = canvas.image()
        #expect(image.pixel(x: 2, y: 3)[0] == 127)  // half covered: alpha 128 of 255
        #expect(image.pixel(x: 4, y: 4)[0] == 0)
        #expect(image.pixel(x: 6, y: 4)[0] == 127)
        #expect(image.pixel(x: 4, y: 5)[0] == 191)  // a quarter covered: 255 * 0.75 = 191.25
        #expect(image.pixel(x: 2, y: 5)[0] == 223)  // an eighth covered: 255 * 0.875 = 223.1
        #expect(image.pixel(x: 1, y: 4)[0] == 255 && image.pixel(x: 7, y: 4)[0] == 255)
    }

    @Test func roundedCornersArePartlyCoveredAndNothingLiesPastTheRadius() {
        var canvas = Canvas(width: 60, height: 60, background: .white)
        canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 40, height: 40), radius: 12, .black)
        let image = canvas.image()
        #expect(image.pixel(x: 10, y: 10)[0] == 255)  // the square corner is outside the arc
        #expect(image.pixel(x: 49, y: 49)[0] == 255)
        #expect(image.pixel(x: 30, y: 10)[0] == 0 && image.pixel(x: 10, y: 30)[0] == 0)
        #expect(image.pixel(x: 30, y: 30)[0] == 0)
        // Along the top-left arc: some pixels partly covered; none outside the circle touched.
        var partial = 0
        for y in 10..<22 {
            for x in 10..<22 {
                let value = image.pixel(x: x, y: y)[0]
                let dx = max(22 - Double(x + 1), 0)
                let dy = max(22 - Double(y + 1), 0)
                // The pixel's nearest point to the arc's centre (22, 22) is farther than the radius.
                if (dx * dx + dy * dy).squareRoot() > 12 { #expect(value == 255, "(\(x), \(y))") }
                if value > 0 && value < 255 { partial += 1 }
            }
        }
        #expect(partial >= 12)
        // The covered area of the corner square matches the exact one: r²(1 - π/4) left uncovered.
        var uncovered = 0.0
        for y in 10..<22 { for x in 10..<22 { uncovered += Double(image.pixel(x: x, y: y)[0]) / 255 } }
        #expect(abs(uncovered - 144 * (1 - Double.pi / 4)) < 0.1)
    }

    @Test func aTopRoundedAndABottomRoundedHalfLeaveNoSeam() {
        var canvas = Canvas(width: 80, height: 80, background: .white)
        let color = RGBAColor(hex: 0x1C1C1E)
        canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 60, height: 30), radius: 14, color, corners: .top)
        canvas.fillRoundedRect(Rect(x: 10, y: 40, width: 60, height: 30), radius: 14, color, corners: .bottom)
        let image = canvas.image()
        for y in 25..<55 {
            for x in 10..<70 {
                #expect(image.pixel(x: x, y: y) == SIMD4(0x1C, 0x1C, 0x1E, 255), "(\(x), \(y))")
            }
        }
        // The outer corners are rounded, the joined ones are not there at all.
        #expect(image.pixel(x: 10, y: 10)[0] == 255 && image.pixel(x: 69, y: 69)[0] == 255)
    }

    @Test func anEllipseAndATriangleCoverTheirAreas() {
        var canvas = Canvas(width: 50, height: 50, background: .white)
        canvas.fillEllipse(in: Rect(x: 5, y: 5, width: 40, height: 40), .black)
        var covered = 0.0
        let image = canvas.image()
        for y in 0..<50 { for x in 0..<50 { covered += 1 - Double(image.pixel(x: x, y: y)[0]) / 255 } }
        #expect(abs(covered - Double.pi * 400) < 1)
        #expect(image.pixel(x: 25, y: 25)[0] == 0 && image.pixel(x: 6, y: 6)[0] == 255)

        var triangle = Canvas(width: 20, height: 20, background: .white)
        triangle.fillPolygon([Point(x: 2, y: 2), Point(x: 18, y: 10), Point(x: 2, y: 18)], .black)
        covered = 0
        let drawn = triangle.image()
        for y in 0..<20 { for x in 0..<20 { covered += 1 - Double(drawn.pixel(x: x, y: y)[0]) / 255 } }
        #expect(abs(covered - 128) < 0.2)
    }

    @Test func aHairlineOnAPixelCentreCoversOneRow() {
        var canvas = Canvas(width: 20, height: 5, background: .white)
        canvas.hairline(from: Point(x: 0, y: 2.5), to: Point(x: 20, y: 2.5), color: .black)
        let image = canvas.image()
        #expect((0..<20).allSatisfy { image.pixel(x: $0, y: 2)[0] == 0 })
        #expect((0..<20).allSatisfy { image.pixel(x: $0, y: 1)[0] == 255 && image.pixel(x: $0, y: 3)[0] == 255 })
    }

    @Test func shapesOutsideOrInvalidDrawNothingAndDoNotTrap() {
        var canvas = Canvas(width: 10, height: 10, background: .white)
        canvas.fill(Rect(x: .nan, y: 0, width: 5, height: 5), .black)
        canvas.fill(Rect(x: 0, y: 0, width: -5, height: 5), .black)
        canvas.fillRoundedRect(Rect(x: -1e300, y: -1e300, width: 1e300, height: 1e300), radius: .infinity, .black)
        canvas.fillPolygon([Point(x: 0, y: 0), Point(x: .infinity, y: 5), Point(x: 3, y: 9)], .black)
        canvas.fillEllipse(in: Rect(x: 100, y: 100, width: 5, height: 5), .black)
        canvas.hairline(from: Point(x: 1, y: 1), to: Point(x: 1, y: 1), color: .black)
        #expect(canvas.image().pixels.allSatisfy { $0 == 255 })
        // A huge shape that covers the canvas fills it.
        canvas.fillPolygon([Point(x: -1e300, y: -1e300), Point(x: 1e300, y: -1e300), Point(x: 0, y: 1e300)], .black)
        #expect(canvas.image().pixel(x: 5, y: 5)[0] == 0)
        #expect(
            Canvas(width: -3, height: 1 << 40, background: .white).image().size == PixelSize(width: 0, height: 8192))
    }

    @Test func anImageIsCompositedOverAndClippedToRoundedCorners() {
        let size = PixelSize(width: 20, height: 20)
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = 255
            pixels[index + 3] = index < pixels.count / 2 ? 255 : 128  // top half opaque red, bottom half 50%
        }
        let image = RGBAImage(size: size, pixels: pixels)
        var canvas = Canvas(width: 30, height: 30, background: .white)
        canvas.draw(image, at: Point(x: 5.4, y: 4.6), clipCornerRadius: 6)
        let drawn = canvas.image()
        #expect(drawn.pixel(x: 15, y: 7) == SIMD4(255, 0, 0, 255))
        #expect(drawn.pixel(x: 15, y: 20) == SIMD4(255, 127, 127, 255))
        #expect(drawn.pixel(x: 5, y: 5) == SIMD4(255, 255, 255, 255))  // clipped corner
        #expect(drawn.pixel(x: 4, y: 10) == SIMD4(255, 255, 255, 255))  // left of the image
        let edge = drawn.pixel(x: 6, y: 6)
        #expect(edge[1] > 0 && edge[1] < 255)  // anti-aliased corner

        var unclipped = Canvas(width: 30, height: 30, background: .white)
        unclipped.draw(image, at: Point(x: 20, y: -5))
        #expect(unclipped.image().pixel(x: 29, y: 0) == SIMD4(255, 0, 0, 255))
        #expect(unclipped.image().pixel(x: 29, y: 9) == SIMD4(255, 127, 127, 255))
        #expect(unclipped.image().pixel(x: 19, y: 0) == SIMD4(255, 255, 255, 255))
    }
}
