#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Zeroed memory for a whole decoded image, mapped from the kernel instead of the allocator and
/// unmapped when released. A large one is asked for in huge pages (`MADV_HUGEPAGE`, which Linux
/// honours when transparent huge pages are enabled or set to `madvise`): a 12 MP image's 46 MiB
/// are then faulted in 2 MiB at a time, 24 faults instead of some 11,000, and nothing is written
/// twice (the allocator's zeroing and the decode).
package final class PixelMemory {
    /// The first byte.
    package let base: UnsafeMutablePointer<UInt8>
    /// The bytes asked for.
    package let count: Int
    private let mappedLength: Int

    /// Bytes from which huge pages are asked for: a few pages' worth.
    package static let hugePageThreshold = 8 << 20

    /// `count` zeroed bytes (at least one); nil when the kernel refuses them.
    package init?(count: Int) {
        let length = max(1, count)
        let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        #if os(Linux)
            if length >= Self.hugePageThreshold { _ = madvise(mapped, length, MADV_HUGEPAGE) }
        #endif
        base = mapped.assumingMemoryBound(to: UInt8.self)
        self.count = max(0, count)
        mappedLength = length
    }

    deinit { munmap(base, mappedLength) }
}
