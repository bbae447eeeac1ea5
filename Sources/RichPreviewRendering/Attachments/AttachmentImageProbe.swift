import Foundation
import RichPreview
import RichPreviewImaging

extension ImageValidator {
    /// An image probe for `AttachmentInspector` and `Linter`: validates the image whole within
    /// `limits` with the imaging module's decoders and reports its facts, or the decoder's reason
    /// it is not valid. The core checks attachments by signature alone; this module, which links
    /// both, joins them.
    public static func attachmentProbe(limits: ImageLimits = ImageLimits()) -> ImageProbe {
        { data in
            do throws(ImageDecodingError) {
                let info = try validate(data, limits: limits)
                return .success(
                    ImageFacts(
                        width: info.size.width, height: info.size.height, bitDepth: info.bitDepth,
                        frameCount: info.frameCount, orientation: info.orientation?.rawValue))
            } catch {
                return .failure(ImageProbeFailure(reason: error.description))
            }
        }
    }
}
