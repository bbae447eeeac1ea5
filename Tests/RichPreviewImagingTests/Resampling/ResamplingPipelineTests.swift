import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// Decoding on one thread while a helper resamples gives the pixels of one thread, fails as one
/// thread fails, and stays within the process-wide helper budget when many scales run at once.
struct ResamplingPipelineTests {
    /// Large enough (640×480) for the helper thread to be used.
    static func inputs() throws -> [(name: String, data: Data)] {
        var images = SeededImages(seed: 21)
        let opaque = images.image(width: 640, height: 480, alpha: false)
        let withAlpha = images.image(width: 600, height: 500, alpha: true)
        // Twice as large: shrink-on-load may decode a JPEG at half size.
        let photo = images.image(width: 1280, height: 960, alpha: false)
        return [
            ("opaque PNG", try SeededImages.png(opaque)),
            ("PNG with alpha", try SeededImages.png(withAlpha)),
            ("JPEG", try ImageEncoder.encode(photo, as: .jpeg(quality: 90)).data),
        ]
    }

    /// Scales until a run gets the helper thread: other suites running at the same time may hold
    /// the process-wide budget (one helper on a 2-core machine) for seconds.
    static func scaleWithHelper(_ data: Data, _ request: ScaleRequest) throws -> ScaledImage {
        var scaled = try ImageScaler.scale(data, to: request)
        for _ in 0..<3000 where scaled.report.threadsUsed < 2 {
            Thread.sleep(forTimeInterval: 0.01)
            scaled = try ImageScaler.scale(data, to: request)
        }
        return scaled
    }

    @Test(arguments: ResamplingFilter.allCases)
    func oneTwoAndFourThreadsGiveIdenticalPixels(filter: ResamplingFilter) throws {
        for (name, data) in try Self.inputs() {
            for box in [PixelSize(width: 211, height: 211), PixelSize(width: 700, height: 300)] {
                let one = try ImageScaler.scale(data, to: ScaleRequest(box: box, filter: filter, threads: 1))
                #expect(one.report.threadsUsed == 1)
                let shrink = one.report.jpegScaleDenominator
                let decodedPixels = one.report.inputSize.pixelCount / (shrink * shrink)
                #expect(decodedPixels >= ImageScaler.pipelineMinimumPixels, "\(name) → \(box): too small for a helper")
                for threads in [2, 4] {
                    let many = try Self.scaleWithHelper(data, ScaleRequest(box: box, filter: filter, threads: threads))
                    #expect(many.report.threadsUsed == 2, "\(name): the helper thread was never free")
                    let identical = many.image == one.image
                    #expect(identical, "\(name) → \(box), \(threads) threads")
                }
            }
        }
    }

    @Test func smallImagesStayOnOneThread() throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
        let scaled = try ImageScaler.scale(data, to: ScaleRequest(box: PixelSize(width: 40, height: 40), threads: 4))
        #expect(scaled.report.threadsUsed == 1)
    }

    @Test func aDecodeFailureMidwayIsReportedAsOnOneThread() throws {
        for (name, data) in try Self.inputs() {
            // Cut inside the image data: the decoder fails after some rows have gone to the helper.
            let truncated = data.prefix(data.count * 2 / 3)
            let request = ScaleRequest(box: PixelSize(width: 100, height: 100))
            var single = request
            single.threads = 1
            var parallel = request
            parallel.threads = 2
            let expected = #expect(throws: ImageDecodingError.self, "\(name)") {
                try ImageScaler.scale(truncated, to: single)
            }
            for _ in 0..<20 {
                let error = #expect(throws: ImageDecodingError.self, "\(name)") {
                    try ImageScaler.scale(truncated, to: parallel)
                }
                #expect(error == expected)
            }
        }
    }

    @Test func manyScalesAtOnceMatchOneAtATime() async throws {
        let inputs = try Self.inputs()
        let request = ScaleRequest(box: PixelSize(width: 300, height: 300), threads: 4)
        var serialRequest = request
        serialRequest.threads = 1
        let serial = try inputs.map { try ImageScaler.scale($0.data, to: serialRequest).image }
        #expect(ImageScaler.helperThreadLimit >= 1)
        let results = try await withThrowingTaskGroup(of: (Int, RGBAImage, Int).self) { group in
            for round in 0..<6 {
                for (index, input) in inputs.enumerated() {
                    group.addTask {
                        let scaled = try ImageScaler.scale(input.data, to: request)
                        return (round * inputs.count + index, scaled.image, scaled.report.threadsUsed)
                    }
                }
            }
            var all: [(Int, RGBAImage, Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 6 * inputs.count)
        for (slot, image, threads) in results {
            let identical = image == serial[slot % inputs.count]
            #expect(identical, "task \(slot)")
            #expect((1...2).contains(threads))
        }
    }
}
