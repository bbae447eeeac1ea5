import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// Every frame of an animated GIF composited as browsers and iOS play it: disposal methods,
/// transparency, colour tables, interlacing, clipping, delays and the limits.
struct GIFAnimationTests {
    typealias Frame = AnimatedGIFWriter.Frame

    /// The RGBA of an index of `AnimatedGIFWriter.palette`.
    static func colour(_ index: Int) -> SIMD4<UInt8> {
        let rgb = AnimatedGIFWriter.palette[index]
        return SIMD4(rgb[0], rgb[1], rgb[2], 255)
    }

    static let clear = SIMD4<UInt8>(0, 0, 0, 0)

    /// Whether every pixel of `image` inside `rect` (x, y, width, height) is `inside`, and every
    /// other pixel `outside`.
    static func image(
        _ image: RGBAImage, has inside: SIMD4<UInt8>, in rect: (Int, Int, Int, Int), elsewhere outside: SIMD4<UInt8>
    ) -> Bool {
        for y in 0..<image.size.height {
            for x in 0..<image.size.width {
                let isInside = x >= rect.0 && x < rect.0 + rect.2 && y >= rect.1 && y < rect.1 + rect.3
                if image.pixel(x: x, y: y) != (isInside ? inside : outside) { return false }
            }
        }
        return true
    }

    /// A screen-sized image of one colour.
    static func solid(_ size: PixelSize, _ colour: SIMD4<UInt8>) -> RGBAImage {
        RGBAImage(size: size, pixels: (0..<size.pixelCount).flatMap { _ in [colour.x, colour.y, colour.z, colour.w] })
    }

    @Test func threeFramesPlayWithTheirColoursAndDelays() throws {
        let data = AnimatedGIFWriter.make(
            width: 5, height: 3,
            frames: [
                .solid(2, width: 5, height: 3, delay: 50), .solid(3, width: 5, height: 3, delay: 2),
                .solid(4, width: 5, height: 3, delay: 125),
            ])
        let animation = try GIFAnimation.decode(data)
        #expect(animation.size == PixelSize(width: 5, height: 3))
        #expect(animation.frames.count == 3 && !animation.isTruncated && animation.framesLeftOut == 0)
        #expect(animation.frames.map(\.index) == [0, 1, 2])
        for (frame, index) in zip(animation.frames, [2, 3, 4]) {
            #expect(frame.image == Self.solid(animation.size, Self.colour(index)))
        }
        #expect(animation.frames.map(\.delay) == [0.5, 0.02, 1.25])
        #expect(animation.frames.map(\.declaredDelay) == [50, 2, 125])
        #expect(abs(animation.duration - 1.77) < 1e-9)
    }

    @Test func delaysOfNoneOrOneHundredthPlayAsATenth() throws {
        let frames = [0, 1, 2, 10].map { Frame.solid(1, width: 2, height: 2, delay: $0) }
        let withoutExtension = Frame(width: 2, height: 2, pixels: [1, 1, 1, 1], hasControlExtension: false)
        let data = AnimatedGIFWriter.make(width: 2, height: 2, frames: frames + [withoutExtension])
        let animation = try GIFAnimation.decode(data)
        #expect(animation.frames.map(\.delay) == [0.1, 0.1, 0.02, 0.1, 0.1])
        #expect(animation.frames.map(\.declaredDelay) == [0, 1, 2, 10, 0])
        #expect(GIFAnimation.playedDelay(hundredths: 0) == 0.1 && GIFAnimation.playedDelay(hundredths: 3) == 0.03)
    }

    /// A red screen, then a 2×2 blue frame at (2, 2) disposed of as `disposal` says, then a 1×1
    /// green frame at (0, 0): the third frame shows what the disposal left.
    static func disposalAnimation(_ disposal: Int) -> Data {
        AnimatedGIFWriter.make(
            width: 6, height: 5,
            frames: [
                .solid(2, width: 6, height: 5, disposal: 1),
                .solid(4, left: 2, top: 2, width: 2, height: 2, disposal: disposal),
                .solid(3, width: 1, height: 1),
            ])
    }

