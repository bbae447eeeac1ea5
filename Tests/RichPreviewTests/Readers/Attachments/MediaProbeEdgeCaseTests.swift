import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Container structures damaged on purpose, one field at a time, and the bounds of `ContainerLimits`.
struct MediaProbeEdgeCaseTests {
    func probe(_ data: Data, _ format: MediaFormat, limits: ContainerLimits = ContainerLimits()) throws(ContainerError)
        -> MediaFacts
    {
        try MediaProbe.probe(DataByteSource(data), format: format, limits: limits)
    }

    func error(_ data: Data, _ format: MediaFormat, limits: ContainerLimits = ContainerLimits()) -> ContainerError? {
        do {
            _ = try probe(data, format, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    // MARK: ISO base media

    @Test func moovAfterMdatIsFoundBySeekingPastMdat() throws {
        let data = try MediaFixtures.data("mp4-h264-moov-last.mp4")
        #expect(try #require(data.index(ofASCII: "mdat")) < (try #require(data.index(ofASCII: "moov"))))
        let source = try FileByteSource(url: TestPaths.fixture("media/mp4-h264-moov-last.mp4"))
        let facts = try MediaProbe.probe(source, format: .mp4)
        #expect(facts.duration == 0.5 && facts.codec == "h264" && facts.width == 64)
    }

    @Test func sixtyFourBitBoxSizesAreRead() throws {
        let large = try MediaFixtures.data("mp4-largesize.mp4")
        let mdat = try #require(large.index(ofASCII: "mdat"))
        #expect(Array(large[(mdat - 4)..<mdat]) == [0, 0, 0, 1])
        #expect(try probe(large, .mp4) == (try probe(MediaFixtures.data("mp4-h264-moov-last.mp4"), .mp4)))
    }

    @Test func sizeZeroRunsToTheEndOfTheFile() throws {
        let data = try MediaFixtures.data("mp4-h264-aac-faststart.mp4")
        let mdat = try #require(data.index(ofASCII: "mdat", from: 1000))
        let zero = data.replacing(at: mdat - 4, with: [0, 0, 0, 0])
        #expect(try probe(zero, .mp4) == (try probe(data, .mp4)))
    }

    @Test func aBoxSmallerThanItsHeaderIsInvalid() throws {
        let data = try MediaFixtures.data("mp4-h264-moov-last.mp4")
        let free = try #require(data.index(ofASCII: "free"))
        let small = error(data.replacing(at: free - 4, with: [0, 0, 0, 4]), .mp4)
        #expect(
            small
                == .invalid(structure: "'free' box", offset: 32, reason: "its size 4 is smaller than its 8-byte header")
        )
        let largeButSmall = data.replacing(
            at: free - 4, with: [0, 0, 0, 1] + Array("free".utf8) + Data.bigEndian(12, count: 8))
        guard case .invalid(_, _, let reason) = error(largeButSmall, .mp4) else {
            Issue.record("a 64-bit size of 12 is accepted")
            return
        }
        #expect(reason.contains("16-byte header"))
        let mvhd = try #require(data.index(ofASCII: "mvhd"))
        guard
            case .invalid(let structure, let offset, _) = error(data.replacing(at: mvhd - 4, with: [0, 0, 0, 7]), .mp4)
        else {
            Issue.record("an 'mvhd' of 7 bytes is accepted")
            return
        }
        #expect(structure == "'mvhd' box" && offset == mvhd - 4)
    }

    @Test func aSizeLargerThanAnyFileEndsTheWalk() throws {
        let data = try MediaFixtures.data("mp4-largesize.mp4")
        let mdat = try #require(data.index(ofASCII: "mdat"))
        let huge = error(data.replacing(at: mdat + 4, with: Data.bigEndian(.max, count: 8)), .mp4)
        guard case .invalid(let structure, _, let reason) = huge else {
            Issue.record("a 64-bit size of 2^64 − 1 gives \(String(describing: huge))")
            return
        }
        #expect(structure == "'mdat' box" && reason.contains("larger than any file"))
        let past = error(data.replacing(at: mdat + 4, with: Data.bigEndian(UInt64(data.count), count: 8)), .mp4)
        #expect(
            past == .truncated(structure: "'mdat' box", offset: 32, declaredEnd: 32 + data.count, fileSize: data.count))
        let childPast = data.replacing(at: try #require(data.index(ofASCII: "mvhd")) - 4, with: [0, 0, 0x40, 0])
        guard case .invalid(_, _, let childReason) = error(childPast, .mp4) else {
            Issue.record("a child box running past its parent is accepted")
            return
        }
        #expect(childReason.contains("past the end of the 'moov' box"))
    }

    @Test func aMissingMovieHeaderIsNamed() throws {
        let data = try MediaFixtures.data("mp4-h264-moov-last.mp4")
        let withoutMoov = data.prefix(try #require(data.index(ofASCII: "moov")) - 4)
        let missing = try #require(error(withoutMoov, .mp4))
        #expect(
            missing
                == .missing(
                    structure: "'moov' box", consequence: "the file has no movie header, so nothing can play it"))
        #expect(
            missing.description == "the 'moov' box is missing: the file has no movie header, so nothing can play it")
        let moov = try #require(data.index(ofASCII: "moov")) - 4
        let twice = data + data[moov...]
        guard case .invalid(let structure, _, _) = error(twice, .mp4) else {
            Issue.record("two 'moov' boxes are accepted")
            return
        }
        #expect(structure == "'moov' box")
    }

    @Test func chunkOffsetsPastTheEndMeanTruncation() throws {
        let data = try MediaFixtures.data("mp4-h264-aac-faststart.mp4")
        let free = try #require(data.index(ofASCII: "free", from: 100)) - 4
        guard case .truncated(let structure, _, _, let fileSize) = error(data.prefix(free), .mp4) else {
            Issue.record("a movie header without its media data is accepted")
            return
        }
        #expect(structure.hasPrefix("sample data of track") && fileSize == free)
    }

    @Test func rotationComesFromTheTrackMatrix() throws {
        let data = try MediaFixtures.data("mp4-h264-moov-last.mp4")
        let matrix = try #require(data.index(ofASCII: "tkhd")) + 4 + 40
        let quarter =
            Data.bigEndian(0, count: 4) + Data.bigEndian(0x10000, count: 4) + Data.bigEndian(0, count: 4)
            + Data.bigEndian(0xFFFF_0000, count: 4) + Data.bigEndian(0, count: 4)
        #expect(try probe(data.replacing(at: matrix, with: quarter), .mp4).rotation == 90)
    }

    @Test func brandsDecideBetweenAudioMovieAndQuickTime() throws {
        let audio = try MediaFixtures.data("m4a-aac.m4a")
        #expect(try probe(audio, .m4a).format == .m4a)
        #expect(try probe(audio.replacing(at: 8, with: Array("isom".utf8)), .mp4).format == .m4a)
        #expect(try probe(audio.replacing(at: 8, with: Array("M4V ".utf8)), .mp4).format == .mp4)
        #expect(try probe(audio.replacing(at: 8, with: Array("qt  ".utf8)), .mov).format == .mov)
        #expect(
            try probe(MediaFixtures.data("mp4-hevc.mp4").replacing(at: 8, with: Array("M4A ".utf8)), .m4a).format
                == .m4a)
    }

