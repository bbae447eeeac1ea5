import Foundation

/// One libFuzzer input read from the front: a harness takes its choices (selector bytes, sizes)
/// first, then hands the rest to the parser under test.
///
/// Every read is total: past the end a byte reads as 0 and the rest is empty, so any input is a
/// valid script of choices.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// Copies the `count` bytes at `start` that libFuzzer passes in.
    init(_ start: UnsafePointer<UInt8>?, count: Int) {
        if let start, count > 0 {
            bytes = ArraySlice(UnsafeBufferPointer(start: start, count: count))
        } else {
            bytes = []
        }
    }

    /// The next byte, or 0 when none is left.
    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A number in `range` from the next byte (ranges of up to 256 values are spread evenly).
    mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.upperBound - range.lowerBound + 1)
    }

    /// One of `choices` (not empty), picked by the next byte.
    mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int(byte()) % choices.count]
    }

    /// Everything not read yet, which is then consumed.
    mutating func rest() -> Data {
        defer { bytes = [] }
        return Data(bytes)
    }

    /// The rest cut at each occurrence of `separator`, into at most `limit` parts (the last keeps
    /// any further separators); consumes the rest.
    mutating func parts(separatedBy separator: [UInt8], limit: Int) -> [Data] {
        let all = Array(rest())
        var parts: [Data] = []
        var start = 0
        var index = 0
        while index + separator.count <= all.count, parts.count + 1 < limit {
            if all[index..<index + separator.count].elementsEqual(separator) {
                parts.append(Data(all[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Data(all[start...]))
        return parts
    }
}
