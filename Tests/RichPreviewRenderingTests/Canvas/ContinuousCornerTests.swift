import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import Testing

/// Continuous corners are not circular arcs: they leave the edges earlier and more gently.
struct ContinuousCornerTests {
    static func draw(continuous: Bool) -> RGBAImage {
        var canvas = Canvas(width: 200, height: 200, background: .white)
        let rect = Rect(x: 20, y: 20, width: 160, height: 160)
        if continuous {
            canvas.fillContinuousRoundedRect(rect, radius: 40, .black)
        } else {
            canvas.fillRoundedRect(rect, radius: 40, .black)
        }
        return canvas.image()
    }

    @Test func aContinuousCornerLeavesTheEdgeBeforeACircleDoes() {
        let circle = Self.draw(continuous: false)
        let continuous = Self.draw(continuous: true)
        // 40 pixels along the top edge from the corner, where the circle's arc ends: its edge is
        // straight and fully covered there; the continuous curve is still bending away.
        #expect(circle.pixel(x: 60, y: 20) == SIMD4(0, 0, 0, 255))
        #expect(continuous.pixel(x: 60, y: 20).x > 60, "\(continuous.pixel(x: 60, y: 20))")
        // Far from the corners it is the same; each corner is symmetric about its diagonal.
        #expect(continuous.pixel(x: 100, y: 20) == SIMD4(0, 0, 0, 255))
        #expect(abs(Int(continuous.pixel(x: 20, y: 60).x) - Int(continuous.pixel(x: 60, y: 20).x)) <= 2)
        #expect(abs(Int(continuous.pixel(x: 179, y: 139).x) - Int(continuous.pixel(x: 139, y: 179).x)) <= 2)
        #expect(continuous.pixel(x: 21, y: 21) == SIMD4(255, 255, 255, 255))
    }
}