    // MARK: RIFF, AIFF, CAF and AVI chunks

    @Test func aDataChunkOfSizeZeroWithNothingAfterItRunsToTheEnd() throws {
        let data = try MediaFixtures.data("wav-s16-mono.wav")
        let size = try #require(data.index(ofASCII: "data")) + 4
        let facts = try probe(data.replacing(at: size, with: [0, 0, 0, 0]), .wav)
        #expect(facts.duration == 0.25 && facts.variant == "RIFF, streamed")
    }

    @Test func chunkSizesOf0xFFFFFFFFAreTruncationsExceptForStreamedData() throws {
        let wav = try MediaFixtures.data("wav-s16-mono.wav")
        let format = try #require(wav.index(ofASCII: "fmt "))
        #expect(
            error(wav.replacing(at: format + 4, with: [0xFF, 0xFF, 0xFF, 0xFF]), .wav)
                == .truncated(
                    structure: "'fmt ' chunk", offset: format, declaredEnd: format + 8 + 0xFFFF_FFFF,
                    fileSize: wav.count))
        let streamed = try probe(MediaFixtures.data("wav-streamed.wav"), .wav)
        #expect(streamed.duration == 0.2 && streamed.variant == "RIFF, streamed")

        let aiff = try MediaFixtures.data("aiff-s16.aiff")
        let sound = try #require(aiff.index(ofASCII: "SSND"))
        guard
            case .truncated(let structure, _, _, _) = error(
                aiff.replacing(at: sound + 4, with: [0xFF, 0xFF, 0xFF, 0xFF]), .aiff)
        else {
            Issue.record("an 'SSND' chunk of 0xFFFFFFFF bytes is accepted")
            return
        }
        #expect(structure == "'SSND' chunk")

