import Foundation

/// Finds set objects in a binary property list before Foundation reads it.
///
/// The binary format has a set type (marker `0xC_`), which no XML or old-style property list can
/// express and no Info.plist holds; Foundation on Linux crashes bridging one to Swift, so a file
/// with a set is refused instead. Only the trailer and the offset table are read, each offset
/// checked against the file.
enum BinaryPropertyListSets {
    /// The index of the first object in `data`'s offset table that is a set; nil when there is
    /// none, or when the trailer or the table cannot be read (Foundation then reports the damage).
    static func firstSet(in data: Data) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            let trailerSize = 32
            guard bytes.count >= 8 + trailerSize else { return nil }
            let trailer = bytes.count - trailerSize
            let offsetSize = Int(bytes[trailer + 6])
            guard (1...8).contains(offsetSize),
                let count = bigEndian(bytes, at: trailer + 8, size: 8),
                let tableStart = bigEndian(bytes, at: trailer + 24, size: 8),
                count <= UInt64(trailer), tableStart <= UInt64(trailer)
            else { return nil }
            let objects = Int(count)
            let table = Int(tableStart)
            guard objects.multipliedReportingOverflow(by: offsetSize).partialValue <= trailer - table else {
                return nil
            }
            for index in 0..<objects {
                guard let offset = bigEndian(bytes, at: table + index * offsetSize, size: offsetSize),
                    offset < UInt64(trailer)
                else { continue }
                if bytes[Int(offset)] >> 4 == 0xC { return index }
            }
            return nil
        }
    }

    /// The unsigned big-endian integer of `size` bytes at `start`, nil past the end of `bytes`.
    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at start: Int, size: Int) -> UInt64? {
        guard start >= 0, size <= bytes.count, start <= bytes.count - size else { return nil }
        return bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
