import Foundation
import RichPreview
import RichPreviewImaging

/// The pixels a card's attachment is drawn with, from its bytes: a movie's frame for the picture,
/// an image fitted to the terminal card's cells. What the command line and `NotificationRenderer`
/// share.
public enum CardMedia {
    /// The frame of `attachment`, a movie iOS would accept, at its thumbnail time (the first frame
    /// by default), decoded from `data` within `limits` and scaled down to fit `box`
    /// (`MovieFrameDecoder.posterFrame(of:at:limits:fittingInto:deadline:)`); nil for any other
    /// attachment, or with `attachment.posterFrameProblem` saying why it could not be had (the card
    /// then shows a play button and `attachment-poster-unavailable` reports it).
    /// - Throws: `MovieFrameError.overMemoryBudget` when decoding the frame would pass
    ///   `limits.maxMemory`: not a frame missing from the card but a picture that cannot be drawn
    ///   within the caller's budget, as for an image over it.
    public static func posterFrame(
        for attachment: inout CardAttachment, data: Data, limits: ImageLimits = ImageLimits(), box: PixelSize? = nil
    ) throws(MovieFrameError) -> MovieFrame? {
        guard attachment.kind == .movie, attachment.problem == nil else { return nil }
        do {
            return try MovieFrameDecoder.posterFrame(
                of: data, at: attachment.options.thumbnailTime ?? 0, limits: limits, fittingInto: box)
        } catch {
            if case .overMemoryBudget = error { throw error }
            attachment.posterFrameProblem = error.description
            return nil
        }
    }

    /// `data`, the card's image attachment, fitted into the cells `renderer` draws it in (the
    /// banner's thumbnail clipped as its options say); nil when the card draws no image.
    /// - Throws: `ImageDecodingError` when the image does not decode within `limits`.
    public static func terminalImage(
        for card: NotificationCard, data: Data, renderer: TerminalCardRenderer, limits: ImageLimits = ImageLimits()
    ) throws(ImageDecodingError) -> RGBAImage? {
        guard let box = renderer.imageBox(for: card) else { return nil }
        let clip = card.state == .banner ? card.attachment?.thumbnailClip : nil
        return try ImageScaler.scale(data, to: ScaleRequest(box: box, mode: .fit, limits: limits, clip: clip)).image
    }
}
