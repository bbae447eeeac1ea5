import Foundation
import RichPreview
import RichPreviewImaging

extension ImageValidator {
    /// An image probe for `AttachmentInspector` and `Linter`: validates the image whole within
    /// `limits` with the imaging module's decoders and reports its facts, or why it was not: the
    /// decoder's reason for a damaged image, or, for one over `limits`, that reason marked
    /// `isOverLimit` with its header's facts. The core checks attachments by signature alone;
    /// this module, which links both, joins them (`AttachmentInspector.decodingImages(limits:)`).
    public static func attachmentProbe(limits: ImageLimits = ImageLimits()) -> ImageProbe {
        { data in
            do throws(ImageDecodingError) {
                let info = try validate(data, limits: limits)
                return .success(
                    ImageFacts(
                        width: info.size.width, height: info.size.height, bitDepth: info.bitDepth,
                        frameCount: info.frameCount, orientation: info.orientation?.rawValue, hasAlpha: info.hasAlpha))
            } catch {
                return .failure(probeFailure(error, data: data))
            }
        }
    }

    /// Why a decode refused an attachment image: the decoder's reason for a damaged image, or for
    /// one over the limits that reason marked `isOverLimit`, with its header's facts.
    static func probeFailure(_ error: ImageDecodingError, data: Data) -> ImageProbeFailure {
        switch error {
        case .overPixelLimit, .overSideLimit, .outputOverPixelLimit, .overMemoryLimit:
            let header = (try? ImageHeader.read(data)).map {
                ImageFacts(
                    width: $0.size.width, height: $0.size.height, bitDepth: $0.bitDepth, frameCount: 1,
                    orientation: $0.orientation?.rawValue)
            }
            return ImageProbeFailure(
                reason: "not decoded whole: \(error.description)", isOverLimit: true, header: header)
        case .unrecognizedFormat, .libraryUnavailable:
            // Nothing is known against the image: its format is not decoded here.
            return ImageProbeFailure(reason: error.description, isUnsupportedFormat: true)
        default:
            return ImageProbeFailure(reason: error.description)
        }
    }
}

extension AttachmentInspector {
    /// An inspector that checks attachments as the command line does: by their bytes, and images
    /// decoded whole within `limits` (a damaged image is `corrupt`, `UNError` 105; one over the
    /// limits is not refused, and says so in `AttachmentReport.notDecodedReason`).
    public static func decodingImages(limits: ImageLimits = ImageLimits()) -> AttachmentInspector {
        AttachmentInspector(imageProbe: ImageValidator.attachmentProbe(limits: limits))
    }
}
