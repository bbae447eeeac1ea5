/// A chunk of a RIFF file held in memory (as in an AVI `hdrl` list): positions are indices into the
/// buffer it was found in.
struct RIFFChunk {
    /// The four-character id (`LIST`, `avih`, `strh` ...).
    let id: String
    /// For a `LIST`, its list type (`strl`, `odml` ...).
    let listType: String?
    let start: Int
    /// Index of the first byte after the header (after the list type, for a `LIST`).
    let payload: Int
    /// Index one past the last byte (before any pad byte).
    let end: Int

    /// The chunks in `bytes[from..<to]`, inside `parent` (file offset `base` + index). A trailing pad
    /// byte or a few bytes too short for a header are tolerated.
    /// - Throws: `.invalid` for a chunk running past its parent, `.overLimit` past the structure
    ///   count or `depth` past the nesting limit.
    static func children(
        of parent: String, in bytes: [UInt8], from: Int, to: Int, base: Int, depth: Int, reader: ContainerReader
    ) throws(ContainerError) -> [RIFFChunk] {
        guard depth <= reader.limits.maxDepth else {
            throw .overLimit(what: "list nesting depth", limit: reader.limits.maxDepth)
        }
        var chunks: [RIFFChunk] = []
        var position = from
        while to - position >= 8 {
            try reader.visit()
            let id = bytes.fourCC(position)
            let size = bytes.uint32LE(position + 4)
            let end = position + 8 + size
            guard end <= to else {
                throw .invalid(
                    structure: "'\(id)' chunk", offset: base + position,
                    reason: "it runs past the end of the '\(parent)' list that contains it (byte \(base + to))")
            }
            let isList = id == "LIST" && size >= 4
            chunks.append(
                RIFFChunk(
                    id: id, listType: isList ? bytes.fourCC(position + 8) : nil, start: position,
                    payload: position + (isList ? 12 : 8), end: end))
            position = end + (size & 1)
        }
        return chunks
    }
}