    @Test(arguments: [0, 1, 5, 6, 7])
    func framesLeftInPlaceStayUnderTheNext(disposal: Int) throws {
        let frames = try GIFAnimation.decode(Self.disposalAnimation(disposal)).frames
        #expect(Self.image(frames[1].image, has: Self.colour(4), in: (2, 2, 2, 2), elsewhere: Self.colour(2)))
        #expect(frames[2].image.pixel(x: 0, y: 0) == Self.colour(3))
        #expect(
            frames[2].image.pixel(x: 2, y: 2) == Self.colour(4) && frames[2].image.pixel(x: 3, y: 3) == Self.colour(4))
        #expect(frames[2].image.pixel(x: 4, y: 4) == Self.colour(2))
    }

    @Test func restoreToBackgroundClearsTheFrameToTransparent() throws {
        let frames = try GIFAnimation.decode(Self.disposalAnimation(2)).frames
        // Shown whole, then cleared before the next frame is drawn.
        #expect(Self.image(frames[1].image, has: Self.colour(4), in: (2, 2, 2, 2), elsewhere: Self.colour(2)))
        var expected = Self.solid(frames[2].image.size, Self.colour(2))
        for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            expected.pixels.replaceSubrange((y * 6 + x) * 4..<(y * 6 + x + 1) * 4, with: [0, 0, 0, 0])
        }
        expected.pixels.replaceSubrange(0..<4, with: [0, 255, 0, 255])
        #expect(frames[2].image == expected)
    }

    @Test(arguments: [3, 4])
    func restoreToPreviousPutsBackWhatWasUnder(disposal: Int) throws {
        let frames = try GIFAnimation.decode(Self.disposalAnimation(disposal)).frames
        #expect(Self.image(frames[1].image, has: Self.colour(4), in: (2, 2, 2, 2), elsewhere: Self.colour(2)))
        #expect(Self.image(frames[2].image, has: Self.colour(3), in: (0, 0, 1, 1), elsewhere: Self.colour(2)))
    }

    @Test func restoreToPreviousChainsAndStartsFromTheEmptyScreen() throws {
        // Frame 1 (restore to previous) is undone to the empty screen; frame 2 is left; frame 3
        // (restore to previous) is undone to frame 2's screen, not frame 1's.
        let data = AnimatedGIFWriter.make(
            width: 4, height: 4,
            frames: [
                .solid(2, width: 4, height: 4, disposal: 3),
                .solid(3, left: 1, top: 1, width: 2, height: 2, disposal: 1),
                .solid(4, width: 4, height: 2, disposal: 3), .solid(5, left: 3, top: 3, width: 1, height: 1),
            ])
        let frames = try GIFAnimation.decode(data).frames
        #expect(Self.image(frames[0].image, has: Self.colour(2), in: (0, 0, 4, 4), elsewhere: Self.clear))
        #expect(Self.image(frames[1].image, has: Self.colour(3), in: (1, 1, 2, 2), elsewhere: Self.clear))
        #expect(
            frames[2].image.pixel(x: 1, y: 1) == Self.colour(4) && frames[2].image.pixel(x: 1, y: 2) == Self.colour(3))
        var expected = frames[1].image
        expected.pixels.replaceSubrange(15 * 4..<16 * 4, with: [255, 255, 0, 255])
        #expect(frames[3].image == expected)
    }

    @Test func transparentPixelsLeaveWhatIsUnderThem() throws {
        // Index 0 is transparent in frame 2: a checkerboard of white over a red screen.
        let checker = (0..<16).map { UInt8(($0 % 4 + $0 / 4) % 2) }
        let data = AnimatedGIFWriter.make(
            width: 4, height: 4,
            frames: [
                Frame(width: 4, height: 4, pixels: checker.map { $0 == 0 ? 0 : 2 }, transparentIndex: 0),
                Frame(width: 4, height: 4, pixels: checker.map { 1 - $0 }, transparentIndex: 0),
            ])
        let frames = try GIFAnimation.decode(data).frames
        for y in 0..<4 {
            for x in 0..<4 {
                let odd = (x + y) % 2 == 1
                // The first frame's transparent pixels are transparent black, as ImageDecoder gives them.
                #expect(frames[0].image.pixel(x: x, y: y) == (odd ? Self.colour(2) : Self.clear))
                #expect(frames[1].image.pixel(x: x, y: y) == (odd ? Self.colour(2) : Self.colour(1)))
            }
        }
        #expect(frames[1].image.isOpaque)
    }

    @Test func interlacedFramesDecodeAsTheirRowsInOrder() throws {
        // 3×11 rows of distinct index patterns, so a row in the wrong place shows.
        let pixels = (0..<33).map { (pixel: Int) -> UInt8 in UInt8(pixel % 8) }
        let plain = Frame(width: 3, height: 11, pixels: pixels)
        var interlaced = plain
        interlaced.interlaced = true
        let first = try GIFAnimation.decode(AnimatedGIFWriter.make(width: 3, height: 11, frames: [plain])).frames
        let second = try GIFAnimation.decode(
            AnimatedGIFWriter.make(width: 3, height: 11, frames: [.solid(1, width: 3, height: 11), interlaced])
        ).frames
        #expect(second[1].image == first[0].image)
        for row in 0..<11 {
            #expect(first[0].image.pixel(x: 0, y: row) == Self.colour(row * 3 % 8))
        }
    }

    @Test func localColourTablesReplaceTheGlobalOneForTheirFrame() throws {
        let local: [[UInt8]] = [[10, 20, 30], [40, 50, 60]]
        let data = AnimatedGIFWriter.make(
            width: 2, height: 1,
            frames: [
                Frame(width: 2, height: 1, pixels: [0, 1], localPalette: local),
                Frame(width: 1, height: 1, pixels: [1]),
            ])
        let frames = try GIFAnimation.decode(data).frames
        #expect(frames[0].image.pixels == [10, 20, 30, 255, 40, 50, 60, 255])
        #expect(frames[1].image.pixels == [255, 255, 255, 255, 40, 50, 60, 255])
    }

    @Test func withoutAnyColourTableAFrameIsCorruptAsTheFirstFrameIs() throws {
        let frames = [Frame.solid(1, width: 2, height: 2), .solid(2, width: 2, height: 2)]
        let data = AnimatedGIFWriter.make(width: 2, height: 2, globalPalette: nil, frames: frames)
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(data) }
        #expect(throws: ImageDecodingError.corrupt(format: .gif, reason: "frame 1 has no colour map")) {
            try GIFAnimation.decode(data)
        }
        // A later frame without a table of its own, where the first has one.
        var first = frames[0]
        first.localPalette = AnimatedGIFWriter.palette
        var seen = 0
        #expect(throws: ImageDecodingError.corrupt(format: .gif, reason: "frame 2 has no colour map")) {
            try GIFAnimation.forEachFrame(
                of: AnimatedGIFWriter.make(width: 2, height: 2, globalPalette: nil, frames: [first, frames[1]])
            ) { _ in seen += 1 }
        }
        #expect(seen == 1)
    }

    @Test func indicesPastTheColourTableAreOpaqueBlack() throws {
        let data = AnimatedGIFWriter.make(
            width: 3, height: 1, globalPalette: [[255, 0, 0], [0, 255, 0]],
            frames: [.solid(1, width: 3, height: 1), Frame(left: 1, width: 1, height: 1, pixels: [6])])
        let frames = try GIFAnimation.decode(data).frames
        #expect(frames[1].image.pixels == [0, 255, 0, 255, 0, 0, 0, 255, 0, 255, 0, 255])
    }

    @Test func framesPassingTheScreensEdgesAreClipped() throws {
        // A 4×4 frame at (3, 2) on a 5×4 screen shows its top-left 2×2; a frame wholly off the
        // screen shows nothing but still plays; a clipped frame restored to background clears
        // only what it covered on the screen.
        let pattern = (0..<16).map { UInt8($0 % 4 == 0 ? 4 : 3) }
        let data = AnimatedGIFWriter.make(
            width: 5, height: 4,
            frames: [
                .solid(2, width: 5, height: 4),
                Frame(left: 3, top: 2, width: 4, height: 4, pixels: pattern, disposal: 2),
                .solid(1, left: 40, top: 1, width: 3, height: 3, delay: 70),
                .solid(5, left: 1, top: 9, width: 2, height: 2),
            ])
        let animation = try GIFAnimation.decode(data)
        let frames = animation.frames
        #expect(frames.count == 4 && frames.allSatisfy { $0.image.size == PixelSize(width: 5, height: 4) })
        #expect(
            frames[1].image.pixel(x: 3, y: 2) == Self.colour(4) && frames[1].image.pixel(x: 4, y: 2) == Self.colour(3))
        #expect(
            frames[1].image.pixel(x: 3, y: 3) == Self.colour(4) && frames[1].image.pixel(x: 4, y: 3) == Self.colour(3))
        #expect(
            frames[1].image.pixel(x: 2, y: 2) == Self.colour(2) && frames[1].image.pixel(x: 4, y: 1) == Self.colour(2))
        #expect(Self.image(frames[2].image, has: Self.clear, in: (3, 2, 2, 2), elsewhere: Self.colour(2)))
        #expect(frames[2].delay == 0.7)
        #expect(frames[3].image == frames[2].image)
    }

    @Test func aFileCutShortGivesTheFramesBeforeTheDamageThenThrows() throws {
        let stripes = (0..<400).map { UInt8($0 / 20 % 8) }
        let frames = [Frame.solid(2, width: 20, height: 20), Frame.solid(3, width: 20, height: 20)]
        let whole = AnimatedGIFWriter.make(
            width: 20, height: 20, frames: frames + [Frame(width: 20, height: 20, pixels: stripes)])
        let third = AnimatedGIFWriter.encode(
            Frame(width: 20, height: 20, pixels: stripes), globalPalette: AnimatedGIFWriter.palette)
        // Cut inside the third frame's compressed data.
        let cut = whole.prefix(whole.count - 1 - third.count / 2)
        var seen: [GIFAnimation.Frame] = []
        do {
            try GIFAnimation.forEachFrame(of: cut) { seen.append($0) }
            Issue.record("a file cut short decoded without an error")
        } catch {
            guard case .corrupt(.gif, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reason.contains("truncated"))
        }
        #expect(seen.count == 2)
        #expect(seen.map(\.image) == [2, 3].map { Self.solid(PixelSize(width: 20, height: 20), Self.colour($0)) })
        #expect(throws: ImageDecodingError.self) { try GIFAnimation.decode(cut) }
        // Cut right after the second frame: no trailer. Both frames, then the error.
        let afterTwo = whole.prefix(whole.count - 1 - third.count)
        seen = []
        #expect(throws: ImageDecodingError.self) { try GIFAnimation.forEachFrame(of: afterTwo) { seen.append($0) } }
        #expect(seen.count == 2)
    }

    @Test func screensOverThePixelLimitAreRefusedBeforeAnything() throws {
        let data = AnimatedGIFWriter.make(width: 300, height: 200, frames: [.solid(1, width: 10, height: 10)])
        var seen = 0
        #expect(
            throws: ImageDecodingError.overPixelLimit(
                format: .gif, size: PixelSize(width: 300, height: 200), limit: 59_999)
        ) {
            try GIFAnimation.forEachFrame(of: data, limits: ImageLimits(maxPixels: 59_999)) { _ in seen += 1 }
        }
        #expect(seen == 0)
        #expect(try GIFAnimation.decode(data, limits: ImageLimits(maxPixels: 60_000)).frames.count == 1)
    }

    @Test func theMemoryLimitCoversTheCanvasAndTheRestoreCopy() throws {
        let size = PixelSize(width: 100, height: 50)
        let canvas = size.pixelCount * 4
        let data = AnimatedGIFWriter.make(
            width: 100, height: 50,
            frames: [
                .solid(1, width: 100, height: 50), .solid(2, width: 10, height: 10, disposal: 3),
                .solid(3, width: 5, height: 5),
            ])
        #expect(throws: ImageDecodingError.self) {
            try GIFAnimation.forEachFrame(of: data, limits: ImageLimits(maxMemory: canvas - 1)) { _ in }
        }
        // One canvas is enough until the frame to be restored to previous, which needs a copy.
        var seen = 0
        do {
            try GIFAnimation.forEachFrame(of: data, limits: ImageLimits(maxMemory: canvas)) { _ in seen += 1 }
            Issue.record("the restore copy was allocated over the limit")
        } catch {
            guard case .overMemoryLimit(.gif, _, let bytes, let limit) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(bytes == 2 * canvas && limit == canvas)
        }
        #expect(seen == 1)
        #expect(
            try GIFAnimation.forEachFrame(of: data, limits: ImageLimits(maxMemory: 2 * canvas)) { _ in }.frameCount == 3
        )
    }

    @Test func streamingNeedsOneCanvasWhereKeepingNeedsOneAFrame() throws {
        let data = GIFWriter.plainAnimation(width: 200, height: 100, frameCount: 40)
        let canvas = 200 * 100 * 4
        let limits = ImageLimits(maxMemory: canvas)
        var seen = 0
        var buffers = Set<UInt>()
        let summary = try GIFAnimation.forEachFrame(of: data, limits: limits) { frame in
            #expect(frame.image.pixel(x: 199, y: 99) == [255, 255, 255, 255])
            buffers.insert(frame.image.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
            seen += 1
        }
        #expect(seen == 40 && summary.frameCount == 40 && summary.size == PixelSize(width: 200, height: 100))
        // Every frame is the one canvas itself, never a copy of it (a copy is made only while the
        // old buffer is still held, so it would have another address).
        #expect(buffers.count == 1)
        #expect(throws: ImageDecodingError.self) { try GIFAnimation.decode(data, limits: limits) }
        #expect(try GIFAnimation.decode(data, limits: ImageLimits(maxMemory: 40 * canvas)).frames.count == 40)
    }

    @Test func framesPastMaxFramesAreCountedNotDecoded() throws {
        let data = AnimatedGIFWriter.make(
            width: 3, height: 3, frames: (0..<10).map { Frame.solid(UInt8($0 % 8), width: 3, height: 3) })
        let animation = try GIFAnimation.decode(data, maxFrames: 3)
        #expect(animation.frames.count == 3 && animation.framesLeftOut == 7 && animation.isTruncated)
        #expect(animation.frames[2].image == Self.solid(animation.size, Self.colour(2)))
        var seen = 0
        let summary = try GIFAnimation.forEachFrame(of: data, maxFrames: 10) { _ in seen += 1 }
        #expect(seen == 10 && summary.frameCount == 10 && summary.framesLeftOut == 0 && !summary.isTruncated)
        let one = try GIFAnimation.decode(data, maxFrames: 1)
        #expect(one.frames.count == 1 && one.framesLeftOut == 9)

        let many = GIFWriter.plainAnimation(width: 100, height: 100, frameCount: 2_000)
        let capped = try GIFAnimation.forEachFrame(of: many) { _ in }
        #expect(capped.frameCount == GIFAnimation.defaultMaxFrames && capped.framesLeftOut == 1_500)
    }

    @Test func garbageEmptyAndOtherFormatsThrow() throws {
        #expect(throws: ImageDecodingError.emptyInput) { try GIFAnimation.decode(Data()) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try GIFAnimation.decode(Data("not a picture".utf8)) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try GIFAnimation.decode(Data([0x47, 0x49, 0x46])) }
        var noise = SplitMix64(seed: 7)
        let garbage = Data("GIF89a".utf8) + Data((0..<500).map { _ in UInt8(truncatingIfNeeded: noise.next()) })
        #expect(throws: ImageDecodingError.self) { try GIFAnimation.forEachFrame(of: garbage) { _ in } }
        // A screen with no frame, and a header cut short.
        let empty = AnimatedGIFWriter.make(width: 4, height: 4, frames: [])
        #expect(throws: ImageDecodingError.corrupt(format: .gif, reason: "the file has no image")) {
            try GIFAnimation.decode(empty)
        }
        #expect(throws: ImageDecodingError.self) { try GIFAnimation.decode(empty.prefix(9)) }
        let png = try ImageEncoder.encode(Self.solid(PixelSize(width: 2, height: 2), Self.colour(1))).data
        #expect(throws: ImageDecodingError.self) { try GIFAnimation.decode(png) }
    }

    @Test func randomDamageNeverCrashes() throws {
        let frames = [
            Frame.solid(2, width: 8, height: 8, disposal: 3),
            Frame.solid(3, left: 2, top: 2, width: 9, height: 3, disposal: 2),
            Frame(width: 8, height: 8, pixels: (0..<64).map { UInt8($0 % 8) }, transparentIndex: 3, interlaced: true),
        ]
        let data = AnimatedGIFWriter.make(width: 8, height: 8, frames: frames)
        var random = SplitMix64(seed: 42)
        for _ in 0..<400 {
            var damaged = data
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = 6 + Int(random.next() % UInt64(damaged.count - 6))
                damaged[at] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 3 == 0 { damaged = damaged.prefix(6 + Int(random.next() % UInt64(damaged.count - 6))) }
            _ = try? GIFAnimation.forEachFrame(of: damaged, limits: ImageLimits(maxPixels: 1 << 20)) { frame in
                #expect(frame.image.pixels.count == frame.image.size.pixelCount * 4)
            }
        }
    }

    @Test func aStillGIFIsOneFrameAsImageDecoderAndImageScalerGiveIt() throws {
        let stripes = (0..<(30 * 20)).map { UInt8($0 / 30 % 8) }
        let stills = [
            AnimatedGIFWriter.make(width: 30, height: 20, frames: [Frame(width: 30, height: 20, pixels: stripes)]),
            // A frame over part of the screen, with transparency.
            AnimatedGIFWriter.make(
                width: 30, height: 20,
                frames: [
                    Frame(
                        left: 4, top: 3, width: 20, height: 10, pixels: Array(stripes.prefix(200)), transparentIndex: 2)
                ]),
            GIFWriter.make(width: 40, height: 30, frames: [(0..<1200).map { UInt8($0 % 4) }]),
        ]
        for data in stills {
            let animation = try GIFAnimation.decode(data)
            #expect(animation.frames.count == 1 && animation.framesLeftOut == 0)
            let frame = try #require(animation.frames.first)
            #expect(frame.image == (try ImageDecoder.decode(data)))
            let scaled = try ImageScaler.scale(data, to: ScaleRequest(box: frame.image.size))
            #expect(scaled.image == frame.image)
        }
        // And the first frame of an animation is the image the first-frame decode shows.
        let animated = Self.disposalAnimation(3)
        #expect(try GIFAnimation.decode(animated).frames[0].image == (try ImageDecoder.decode(animated)))
    }

    // MARK: - Against ImageMagick

    /// ImageMagick's `convert`, when it is installed: nil, with a note, when it is not.
    static func imageMagick() -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for folder in paths {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("convert")
            guard FileManager.default.isExecutableFile(atPath: candidate.path),
                let version = try? run(candidate, ["-version"]),
                String(decoding: version, as: UTF8.self).contains("ImageMagick")
            else { continue }
            return candidate
        }
        print("note: ImageMagick's convert is not installed; the comparison with its -coalesce is skipped")
        return nil
    }

    static func run(_ tool: URL, _ arguments: [String]) throws -> Data {
        struct Failed: Error { var status: Int32 }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(status: process.terminationStatus) }
        return data
    }

    /// Animations whose frames ImageMagick and browsers composite alike: every disposal method it
    /// knows, offsets, transparency, local tables, interlacing.
    static func referenceAnimations() -> [(String, Data)] {
        let size = (width: 24, height: 18)
        var random = SplitMix64(seed: 2024)
        func noise(_ count: Int, below: UInt64 = 8) -> [UInt8] { (0..<count).map { _ in UInt8(random.next() % below) } }
        let local = (0..<16).map { (entry: Int) -> [UInt8] in
            [UInt8(entry * 16), UInt8(255 - entry * 8), UInt8(entry * 5)]
        }
        return [
            (
                "disposals",
                AnimatedGIFWriter.make(
                    width: size.width, height: size.height,
                    frames: [
                        Frame(width: 24, height: 18, pixels: noise(432), disposal: 1),
                        Frame(left: 3, top: 2, width: 10, height: 7, pixels: noise(70), disposal: 2),
                        Frame(
                            left: 8, top: 5, width: 12, height: 9, pixels: noise(108), disposal: 3, transparentIndex: 5),
                        Frame(
                            left: 0, top: 10, width: 24, height: 8, pixels: noise(192), disposal: 1, transparentIndex: 0
                        ),
                        Frame(
                            left: 5, top: 0, width: 6, height: 18, pixels: noise(108), disposal: 2, transparentIndex: 1),
                        Frame(left: 14, top: 1, width: 9, height: 9, pixels: noise(81), disposal: 3),
                        Frame(left: 1, top: 1, width: 4, height: 4, pixels: noise(16), disposal: 0),
                    ])
            ),
            (
                "sparse start",
                AnimatedGIFWriter.make(
                    width: size.width, height: size.height,
                    frames: [
                        Frame(
                            left: 6, top: 4, width: 8, height: 8, pixels: noise(64), disposal: 3, transparentIndex: 2),
                        Frame(
                            left: 10, top: 6, width: 14, height: 12, pixels: noise(168, below: 16), localPalette: local,
                            interlaced: true),
                        Frame(
                            left: 0, top: 0, width: 24, height: 18, pixels: noise(432), disposal: 2,
                            transparentIndex: 4, interlaced: true),
                        Frame(
                            left: 2, top: 3, width: 5, height: 5, pixels: noise(25, below: 16), disposal: 1,
                            transparentIndex: 9, localPalette: local),
                    ])
            ),
            (
                "past the edges",
                AnimatedGIFWriter.make(
                    width: size.width, height: size.height,
                    frames: [
                        Frame(width: 24, height: 18, pixels: noise(432), disposal: 1),
                        Frame(left: 18, top: 12, width: 10, height: 10, pixels: noise(100), disposal: 2),
                        Frame(
                            left: 20, top: 0, width: 8, height: 4, pixels: noise(32), disposal: 3, transparentIndex: 1),
                        Frame(left: 30, top: 30, width: 3, height: 3, pixels: noise(9), disposal: 1),
                        Frame(left: 0, top: 15, width: 5, height: 9, pixels: noise(45), disposal: 1),
                    ])
            ),
        ]
    }

    /// ImageMagick's own animations of its built-in rose: frame-optimised (subrectangles over
    /// what is kept, transparency, restore to background), 8-bit colour tables, interlaced.
    static let imageMagickAnimations: [(String, [String])] = [
        (
            "ImageMagick OptimizePlus",
            [
                "-delay", "7", "rose:", "(", "+clone", "-roll", "+10+0", ")",
                "(", "+clone", "-roll", "+10+0", "-fill", "white", "-draw", "rectangle 5,5 20,20", ")",
                "(", "+clone", "-roll", "+0+7", ")",
                "(", "rose:", "-crop", "30x20+0+0", "-background", "none", "-flatten", "-extent", "70x46", ")",
                "+repage", "-layers", "OptimizePlus", "-loop", "0",
            ]
        ),
        (
            "ImageMagick interlaced OptimizeTransparency",
            [
                "-delay", "3", "rose:", "(", "+clone", "-roll", "+10+0", ")", "(", "+clone", "-flop", ")",
                "(", "+clone", "-roll", "+0+7", ")", "+repage", "-layers", "OptimizeTransparency", "-interlace", "GIF",
            ]
        ),
    ]

    @Test func framesMatchImageMagicksCoalesce() throws {
        guard let convert = Self.imageMagick() else { return }
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var animations = Self.referenceAnimations()
        for (index, (name, arguments)) in Self.imageMagickAnimations.enumerated() {
            let made = folder.appendingPathComponent("made-\(index).gif")
            _ = try Self.run(convert, arguments + [made.path])
            animations.append((name, try Data(contentsOf: made)))
        }
        for (name, data) in animations {
            let input = folder.appendingPathComponent("input.gif")
            try data.write(to: input)
            let frames = try GIFAnimation.decode(data).frames
            let size = frames[0].image.size
            let raw = try Self.run(convert, [input.path, "-coalesce", "-depth", "8", "RGBA:-"])
            let bytesPerFrame = size.pixelCount * 4
            try #require(raw.count == bytesPerFrame * frames.count, "\(name): ImageMagick gave \(raw.count) bytes")
            for frame in frames {
                let reference = [UInt8](raw[(frame.index * bytesPerFrame)..<((frame.index + 1) * bytesPerFrame)])
                var differing = 0
                for pixel in 0..<size.pixelCount {
                    let ours = frame.image.pixels[pixel * 4..<pixel * 4 + 4]
                    let theirs = reference[pixel * 4..<pixel * 4 + 4]
                    // Transparent is transparent whatever colour ImageMagick leaves under it.
                    let same = ours.last == theirs.last && (ours.last == 0 || ours.elementsEqual(theirs))
                    if !same { differing += 1 }
                }
                #expect(differing == 0, "\(name), frame \(frame.index): \(differing) pixels differ from ImageMagick's")
            }
        }
    }
}
