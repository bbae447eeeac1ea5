import Foundation
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewTestSupport
import Testing

/// `ImageScaler.scale(_:to: [ScaleRequest])`: several sizes from one decode, with the pixels each
/// request gives alone when it decodes at the same reduction.
struct OneDecodeTests {
    static let photo = TestPaths.packageFile("Resources/attachments/sample-image.jpg")

    @Test func eachOutputIsWhatItsRequestGivesAlone() throws {
        let data = try Data(contentsOf: Self.photo)
        // 640x427 to 375 and to 300: both decode at full size (too little reduction for DCT scaling).
        let requests = [
            ScaleRequest(box: PixelSize(width: 375, height: 375)),
            ScaleRequest(box: PixelSize(width: 300, height: 300), mode: .fill),
            ScaleRequest(box: PixelSize(width: 2000, height: 2000), enlarging: false),
        ]
        let many = try ImageScaler.scale(data, to: requests)
        #expect(many.images.count == 3 && many.format == .jpeg && many.inputSize == PixelSize(width: 640, height: 427))
        for (image, request) in zip(many.images, requests) {
            #expect(image == (try ImageScaler.scale(data, to: request).image), "\(request.box)")
        }
    }

    @Test func theDecodeIsAtTheLeastReductionAnyOutputAllows() throws {
        let data = try Data(contentsOf: Self.photo)
        let small = ScaleRequest(box: PixelSize(width: 80, height: 80))
        let alone = try ImageScaler.scale(data, to: small)
        #expect(alone.report.jpegScaleDenominator > 1)
        let both = try ImageScaler.scale(data, to: [ScaleRequest(box: PixelSize(width: 375, height: 375)), small])
        #expect(both.jpegScaleDenominator == 1)
        // The small one from the full decode: the same size, and close to its own (it had more pixels).
        #expect(both.images[1].size == alone.image.size)
        let difference = zip(both.images[1].pixels, alone.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(difference < 40, "largest difference \(difference)")
        let smallOnly = try ImageScaler.scale(data, to: [small])
        #expect(smallOnly.jpegScaleDenominator == alone.report.jpegScaleDenominator)
        #expect(smallOnly.images[0] == alone.image)
    }

    @Test func anOrientedImageIsOrientedInEveryOutput() throws {
        let data = try ClipTests.quadrants(orientation: 6)
        let many = try ImageScaler.scale(
            data,
            to: [
                ScaleRequest(box: PixelSize(width: 24, height: 48)),
                ScaleRequest(box: PixelSize(width: 12, height: 24)),
            ])
        #expect(many.images.map(\.size) == [PixelSize(width: 24, height: 48), PixelSize(width: 12, height: 24)])
        #expect(many.orientation == .right)
    }

    @Test func badInputThrows() throws {
        #expect(throws: ImageDecodingError.self) {
            try ImageScaler.scale(Data(), to: [ScaleRequest(box: PixelSize(width: 4, height: 4))])
        }
        let data = try Data(contentsOf: Self.photo)
        #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(data, to: []) }
        #expect(throws: ImageDecodingError.self) {
            try ImageScaler.scale(
                data,
                to: [
                    ScaleRequest(box: PixelSize(width: 4, height: 4)),
                    ScaleRequest(box: PixelSize(width: 0, height: 4)),
                ])
        }
        #expect(throws: ImageDecodingError.self) {
            try ImageScaler.scale(data.prefix(5000), to: [ScaleRequest(box: PixelSize(width: 4, height: 4))])
        }
        let tight = ScaleRequest(box: PixelSize(width: 4, height: 4), limits: ImageLimits(maxPixels: 1000))
        #expect(throws: ImageDecodingError.self) { try ImageScaler.scale(data, to: [tight]) }
    }
}
