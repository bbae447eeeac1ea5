import Synchronization

/// The read-only private file mappings `FileContents` has made and not yet unmapped.
///
/// A decoder reading bytes that lie inside one may drop the pages it has read from the process
/// (`madvise(MADV_DONTNEED)`), because the kernel maps them back from the file if they are read
/// again; on any other memory that call would zero them, so only these ranges qualify.
package enum FileMappings {
    /// Start and end addresses of the live mappings: a handful at most (one per input being read).
    private static let ranges = Mutex<[Range<UInt>]>([])

    /// Whether `bytes` lie wholly inside one mapping.
    package static func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let start = UInt(bitPattern: base)
        let (end, overflow) = start.addingReportingOverflow(UInt(bytes.count))
        guard !overflow else { return false }
        return ranges.withLock { ranges in
            ranges.contains { $0.lowerBound <= start && end <= $0.upperBound }
        }
    }

    /// Records a mapping of `count` bytes at `base`.
    static func insert(_ base: UnsafeRawPointer, count: Int) {
        let start = UInt(bitPattern: base)
        let (end, overflow) = start.addingReportingOverflow(UInt(count))
        guard !overflow, count > 0 else { return }
        ranges.withLock { $0.append(start..<end) }
    }

    /// Forgets the mapping at `base`, before it is unmapped.
    static func remove(_ base: UnsafeRawPointer) {
        let start = UInt(bitPattern: base)
        ranges.withLock { ranges in
            if let index = ranges.firstIndex(where: { $0.lowerBound == start }) { ranges.remove(at: index) }
        }
    }
}
