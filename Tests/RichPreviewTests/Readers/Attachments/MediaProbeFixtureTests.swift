import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Every audio and movie fixture against ffprobe's reading of it, every prefix of it, and damaged copies.
struct MediaProbeFixtureTests {
    @Test func everyFixtureFileIsListedAndHasAReference() throws {
        let folder = TestPaths.fixture("media")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix(".sh") && !$0.hasSuffix(".json") }
        #expect(Set(files) == Set(MediaFixtures.names))
        #expect(Set(MediaFixtures.references.keys) == Set(MediaFixtures.names))
    }

    @Test(arguments: MediaFixtures.names)
    func factsMatchFFprobe(name: String) throws {
        let (sniffed, probed, _) = try #require(MediaFixtures.table[name])
        let reference = try #require(MediaFixtures.references[name])
        let data = try MediaFixtures.data(name)
        #expect(MediaSniffer.detect(data) == sniffed)
        let facts = try MediaProbe.probe(DataByteSource(data))
        #expect(facts.format == probed)

        // Tolerance: one video frame for movies, one audio frame for coded audio, one sample for PCM.
        let tolerance: Double
        if let video = reference.video {
            tolerance = video.packetDuration
        } else if let audio = reference.audio, audio.codecName.hasPrefix("pcm_") {
            tolerance = 1 / Double(audio.sampleRate)
        } else {
            tolerance = max(reference.audio?.packetDuration ?? 0, 1 / Double(reference.audio?.sampleRate ?? 1))
        }
        let duration = try #require(facts.duration)
        #expect(abs(duration - reference.duration) <= tolerance + 1e-6, "duration \(duration) vs \(reference.duration)")

        #expect(facts.hasAudio == (reference.audio != nil))
        #expect(facts.hasVideo == (reference.video != nil))
        if let audio = reference.audio {
            #expect(facts.sampleRate == audio.sampleRate)
            #expect(facts.channels == audio.channels)
            #expect(facts.audioCodec == audio.codecName)
        }
        if let video = reference.video {
            #expect(facts.codec == video.codecName)
            #expect(facts.width == video.width)
            #expect(facts.height == video.height)
            let rate = try #require(facts.frameRate)
            #expect(abs(rate - video.rFrameRate) < 0.001)
        } else {
            #expect(facts.codec == reference.audio?.codecName)
        }
    }

    /// Every prefix of every fixture (lengths 0 to count − 1) is an error, except where the format
    /// declares no total and the cut falls between units; then the duration is what the prefix holds.
    @Test(arguments: MediaFixtures.names)
    func everyTruncationIsAnErrorOrAWholeUnit(name: String) throws {
        let (sniffed, _, rule) = try #require(MediaFixtures.table[name])
        let reference = try #require(MediaFixtures.references[name])
        let data = try MediaFixtures.data(name)
        let full = try #require(try MediaProbe.probe(DataByteSource(data), format: sniffed).duration)
        var whole: [(length: Int, duration: Double)] = []
        for length in 0..<data.count {
            let prefix = DataByteSource(data.prefix(length))
            guard let facts = try? MediaProbe.probe(prefix, format: sniffed) else { continue }
            whole.append((length, try #require(facts.duration, "prefix \(length) is whole but has no duration")))
        }
        switch rule {
        case .wholeFileOnly:
            #expect(whole.map(\.length) == [], "prefixes reported whole")
        case .audioFrames:
            // Each whole prefix ends after k whole frames; every k from 1 to the frame count occurs.
            let audio = try #require(reference.audio)
            let frame = audio.packetDuration
            let counts = (whole + [(data.count, full)]).map { ($0.duration / frame).rounded() }
            for (prefix, count) in zip(whole + [(data.count, full)], counts) {
                #expect(abs(prefix.duration - count * frame) < 1e-4, "prefix \(prefix.length): \(prefix.duration)")
            }
            #expect(counts == counts.sorted())
            #expect(Set(counts) == Set((1...audio.packets).map(Double.init)))
        case .streamedPCM:
            let audio = try #require(reference.audio)
            let dataStart = try #require(data.range(of: Data("data".utf8))).upperBound + 4
            #expect(whole.first?.length == dataStart)
            for prefix in whole {
                let frames = (prefix.length - dataStart) / (2 * audio.channels)
                #expect(prefix.duration == Double(frames) / Double(audio.sampleRate))
            }
        case .growing:
            #expect(!whole.isEmpty)
            let durations = whole.map(\.duration)
            #expect(durations == durations.sorted(), "durations shrink as the prefix grows")
            #expect(durations.allSatisfy { $0 <= full + 1e-9 })
        }
    }

    /// Damaged copies (bytes changed, some cut short) never crash or hang, and whatever is reported
    /// is sane.
    @Test(arguments: MediaFixtures.names)
    func damagedCopiesNeverCrash(name: String) throws {
        let data = try MediaFixtures.data(name)
        for seed in 0..<200 as Range<UInt64> {
            let damaged = ByteMutation.mutated(data, seed: seed ^ UInt64(name.utf8.count) << 32)
            switch Result(catching: { () throws(ContainerError) in try MediaProbe.probe(DataByteSource(damaged)) }) {
            case .success(let facts):
                #expect(facts.duration.map { $0.isFinite && $0 >= 0 } ?? true)
                #expect(facts.sampleRate.map { $0 > 0 } ?? true)
                #expect(facts.channels.map { $0 > 0 } ?? true)
            case .failure(let error):
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// Each fixture probed as every container format of another family is refused (and never crashes).
    @Test(arguments: MediaFixtures.names)
    func probingAsAnotherContainerIsRefused(name: String) throws {
        let (sniffed, _, _) = try #require(MediaFixtures.table[name])
        let data = try MediaFixtures.data(name)
        let families: [[MediaFormat]] = [[.wav], [.aiff], [.caf], [.mp4, .m4a, .mov], [.mpeg], [.m2v], [.avi]]
        for family in families where !family.contains(sniffed) {
            #expect(throws: ContainerError.self) { try MediaProbe.probe(DataByteSource(data), format: family[0]) }
        }
        for format in [MediaFormat.mp3, .aac] where format != sniffed {
            _ = try? MediaProbe.probe(DataByteSource(data), format: format)
        }
    }
}
