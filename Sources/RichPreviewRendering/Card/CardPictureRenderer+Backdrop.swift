import RichPreview
import RichPreviewImaging

extension CardPictureRenderer {
    /// The style's geometry, materials and colours in the renderer's appearance.
    var look: StyleLook { style.look(appearance) }

    /// The built-in wallpaper's base colour alone: what a review draws its cards on, so that its
    /// pictures compare their cards, not a backdrop, and stay small and quick to encode.
    var plainWallpaper: Wallpaper { .color(look.wallpaper.base) }

    /// Draws as a review does: on `plainWallpaper`, platters casting no shadow.
    mutating func drawForReview() {
        wallpaper = plainWallpaper
        castsShadows = false
    }

    /// A canvas `width` × `height` pixels showing the wallpaper, for platters to stand on.
    /// - Throws: `ImageDecodingError` when the wallpaper's image does not decode within
    ///   `imageLimits`.
    func backdrop(width: Int, height: Int) throws(ImageDecodingError) -> Canvas {
        try wallpaper.canvas(width: width, height: height, colors: look.wallpaper, limits: imageLimits)
    }

    /// The style's platter material in `rect`, with continuous corners of `radius` pixels, over
    /// what `canvas` holds there: at `opacity`, with the style's shadow when `shadow` and
    /// `castsShadows`, and none made inside `covered` (what is drawn opaque over it next).
    func paintPlatter(
        _ rect: Rect, radius: Double, opacity: Double = 1, shadow: Bool = true, covered: [Rect] = [],
        on canvas: inout Canvas
    ) {
        MaterialPainter(look: look, scale: s, reduceTransparency: reduceTransparency).paint(
            rect, radius: radius, opacity: opacity, shadow: shadow && castsShadows, covered: covered, on: &canvas)
    }
}

extension RGBAImage {
    /// Whether every pixel is opaque.
    var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { pixels in
            stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        }
    }
}
