import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// The imaging entry points called from many tasks at once give what they give one at a time.
struct ConcurrencyTests {
    static let samples = ["sample-image.jpg", "sample-badge.png", "sample-badge.gif"]

    @Test func scalingFromManyTasksMatchesScalingOneAtATime() async throws {
        let inputs = try Self.samples.map { try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\($0)")) }
        let request = ScaleRequest(box: PixelSize(width: 90, height: 90))
        let serial = try inputs.map { try ImageScaler.scale($0, to: request, encodingAs: .png()).data }
        let parallel = try await withThrowingTaskGroup(of: (Int, Data, ImageInfo).self) { group in
            for round in 0..<8 {
                for (index, input) in inputs.enumerated() {
                    group.addTask {
                        let scaled = try ImageScaler.scale(input, to: request, encodingAs: .png()).data
                        return (round * inputs.count + index, scaled, try ImageValidator.validate(input))
                    }
                }
            }
            var results: [(Int, Data, ImageInfo)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == 8 * inputs.count)
        for (slot, data, info) in parallel {
            #expect(data == serial[slot % inputs.count], "task \(slot)")
            #expect(info == (try ImageValidator.validate(inputs[slot % inputs.count])))
        }
    }
}
