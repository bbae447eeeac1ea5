import Foundation
import RichPreview
import RichPreviewImaging

extension ImageValidator {
    /// An image probe for `AttachmentInspector`: validates the image whole within `limits` and
    /// reports its facts, or the decoder's reason it is not valid.
    static func attachmentProbe(limits: ImageLimits = ImageLimits()) -> ImageProbe {
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
