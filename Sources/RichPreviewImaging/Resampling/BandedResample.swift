import Foundation
import RichPreviewSystem

/// Resamples an image already decoded whole on two threads: the calling thread writes the top
/// half of the output rows and a helper thread the bottom half, each reading in place only the
/// source rows its half needs. Each output row is computed as one resampler would compute it, so
/// the pixels are the same as on one thread.
enum BandedResample {
    /// The output of `plan` resampled from `image` (`plan.source`, `stride` bytes a row) on the
    /// calling thread and one new thread; nil when the system refuses the thread or the image is
    /// too short to split (then nothing has been resampled).
    static func resample(
        _ image: UnsafePointer<UInt8>, stride: Int, plan: ScalePlan, filter: ResamplingFilter, hasAlpha: Bool,
        kernel: ResamplingKernel
    ) -> [UInt8]? {
        let height = plan.output.height
        guard height >= 2 else { return nil }
        let middle = height / 2
        var pixels = [UInt8](repeating: 0, count: plan.output.pixelCount * 4)
        let done = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
            let output = buffer.baseAddress!
            let top = StreamingResampler(
                plan: plan, filter: filter, hasAlpha: hasAlpha, kernel: kernel, outputRows: 0..<middle,
                sharedOutput: output)
            let bottom = StreamingResampler(
                plan: plan, filter: filter, hasAlpha: hasAlpha, kernel: kernel, outputRows: middle..<height,
                sharedOutput: output)
            // The bottom half reads the image's last row, past which a narrow row's window reads.
            guard bottom.rowPaddingBytes == 0 else { return false }
            // The two write disjoint rows of `output`, which outlives the helper (joined below).
            let source = UInt(bitPattern: image)
            guard
                let helper = JoinableThread(running: { [bottom] in
                    bottom.consumeWhole(UnsafePointer(bitPattern: source)!, stride: stride)
                })
            else { return false }
            top.consumeWhole(image, stride: stride)
            helper.join()
            return true
        }
        return done ? pixels : nil
    }
}
