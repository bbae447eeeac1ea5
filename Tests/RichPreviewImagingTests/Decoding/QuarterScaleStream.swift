import Foundation

/// The stream a 1/4 decode of a progressive JPEG reads, built from the file's headers apart from
/// the decoder's own scan walk, so that libjpeg's `djpeg` can decode it as a reference.
///
/// A component whose IDCT is 2x2 at 1/4 (libjpeg-turbo gives a component the smallest IDCT that
/// needs no upsampling along an axis sampled at the frame's highest factor) keeps, of its AC
/// scans, only first scans (Ah = 0) starting at or below zigzag index 4, provided every
/// coefficient 1-4 of it is first sent with Al <= 2; every other scan is kept.
struct QuarterScaleStream {
    /// The filtered stream, SOI through EOI.
    var data: Data
    /// How many scans it leaves out.
    var dropped: Int

    /// The stream for `file`; nil unless it is a progressive file that `JPEGSegment` reads whole.
    init?(_ file: Data) {
        let segments = JPEGSegment.read(file)
        let bytes = [UInt8](file)
        guard let frame = segments.first(where: { [0xC2, 0xCA].contains($0.marker) }),
            segments.last?.marker == 0xD9
        else { return nil }
        let count = Int(bytes[frame.offset + 9])
        let sampling = (0..<count).map { index -> (id: UInt8, h: Int, v: Int) in
            let at = frame.offset + 10 + 3 * index
            return (bytes[at], Int(bytes[at + 1] >> 4), Int(bytes[at + 1] & 0x0F))
        }
        let maxH = sampling.map(\.h).max() ?? 1
        let maxV = sampling.map(\.v).max() ?? 1
        var coarse = Set<UInt8>()
        for component in sampling {
            var side = 2
            while side < 8, (maxH * 2) % (component.h * side * 2) == 0, (maxV * 2) % (component.v * side * 2) == 0 {
                side *= 2
            }
            let firstScans = segments.filter {
                $0.marker == 0xDA && $0.scanComponents == [component.id] && $0.spectralStart > 0
                    && $0.approximationHigh == 0
            }
            let cornerFine = (1...4).allSatisfy { k in
                firstScans.contains { $0.spectralStart <= k && k <= $0.spectralEnd && $0.approximationLow <= 2 }
            }
            if side == 2 && cornerFine { coarse.insert(component.id) }
        }
        var data = Data(file.prefix(2))
        var dropped = 0
        for segment in segments {
            let isDropped =
                segment.marker == 0xDA && segment.spectralStart > 0 && coarse.contains(segment.scanComponents[0])
                && (segment.approximationHigh > 0 || segment.spectralStart > 4)
            if isDropped {
                dropped += 1
            } else {
                data += file[segment.offset..<segment.end]
            }
        }
        self.data = data
        self.dropped = dropped
    }
}
