/// A box (atom) of an ISO base media or QuickTime file held in memory: positions are indices into
/// the buffer it was found in.
struct ISOBox {
    /// The four-character type, or `0x` and hex digits when not printable.
    let type: String
    /// Index of the box's first byte.
    let start: Int
    /// Index of the first byte after its header.
    let payload: Int
    /// Index one past its last byte.
    let end: Int

    /// The boxes in `bytes[from..<to]`, the payload of the box `parent` (whose file offset is
    /// `base` + index). A size of 0 runs to the parent's end; a size of 1 is followed by a 64-bit
    /// size. Up to 7 zero bytes at the end are QuickTime's list terminator, not a box.
    /// - Throws: `.invalid` for a box smaller than its header or running past its parent,
    ///   `.overLimit` past the reader's structure count or `depth` past the nesting limit.
    static func children(
        of parent: String, in bytes: [UInt8], from: Int, to: Int, base: Int, depth: Int, reader: ContainerReader
    ) throws(ContainerError) -> [ISOBox] {
        guard depth <= reader.limits.maxDepth else {
            throw .overLimit(what: "box nesting depth", limit: reader.limits.maxDepth)
        }
        var boxes: [ISOBox] = []
        var position = from
        while position < to {
            try reader.visit()
            let remaining = to - position
            if remaining < 8 {
                if bytes.clamped(position..<to).allSatisfy({ $0 == 0 }) { break }
                throw .invalid(
                    structure: "box header", offset: base + position,
                    reason: "only \(remaining) bytes remain in the '\(parent)' box")
            }
            let type = bytes.fourCC(position + 4)
            let size32 = bytes.uint32BE(position)
            var headerSize = 8
            var size = size32
            if size32 == 1 {
                guard remaining >= 16 else {
                    throw .invalid(
                        structure: "'\(type)' box", offset: base + position,
                        reason: "its 64-bit size is cut by the end of the '\(parent)' box")
                }
                let large = bytes.uint64BE(position + 8)
                headerSize = 16
                size = large > UInt64(remaining) ? remaining + 1 : Int(large)
            } else if size32 == 0 {
                size = remaining
            }
            guard size >= headerSize else {
                throw .invalid(
                    structure: "'\(type)' box", offset: base + position,
                    reason: "its size \(size) is smaller than its \(headerSize)-byte header")
            }
            guard size <= remaining else {
                throw .invalid(
                    structure: "'\(type)' box", offset: base + position,
                    reason: "it runs past the end of the '\(parent)' box that contains it (byte \(base + to))")
            }
            boxes.append(ISOBox(type: type, start: position, payload: position + headerSize, end: position + size))
            position += size
        }
        return boxes
    }
}
