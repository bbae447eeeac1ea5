import Foundation
import RichPreview
import RichPreviewImaging
import Synchronization

extension AttachmentInspector {
    /// An attachment checked as iOS checks it and, when it is a still image that decodes, scaled to
    /// every size asked for.
    public struct ScaledAttachment: Sendable {
        /// The inspection, as `inspect(bytes:name:options:)` of `decodingImages(limits:)` gives it.
        public var report: AttachmentReport
        /// The sizes asked for, from the decode that checked the image (a GIF's first frame); nil
        /// for audio and movies, for an attachment refused before its image was decoded, for an
        /// image over the limits or that does not decode (the report says why), and when the
        /// requests cannot be met (no request, a box under 1×1, an output over its pixel limit:
        /// the image is checked all the same).
        public var images: ScaledImages?
    }

    /// Inspects the attachment `bytes` and scales its image to each of `requests` from the one
    /// decode that checks it (`ImageScaler.scale(_:to:)` with several requests): checking a photo
    /// and writing a 1125 and a 375 version of it cost one decode, not three. The first request's
    /// limits govern the decode; an image over them is reported as `decodingImages(limits:)`
    /// reports it (not decoded, not refused) and is not scaled. A GIF is checked frame by frame,
    /// as always, and its first frame scaled. `name` and `options` are as in
    /// `inspect(bytes:name:options:)`; this inspector's `imageProbe` is not used.
    public func inspect(
        bytes: Data, name: String?, options: AttachmentOptions = AttachmentOptions(), scalingTo requests: [ScaleRequest]
    ) -> ScaledAttachment {
        let scaled = Mutex<ScaledImages?>(nil)
        let limits = requests.first?.limits ?? ImageLimits()
        var inspector = self
        inspector.imageProbe = { data in
            if MediaSniffer.detect(Array(data.prefix(16))) == .gif {
                // A GIF's frames after the first are checked by the validator alone.
                let facts = ImageValidator.attachmentProbe(limits: limits)(data)
                if case .success = facts { scaled.withLock { $0 = try? ImageScaler.scale(data, to: requests) } }
                return facts
            }
            do throws(ImageDecodingError) {
                let images = try ImageScaler.scale(data, to: requests)
                scaled.withLock { $0 = images }
                let header = try? ImageHeader.read(data)
                return .success(
                    ImageFacts(
                        width: images.inputSize.width, height: images.inputSize.height, bitDepth: header?.bitDepth ?? 8,
                        orientation: images.orientation?.rawValue, hasAlpha: header?.hasAlpha))
            } catch {
                switch error {
                case .invalidRequest, .outputOverPixelLimit:
                    // Refused before the decode, for the requests' sake: the image is checked alone.
                    return ImageValidator.attachmentProbe(limits: limits)(data)
                default:
                    return .failure(ImageValidator.probeFailure(error, data: data))
                }
            }
        }
        let report = inspector.inspect(bytes: bytes, name: name, options: options)
        return ScaledAttachment(report: report, images: report.isValid ? scaled.withLock { $0 } : nil)
    }
}

extension AttachmentInspector {
    /// `inspect(bytes:name:options:scalingTo:)` on `pool` (the library's own threads), off a
    /// server's cooperative threads. The first request's `sharedBudget` is waited for here,
    /// suspended, before the job takes a thread of the pool.
    /// - Throws: `CancellationError` when the task is cancelled before the inspection starts.
    public func inspect(
        bytes: Data, name: String?, options: AttachmentOptions = AttachmentOptions(),
        scalingTo requests: [ScaleRequest], on pool: WorkerPool = .shared
    ) async throws(CancellationError) -> ScaledAttachment {
        var requests = requests
        let budget = requests.first?.sharedBudget
        var reserved = 0
        // An attachment that is no image has no estimate: it reserves nothing.
        if let budget, let estimate = try? ImageScaler.estimatedMemory(bytes, for: requests) {
            guard let amount = await budget.reserve(estimate) else { throw CancellationError() }
            reserved = amount
            requests[0].sharedBudget = nil
        }
        defer { budget?.release(reserved) }
        let reservedRequests = requests
        return try await pool.runUnlessCancelled {
            inspect(bytes: bytes, name: name, options: options, scalingTo: reservedRequests)
        }
    }
}
