/// Reads an input for one container parse: caches a window of bytes so small neighbouring reads
/// cost one source read, and keeps the parse inside `ContainerLimits` (bytes read, structures
/// visited), turning source failures into `ContainerError`.
final class ContainerReader {
    /// Bytes fetched per source read for small reads: enough for every header near an offset.
    static let windowSize = 64 << 10

    let source: any ByteSource
    let limits: ContainerLimits
    /// The input's length in bytes.
    let size: Int
    /// Bytes fetched from the source so far.
    private(set) var bytesFetched = 0
    private var structures = 0
    private var window: [UInt8] = []
    private var windowStart = 0

    init(_ source: any ByteSource, limits: ContainerLimits) {
        self.source = source
        self.limits = limits
        self.size = max(0, source.count)
    }

    /// Up to `count` bytes from `offset`, fewer only at the end of the input.
    func bytes(at offset: Int, count: Int) throws(ContainerError) -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = min(count, size - offset)
        if offset >= windowStart, offset + wanted <= windowStart + window.count {
            return window.copy((offset - windowStart)..<(offset - windowStart + wanted))
        }
        let fetch = min(max(wanted, Self.windowSize), size - offset)
        window = try fetchFromSource(at: offset, count: fetch)
        windowStart = offset
        return window.copy(0..<min(wanted, window.count))
    }

    /// Exactly `count` bytes from `offset`, read for `structure`.
    /// - Throws: `.truncated` naming `structure` when the input ends first.
    func exactly(at offset: Int, count: Int, for structure: String) throws(ContainerError) -> [UInt8] {
        let result = try bytes(at: offset, count: count)
        guard result.count == count else {
            throw .truncated(structure: structure, offset: offset, declaredEnd: offset + count, fileSize: size)
        }
        return result
    }

    /// Reads a large range (a header box, a scan window) straight from the source, bypassing the cache.
    func large(at offset: Int, count: Int) throws(ContainerError) -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        return try fetchFromSource(at: offset, count: min(count, size - offset))
    }

    /// Counts one visited structure.
    /// - Throws: `.overLimit` past `limits.maxStructures`.
    func visit() throws(ContainerError) {
        structures += 1
        if structures > limits.maxStructures {
            throw .overLimit(what: "number of boxes, chunks or packets", limit: limits.maxStructures)
        }
    }

    private func fetchFromSource(at offset: Int, count: Int) throws(ContainerError) -> [UInt8] {
        guard bytesFetched + count <= limits.maxBytesRead else {
            throw .overLimit(what: "number of bytes read", limit: limits.maxBytesRead)
        }
        let result: [UInt8]
        do {
            result = try source.bytes(at: offset, count: count)
        } catch {
            throw .unreadable(reason: error.description)
        }
        bytesFetched += result.count
        return result
    }
}
