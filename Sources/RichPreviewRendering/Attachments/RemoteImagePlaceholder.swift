import Foundation
import RichPreview
import RichPreviewImaging

/// The picture drawn where iOS shows a remote image that a service extension downloads at
/// delivery and that is not at hand (`CardAttachment.isPlaceholder`): a 4:3 grey field with a
/// sun over two hills, plainly not a photo.
public enum RemoteImagePlaceholder {
    /// The placeholder as PNG bytes, 480 × 360 pixels, made once.
    public static let png: Data = {
        // An encoding failure leaves empty bytes, which the card then draws without the image.
        (try? ImageEncoder.encode(picture(width: 480, height: 360)).data) ?? Data()
    }()

    /// The bytes a card draws for `attachment`: the placeholder for one that is a placeholder,
    /// else nil.
    public static func bytes(for attachment: CardAttachment?) -> Data? {
        attachment?.isPlaceholder == true ? png : nil
    }

    /// The placeholder's pixels at `width` × `height`.
    static func picture(width: Int, height: Int) -> RGBAImage {
        let field = SIMD3<Double>(199, 203, 210)
        let shape = SIMD3<Double>(160, 166, 176)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let w = Double(width)
        let h = Double(height)
        let sun = (x: w * 0.68, y: h * 0.32, radius: h * 0.09)
        // Whether a point is on a shape: two hills rising to peaks a third and three quarters
        // across, or the sun.
        func onShape(_ px: Double, _ py: Double) -> Bool {
            let left = h * 0.78 - max(0, h * 0.36 - abs(px - w * 0.34) * 0.9)
            let right = h * 0.80 - max(0, h * 0.26 - abs(px - w * 0.74) * 0.8)
            return py > min(left, right)
                || (px - sun.x) * (px - sun.x) + (py - sun.y) * (py - sun.y) < sun.radius * sun.radius
        }
        for y in 0..<height {
            for x in 0..<width {
                // Four samples a pixel smooth the edges.
                let covered = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)].filter {
                    onShape(Double(x) + $0.0, Double(y) + $0.1)
                }.count
                let colour = field + (shape - field) * Double(covered) / 4
                let index = (y * width + x) * 4
                pixels[index] = UInt8(colour.x.rounded())
                pixels[index + 1] = UInt8(colour.y.rounded())
                pixels[index + 2] = UInt8(colour.z.rounded())
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }
}