        let avi = try MediaFixtures.data("avi-mpeg4-pcm.avi")
        let movie = try #require(avi.index(ofASCII: "movi")) - 8
        guard
            case .truncated(let aviStructure, _, _, _) = error(
                avi.replacing(at: movie + 4, with: [0xFF, 0xFF, 0xFF, 0xFF]), .avi)
        else {
            Issue.record("a 'movi' list of 0xFFFFFFFF bytes is accepted")
            return
        }
        #expect(aviStructure == "'movi' list")
    }

    @Test func requiredChunksAreNamedWhenMissing() throws {
        let wav = try MediaFixtures.data("wav-s16-mono.wav")
        let noData = wav.replacing(at: try #require(wav.index(ofASCII: "data")), with: Array("junk".utf8))
        #expect(error(noData, .wav) == .missing(structure: "'data' chunk", consequence: "the file has no audio data"))
        let noFormat = wav.replacing(at: try #require(wav.index(ofASCII: "fmt ")), with: Array("junk".utf8))
        guard case .missing(let structure, _) = error(noFormat, .wav) else {
            Issue.record("a WAV without 'fmt ' is accepted")
            return
        }
        #expect(structure == "'fmt ' chunk")
        let aiff = try MediaFixtures.data("aiff-s16.aiff")
        let noCommon = aiff.replacing(at: try #require(aiff.index(ofASCII: "COMM")), with: Array("junk".utf8))
        guard case .missing("'COMM' chunk", _) = error(noCommon, .aiff) else {
            Issue.record("an AIFF without 'COMM' is accepted")
            return
        }
        let avi = try MediaFixtures.data("avi-mpeg4-pcm.avi")
        let noMovie = avi.replacing(at: try #require(avi.index(ofASCII: "movi")), with: Array("junk".utf8))
        #expect(
            error(noMovie, .avi)
                == .missing(structure: "'movi' list", consequence: "the file has no audio or video data"))
    }

    @Test func aiffSampleRatesAreEightyBitExtendedNumbers() throws {
        let aiff = try MediaFixtures.data("aiff-s16.aiff")
        let rate = try #require(aiff.index(ofASCII: "COMM")) + 8 + 8
        // 44100 = 0xAC44 × 2^0: exponent 16383 + 15, significand 0xAC44 << 48.
        let cd = aiff.replacing(at: rate, with: [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0])
        #expect(try probe(cd, .aiff).sampleRate == 44100)
        let infinite = aiff.replacing(at: rate, with: [0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0])
        guard case .invalid("'COMM' chunk", _, _) = error(infinite, .aiff) else {
            Issue.record("an infinite sample rate is accepted")
            return
        }
        let frames = try #require(aiff.index(ofASCII: "COMM")) + 8 + 2
        guard
            case .invalid("'SSND' chunk", _, let reason) = error(
                aiff.replacing(at: frames, with: [0, 0, 0x10, 0]), .aiff)
        else {
            Issue.record("more frames than 'SSND' holds are accepted")
            return
        }
        #expect(reason.contains("declares 4096"))
    }

    @Test func cafDataOfUnknownSizeRunsToTheEnd() throws {
        let caf = try MediaFixtures.data("caf-lpcm.caf")
        let size = try #require(caf.index(ofASCII: "data")) + 4
        #expect(
            try probe(caf.replacing(at: size, with: Data.bigEndian(.max, count: 8)), .caf) == (try probe(caf, .caf)))
        let description = try #require(caf.index(ofASCII: "desc")) + 4
        guard
            case .invalid("'desc' chunk", _, _) = error(
                caf.replacing(at: description, with: Data.bigEndian(.max, count: 8)), .caf)
        else {
            Issue.record("a 'desc' chunk of size −1 is accepted")
            return
        }
        let alac = try MediaFixtures.data("caf-alac.caf")
        #expect(
            error(alac.replacing(at: try #require(alac.index(ofASCII: "pakt")), with: Array("junk".utf8)), .caf)
                == .missing(
                    structure: "'pakt' chunk", consequence: "the packets of variable-size audio cannot be found"))
    }

    // MARK: MPEG audio and ADTS

    @Test func anID3TagRunningPastTheEndIsATruncation() throws {
        let data = try MediaFixtures.data("mp3-id3v2-id3v1.mp3")
        let tooLong = data.replacing(at: 6, with: [0x7F, 0x7F, 0x7F, 0x7F])
        #expect(
            error(tooLong, .mp3)
                == .truncated(structure: "ID3v2 tag", offset: 0, declaredEnd: 10 + 0x0FFF_FFFF, fileSize: data.count))
        guard case .invalid("ID3v2 tag", 0, _) = error(data.replacing(at: 6, with: [0x80]), .mp3) else {
            Issue.record("a size byte of 0x80 is accepted")
            return
        }
    }

    @Test func junkBeforeTheFirstFrameIsSkippedAndADTSBehindID3IsAAC() throws {
        let frames = try MediaFixtures.data("mp3-cbr-notag.mp3")
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
        let padded = Data(tag + [UInt8](repeating: 0x55, count: 300)) + frames
        #expect(try probe(padded, .mp3).duration == (try probe(frames, .mp3).duration))
        let adts = try MediaFixtures.data("aac-adts.aac")
        let tagged = try probe(Data(tag) + adts, .mp3)
        #expect(tagged.format == .aac && tagged.duration == 0.64)
    }

    @Test func noFrameHeaderInTheSearchWindowIsSaid() throws {
        let text = Data(repeating: 0x78, count: 70_000)
        #expect(error(text, .mp3) == .noFrameHeader(offset: 0, searched: ContainerLimits.defaultMaxSyncSearchBytes))
    }

    @Test func layerIFramesAreCounted() throws {
        // MPEG-1 layer I, 32 kb/s, 44.1 kHz, mono: (12 × 32000 / 44100) × 4 = 32 bytes, 384 samples.
        let frame: [UInt8] = [0xFF, 0xFF, 0x10, 0xC0] + [UInt8](repeating: 0, count: 28)
        let facts = try probe(Data(Array([[UInt8]](repeating: frame, count: 10).joined())), .mp3)
        #expect(facts.codec == "mp1" && facts.variant == "MPEG-1 Layer I")
        #expect(facts.duration == 10 * 384 / 44100.0 && facts.channels == 1 && facts.isVBR == false)
    }

    @Test func fewerFramesThanTheXingHeaderDeclaresIsATruncation() throws {
        let data = try MediaFixtures.data("mp3-vbr-xing.mp3")
        let facts = try probe(data, .mp3)
        #expect(facts.isVBR == true)
        // Cut after the last whole frame but one: find it by cutting at every length from the end.
        for length in stride(from: data.count - 1, to: data.count - 2000, by: -1) {
            guard case .truncated(let structure, _, nil, _) = error(data.prefix(length), .mp3) else { continue }
            #expect(structure.contains("header declares 13 frames, 12 are present"))
            return
        }
        Issue.record("no prefix is cut at a frame boundary")
    }

    // MARK: Program streams and video elementary streams

    /// `name`'s packs with `count` padding packets of 64 KiB inserted before the second pack, so
    /// that the time stamps at the start and the end are far apart in bytes.
    static func paddedProgramStream(_ name: String, count: Int) throws -> (prefix: Data, padding: Data, suffix: Data) {
        let data = try MediaFixtures.data(name)
        let secondPack = try #require(data.index(of: [0, 0, 1, 0xBA], from: 4))
        let padding = Data([0, 0, 1, 0xBE, 0xFF, 0xF9]) + Data(repeating: 0xFF, count: 0xFFF9)
        return (data.prefix(secondPack), padding, data[secondPack...])
    }

    @Test(arguments: ["mpeg1-ps.mpg", "mpeg2-ps.mpg"])
    func theStartAndEndOfAProgramStreamGiveTheSameFactsAsAWholeWalk(name: String) throws {
        let parts = try Self.paddedProgramStream(name, count: 3)
        let padded = parts.prefix + Data(Array([Data](repeating: parts.padding, count: 3).joined())) + parts.suffix
        let limits = ContainerLimits(edgeWindowBytes: 16 << 10)
        var edges = try probe(padded, .mpeg, limits: limits)
        var whole = try probe(MediaFixtures.data(name), .mpeg)
        edges.bitRate = nil
        whole.bitRate = nil
        #expect(edges == whole)
        let cut = error(padded.prefix(padded.count - 1), .mpeg, limits: limits)
        guard case .truncated(let structure, _, _, _) = cut else {
            Issue.record("a program stream cut inside its last packet gives \(String(describing: cut))")
            return
        }
        #expect(structure.hasPrefix("PES packet"))
    }

    @Test func aVideoElementaryStreamCutBeforeItsBottomSlicesIsATruncation() throws {
        let data = try MediaFixtures.data("m2v-mpeg2.m2v")
        var lastPicture = 0
        while let next = data.index(of: [0, 0, 1, 0], from: lastPicture + 1) { lastPicture = next }
        let firstSlice = try #require(data.index(of: [0, 0, 1, 1], from: lastPicture))
        #expect(
            error(data.prefix(firstSlice + 6), .m2v)
                == .truncated(
                    structure: "MPEG video picture", offset: lastPicture, declaredEnd: nil, fileSize: firstSlice + 6))
        #expect(
            error(data.prefix(firstSlice + 6), .m2v)?.description.contains("is cut off by the end of the file") == true)
        #expect(try probe(data, .m2v).duration == 0.5)
    }

    // MARK: Large files are read by seeking

    /// A movie of 50 MB (`mdat` padded with zeros, sparse on disk) is inspected reading a few
    /// hundred KB, with `moov` at the end and at the front.
    @Test(arguments: ["mp4-h264-moov-last.mp4", "mp4-h264-aac-faststart.mp4"])
    func aFiftyMegabyteMovieIsReadBySeeking(name: String) throws {
        let data = try MediaFixtures.data(name)
        let mdat = try #require(data.index(ofASCII: "mdat")) - 4
        let mdatSize = Int(data[mdat..<(mdat + 4)].reduce(0) { $0 << 8 | UInt32($1) })
        let padding = 50_000_000
        let url = try TestPaths.temporaryFolder().appendingPathComponent("big.mp4")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        handle.write(data.prefix(mdat))
        handle.write(Data(Data.bigEndian(UInt64(mdatSize + padding), count: 4)))
        handle.write(data[(mdat + 4)..<(mdat + mdatSize)])
        try handle.truncate(atOffset: UInt64(mdat + mdatSize + padding))
        try handle.seekToEnd()
        handle.write(data[(mdat + mdatSize)...])
        try handle.close()

        let source = try FileByteSource(url: url)
        #expect(source.count == data.count + padding)
        let facts = try MediaProbe.probe(source)
        #expect(facts.duration == 0.5 && facts.width == 64 && facts.height == 48)
        #expect(source.bytesRead <= 512 << 10, "read \(source.bytesRead) bytes")
    }

    /// A program stream of 50 MB (padding packets in the middle) is read at its start and end only.
    @Test func aFiftyMegabyteProgramStreamIsReadAtItsEdges() throws {
        let parts = try Self.paddedProgramStream("mpeg1-ps.mpg", count: 0)
        let url = try TestPaths.temporaryFolder().appendingPathComponent("big.mpg")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        handle.write(parts.prefix)
        for _ in 0...(50_000_000 / parts.padding.count) { handle.write(parts.padding) }
        handle.write(parts.suffix)
        try handle.close()

        let source = try FileByteSource(url: url)
        #expect(source.count > 50_000_000)
        var large = try MediaProbe.probe(source)
        var small = try probe(MediaFixtures.data("mpeg1-ps.mpg"), .mpeg)
        large.bitRate = nil
        small.bitRate = nil
        #expect(large == small)
        #expect(source.bytesRead <= 2 * ContainerLimits.defaultEdgeWindowBytes + (64 << 10))
    }

    // MARK: Limits

    @Test func everyLimitStopsTheParseWithItsOwnError() throws {
        let movie = try MediaFixtures.data("mp4-h264-aac-faststart.mp4")
        #expect(
            error(movie, .mp4, limits: ContainerLimits(maxStructures: 3))
                == .overLimit(what: "number of boxes, chunks or packets", limit: 3))
        #expect(
            error(movie, .mp4, limits: ContainerLimits(maxDepth: 3)) == .overLimit(what: "box nesting depth", limit: 3))
        #expect(
            error(movie, .mp4, limits: ContainerLimits(maxHeaderBytes: 1000))
                == .overLimit(what: "'moov' box size, in bytes", limit: 1000))
        #expect(
            error(movie, .mp4, limits: ContainerLimits(maxBytesRead: 1000))
                == .overLimit(what: "number of bytes read", limit: 1000))
        let frames = try MediaFixtures.data("mp3-cbr-notag.mp3")
        #expect(
            error(frames, .mp3, limits: ContainerLimits(maxFrameWalkBytes: 1000))
                == .overLimit(what: "MPEG audio stream without a Xing or VBRI header, in bytes", limit: 1000))
        #expect(
            error(frames, .mp3, limits: ContainerLimits(maxFrames: 5))
                == .overLimit(what: "number of audio frames", limit: 5))
        let padded = Data(repeating: 0, count: 200) + frames
        #expect(
            error(padded, .mp3, limits: ContainerLimits(maxSyncSearchBytes: 100))
                == .noFrameHeader(offset: 0, searched: 100))
        // With a declared frame count the walk is not needed.
        let xing = try MediaFixtures.data("mp3-vbr-xing.mp3")
        #expect(
            try probe(xing, .mp3, limits: ContainerLimits(maxFrameWalkBytes: 1000)).duration
                == (try probe(xing, .mp3).duration))
    }

    // MARK: Formats that are not parsed

    @Test func imagesAndRecognisedOnlyFormatsAreRefusedByName() throws {
        let png = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
        #expect(error(png, .png) == .unsupported(format: .png, reason: "it is an image, not audio or a movie"))
        guard case .unsupported(.flac, _) = error(Data("fLaC".utf8) + Data(count: 60), .flac) else {
            Issue.record("FLAC is not refused by name")
            return
        }
        #expect(throws: ContainerError.unrecognized) { try MediaProbe.probe(DataByteSource(Data("<html>".utf8))) }
        guard case .wrongFormat(.aiff, _) = error(try MediaFixtures.data("wav-s16-mono.wav"), .aiff) else {
            Issue.record("a WAV probed as AIFF is not refused")
            return
        }
        #expect(error(Data(), .wav)?.description == "the file is empty")
    }
}
