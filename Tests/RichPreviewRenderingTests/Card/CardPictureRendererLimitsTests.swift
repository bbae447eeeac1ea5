import Foundation
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// A renderer given sizes out of range draws within its bounds instead of overflowing.
struct CardPictureRendererLimitsTests {
    @Test(arguments: [
        (Int.max, Int.max, 640), (0, 0, 1), (-50, -3, 1), (300, 99, 640), (100, 2, 200),
    ])
    func aBareImageIsDrawnWithinTheWidthLimit(width: Int, scale: Int, expected: Int) throws {
        let renderer = CardPictureRenderer(
            width: width, scale: scale, appearance: .light, shaper: try SharedFonts.shaper())
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        let picture = try renderer.render(image: data)
        // Never wider than asked, never enlarged past the photo's own 640 pixels.
        #expect(picture.size.width == expected)
    }
}
