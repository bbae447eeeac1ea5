import Foundation

/// One marker of a well-formed JPEG file with what follows it: where the tests cut or patch a
/// fixture. A scan header (SOS) owns the entropy-coded data after it.
struct JPEGSegment {
    /// The marker code (0xDA for SOS, 0xC4 for DHT, 0xD9 for EOI).
    var marker: UInt8
    /// Offset of the marker's 0xFF byte.
    var offset: Int
    /// Offset just past the length-counted parameters (past the marker for one without them).
    var parametersEnd: Int
    /// Offset just past the segment, entropy-coded data included.
    var end: Int

    /// A scan header's component selectors (Cs), empty for other markers.
    var scanComponents: [UInt8] = []
    /// A scan header's spectral selection start (Ss).
    var spectralStart: UInt8 = 0
    /// A scan header's spectral selection end (Se).
    var spectralEnd: UInt8 = 0
    /// A scan header's successive approximation bit positions: high (Ah) and low (Al).
    var approximationHigh: UInt8 = 0
    var approximationLow: UInt8 = 0

    /// The markers after SOI of `data`, through EOI; stops early at anything malformed.
    static func read(_ data: Data) -> [JPEGSegment] {
        let bytes = [UInt8](data)
        var segments: [JPEGSegment] = []
        var at = 2
        while at + 1 < bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xD9 || (0xD0...0xD7).contains(marker) {
                segments.append(JPEGSegment(marker: marker, offset: at, parametersEnd: at + 2, end: at + 2))
                if marker == 0xD9 { break }
                at += 2
                continue
            }
            guard at + 3 < bytes.count else { break }
            let parametersEnd = at + 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
            guard parametersEnd <= bytes.count else { break }
            var segment = JPEGSegment(marker: marker, offset: at, parametersEnd: parametersEnd, end: parametersEnd)
            if marker == 0xDA {
                let count = Int(bytes[at + 4])
                guard at + 7 + 2 * count < bytes.count else { break }
                segment.scanComponents = (0..<count).map { bytes[at + 5 + 2 * $0] }
                segment.spectralStart = bytes[at + 5 + 2 * count]
                segment.spectralEnd = bytes[at + 6 + 2 * count]
                segment.approximationHigh = bytes[at + 7 + 2 * count] >> 4
                segment.approximationLow = bytes[at + 7 + 2 * count] & 0x0F
                var end = parametersEnd
                while end + 1 < bytes.count,
                    !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1]))
                {
                    end += 1
                }
                segment.end = end
            }
            segments.append(segment)
            at = segment.end
        }
        return segments
    }
}
