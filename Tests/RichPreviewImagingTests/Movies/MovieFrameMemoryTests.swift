import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// A movie frame's decode within the memory limit (`ImageLimits.maxMemory`): a stream whose
/// declared size would not fit is refused before its decoder is opened, a decoder about to hold
/// more pictures than fit is stopped before it allocates the one too many, and a stream that
/// grows past the size it declares is stopped when the decoder meets the larger size. Within the
/// limit the frame decodes, scaled down to the box it is drawn in.
struct MovieFrameMemoryTests {
    /// A clip of `Tests/Fixtures/media-frames/` (`make-memory-fixtures.sh`).
    static func clip(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("media-frames/\(name)"))
    }

    static func isRed(_ pixel: SIMD4<UInt8>) -> Bool {
        pixel.x > 230 && pixel.y < 25 && pixel.z < 25 && pixel.w == 255
    }

    /// True when `error` is `.overMemoryBudget` for a `width` × `height` frame, over `limit`.
    static func isOverMemory(_ error: any Error, width: Int, height: Int, limit: Int, pictures: ClosedRange<Int>)
        -> Bool
    {
        guard case .overMemoryBudget(width, height, let counted, let bytes, limit) = error as? MovieFrameError else {
            return false
        }
        return pictures.contains(counted) && bytes > limit
    }

    @Test func aLargeFrameIsRefusedUnderASmallLimitAndDecodesIntoItsBoxUnderAGenerousOne() throws {
        // 14 KB; one 8192x8192 picture's planes alone take 96 MiB.
        let data = try Self.clip("mp4-8192x8192.mp4")
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, limits: ImageLimits(maxMemory: 64 << 20))
        } throws: { error in
            Self.isOverMemory(error, width: 8192, height: 8192, limit: 64 << 20, pictures: 1...1)
        }
        let frame = try MovieFrameDecoder.posterFrame(
            of: data, limits: ImageLimits(maxMemory: 320 << 20), fittingInto: PixelSize(width: 750, height: 1500))
        #expect(frame.image.size == PixelSize(width: 750, height: 750))
        #expect(frame.streamSize == PixelSize(width: 8192, height: 8192))
        #expect(Self.isRed(frame.image.pixel(x: 375, y: 375)), "\(frame.image.pixel(x: 375, y: 375))")
    }

    @Test func aContainerThatUnderstatesTheFrameSizeIsRefusedAtTheSizeDecoded() throws {
        // The 8192x8192 clip with its track and sample entry saying 64x48: FFmpeg's stream
        // analysis reads the real size from the H.264 parameter sets, and that size is refused.
        var data = try Self.clip("mp4-8192x8192.mp4")
        let sampleEntries = try #require(data.range(of: Data("stsd".utf8)))
        let entry = try #require(data.range(of: Data("avc1".utf8), in: sampleEntries.upperBound..<data.endIndex))
        // width and height follow the type by 24 bytes (reserved, data reference, pre-defined).
        data.replaceSubrange(entry.upperBound + 24..<entry.upperBound + 28, with: [0, 64, 0, 48])
        let header = try #require(data.range(of: Data("tkhd".utf8)))
        let size = Int(data[header.lowerBound - 2]) << 8 | Int(data[header.lowerBound - 1])
        let end = header.lowerBound - 4 + size
        data.replaceSubrange(end - 8..<end, with: [0, 64, 0, 0, 0, 48, 0, 0])
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, limits: ImageLimits(maxMemory: 64 << 20))
        } throws: { error in
            Self.isOverMemory(error, width: 8192, height: 8192, limit: 64 << 20, pictures: 1...1)
        }
    }

    @Test func theDecodersPicturesAreCountedAsItAllocatesThem() throws {
        // 1024x1024, every frame kept as a reference for 16 more: one picture at the first frame,
        // 17 (25 MiB of planes) by the last.
        let data = try Self.clip("mp4-16-references.mp4")
        let box = PixelSize(width: 64, height: 64)
        let limits = ImageLimits(maxMemory: 16 << 20)
        let first = try MovieFrameDecoder.posterFrame(of: data, limits: limits, fittingInto: box)
        #expect(first.image.size == box && Self.isRed(first.image.pixel(x: 32, y: 32)))
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, at: 1.9, limits: limits, fittingInto: box)
        } throws: { error in
            Self.isOverMemory(error, width: 1024, height: 1024, limit: 16 << 20, pictures: 2...17)
        }
        let last = try MovieFrameDecoder.posterFrame(
            of: data, at: 1.9, limits: ImageLimits(maxMemory: 64 << 20), fittingInto: box)
        #expect(abs((last.time ?? 0) - 1.9) < 0.01)
    }

    @Test func aStreamThatGrowsPastItsDeclaredSizeIsStoppedWhenTheDecoderMeetsIt() throws {
        // Declares 64x48 (its first sequence header); a 1024x1024 frame comes at 1 s.
        let data = try Self.clip("m2v-grows.m2v")
        let limits = ImageLimits(maxMemory: 2 << 20)
        #expect(
            try MovieFrameDecoder.posterFrame(of: data, limits: limits).image.size == PixelSize(width: 64, height: 48))
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, at: 1, limits: limits)
        } throws: { error in
            Self.isOverMemory(error, width: 1024, height: 1024, limit: 2 << 20, pictures: 1...1)
        }
        let large = try MovieFrameDecoder.posterFrame(
            of: data, at: 1, limits: ImageLimits(maxMemory: 64 << 20), fittingInto: PixelSize(width: 100, height: 100))
        #expect(large.image.size == PixelSize(width: 100, height: 100))
        #expect(Self.isRed(large.image.pixel(x: 50, y: 50)), "\(large.image.pixel(x: 50, y: 50))")
    }

    @Test func theBoxIsForTheFrameAsShownAndNeverEnlargesIt() throws {
        // Stored 64x32, shown 32x64.
        let rotated = try MovieFrameDecoder.posterFrame(
            of: Self.clip("mp4-rotated-90.mp4"), limits: ImageLimits(), fittingInto: PixelSize(width: 16, height: 16))
        #expect(rotated.image.size == PixelSize(width: 8, height: 16))
        #expect(rotated.streamSize == PixelSize(width: 64, height: 32))
        let small = try MovieFrameDecoder.posterFrame(
            of: Self.clip("mp4-red-then-blue.mp4"), limits: ImageLimits(),
            fittingInto: PixelSize(width: 1000, height: 1000))
        #expect(small.image.size == PixelSize(width: 64, height: 48))
        #expect(
            small == (try MovieFrameDecoder.posterFrame(of: Self.clip("mp4-red-then-blue.mp4"), limits: ImageLimits())))
    }

    @Test(
        arguments: [
            (ImageLimits(maxMemory: 0), nil), (ImageLimits(maxPixels: 0), nil),
            (ImageLimits(), PixelSize(width: 0, height: 10)),
        ] as [(ImageLimits, PixelSize?)])
    func limitsUnderOneAreInvalidRequests(limits: ImageLimits, box: PixelSize?) throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, limits: limits, fittingInto: box)
        } throws: { error in
            guard case .invalidRequest = error as? MovieFrameError else { return false }
            return true
        }
    }

    @Test func theRefusalSaysTheFrameTheBytesAndTheLimit() {
        #expect(
            MovieFrameError.overMemoryBudget(width: 8192, height: 8192, pictures: 1, bytes: 230 << 20, limit: 64 << 20)
                .description
                == "the movie's 8192x8192 frame would need 230 MiB to decode and draw, over the memory limit of 64 MiB")
        #expect(
            MovieFrameError.overMemoryBudget(width: 1024, height: 1024, pictures: 7, bytes: 17 << 20, limit: 16 << 20)
                .description
                == "the movie's 1024x1024 frame, with the 7 pictures its decoder holds, would need 17 MiB to decode and draw, over the memory limit of 16 MiB"
        )
    }
}
