/// What one `trak` box of a movie says: handler, display size, media time scale and duration,
/// first sample entry, frame timing, and that its sample data lies inside the file.
struct ISOTrack {
    /// `vide`, `soun`, `text`, `meta` ...
    var handler = ""
    /// Display size from `tkhd` (16.16 fixed point, rounded).
    var width = 0
    var height = 0
    /// Degrees clockwise from the `tkhd` matrix.
    var rotation = 0
    var timescale = 0
    var mediaDuration: UInt64 = 0
    var entry: ISOSampleEntry?
    /// The most common sample duration in `stts`, in `timescale` units.
    var dominantDelta = 0
    var sampleCount = 0

    /// Reads the `trak` box `track` (number `index` in the movie, for messages).
    /// - Throws: `.missing` without `mdia`/`mdhd`/`hdlr`, `.invalid` for malformed tables,
    ///   `.truncated` when a chunk of samples lies past the end of the file.
    init(
        _ track: ISOBox, index: Int, in bytes: [UInt8], base: Int, fileSize: Int, reader: ContainerReader
    ) throws(ContainerError) {
        func children(_ box: ISOBox, depth: Int) throws(ContainerError) -> [ISOBox] {
            try ISOBox.children(
                of: box.type, in: bytes, from: box.payload, to: box.end, base: base, depth: depth, reader: reader)
        }
        let name = "track \(index + 1)"
        let trackBoxes = try children(track, depth: 3)
        if let header = trackBoxes.first(where: { $0.type == "tkhd" }) { readTrackHeader(header, in: bytes) }
        guard let media = trackBoxes.first(where: { $0.type == "mdia" }) else {
            throw .missing(structure: "'mdia' box of \(name)", consequence: "the track has no media")
        }
        let mediaBoxes = try children(media, depth: 4)
        guard let mediaHeader = mediaBoxes.first(where: { $0.type == "mdhd" }) else {
            throw .missing(structure: "'mdhd' box of \(name)", consequence: "the track has no time scale")
        }
        let version = bytes.uint8(mediaHeader.payload)
        guard mediaHeader.end - mediaHeader.payload >= (version == 1 ? 32 : 20) else {
            throw .invalid(structure: "'mdhd' box", offset: base + mediaHeader.start, reason: "it is too short")
        }
        timescale = bytes.uint32BE(mediaHeader.payload + (version == 1 ? 20 : 12))
        mediaDuration =
            version == 1
            ? bytes.uint64BE(mediaHeader.payload + 24) : UInt64(bytes.uint32BE(mediaHeader.payload + 16))
        guard let handlerBox = mediaBoxes.first(where: { $0.type == "hdlr" }) else {
            throw .missing(structure: "'hdlr' box of \(name)", consequence: "the track's kind is unknown")
        }
        handler = bytes.fourCC(handlerBox.payload + 8)
        guard let info = mediaBoxes.first(where: { $0.type == "minf" }) else { return }
        guard let table = try children(info, depth: 5).first(where: { $0.type == "stbl" }) else { return }
        try readSampleTable(
            try children(table, depth: 6), name: name, in: bytes, base: base, fileSize: fileSize,
            reader: reader)
    }

    private mutating func readTrackHeader(_ header: ISOBox, in bytes: [UInt8]) {
        let version = bytes.uint8(header.payload)
        let matrix = header.payload + (version == 1 ? 52 : 40)
        guard header.end >= matrix + 44 else { return }
        width = (bytes.uint32BE(matrix + 36) + 0x8000) >> 16
        height = (bytes.uint32BE(matrix + 40) + 0x8000) >> 16
        let a = Int32(bitPattern: UInt32(bytes.uint32BE(matrix))),
            b = Int32(bitPattern: UInt32(bytes.uint32BE(matrix + 4)))
        switch (a.signum(), b.signum()) {
        case (0, 1): rotation = 90
        case (-1, 0): rotation = 180
        case (0, -1): rotation = 270
        default: rotation = 0
        }
    }

    private mutating func readSampleTable(
        _ boxes: [ISOBox], name: String, in bytes: [UInt8], base: Int, fileSize: Int, reader: ContainerReader
    ) throws(ContainerError) {
        func table(_ type: String, entrySize: Int, headerSize: Int = 8) throws(ContainerError) -> (
            box: ISOBox, count: Int
        )? {
            guard let box = boxes.first(where: { $0.type == type }) else { return nil }
            let count = bytes.uint32BE(box.payload + headerSize - 4)
            guard box.end - box.payload >= headerSize, count <= (box.end - box.payload - headerSize) / entrySize else {
                throw .invalid(
                    structure: "'\(type)' box of \(name)", offset: base + box.start,
                    reason: "it declares \(count) entries in \(box.end - box.payload) bytes")
            }
            return (box, count)
        }
        if let description = try table("stsd", entrySize: 8) {
            let entries = try ISOBox.children(
                of: "stsd", in: bytes, from: description.box.payload + 8, to: description.box.end, base: base,
                depth: 7, reader: reader)
            if let first = entries.first {
                entry = try ISOSampleEntry(first, in: bytes, base: base, handler: handler, depth: 7, reader: reader)
            }
        }
        if let times = try table("stts", entrySize: 8) {
            var best = (count: 0, delta: 0)
            for entry in 0..<times.count {
                let position = times.box.payload + 8 + entry * 8
                let count = bytes.uint32BE(position)
                sampleCount += count
                if count > best.count { best = (count, bytes.uint32BE(position + 4)) }
            }
            dominantDelta = best.delta
        }
        try checkChunks(boxes, table: table, name: name, in: bytes, base: base, fileSize: fileSize)
    }

    /// Checks that every chunk of samples (offset from `stco`/`co64`, sample count from `stsc`,
    /// sizes from `stsz`/`stz2`) ends inside the file.
    private func checkChunks(
        _ boxes: [ISOBox], table: (String, Int, Int) throws(ContainerError) -> (box: ISOBox, count: Int)?,
        name: String, in bytes: [UInt8], base: Int, fileSize: Int
    ) throws(ContainerError) {
        let wide = try table("co64", 8, 8)
        var narrow: (box: ISOBox, count: Int)?
        if wide == nil { narrow = try table("stco", 4, 8) }
        guard let offsets = wide ?? narrow, offsets.count > 0 else { return }
        let chunkOffset = { (index: Int) -> Int in
            let position = offsets.box.payload + 8 + index * (wide == nil ? 4 : 8)
            return wide == nil ? bytes.uint32BE(position) : Int(clamping: bytes.uint64BE(position))
        }
        // Sample sizes: a constant, or a table of 4-byte (stsz) or packed (stz2) entries.
        var constantSize = 0
        var sizeCount = 0
        var sizeAt: (Int) -> Int = { _ in 0 }
        if let sizes = boxes.first(where: { $0.type == "stsz" }) {
            guard sizes.end - sizes.payload >= 12 else {
                throw .invalid(
                    structure: "'stsz' box of \(name)", offset: base + sizes.start, reason: "it is too short")
            }
            constantSize = bytes.uint32BE(sizes.payload + 4)
            sizeCount = bytes.uint32BE(sizes.payload + 8)
            if constantSize == 0 {
                guard sizeCount <= (sizes.end - sizes.payload - 12) / 4 else {
                    throw .invalid(
                        structure: "'stsz' box of \(name)", offset: base + sizes.start,
                        reason: "it declares \(sizeCount) sizes in \(sizes.end - sizes.payload) bytes")
                }
                sizeAt = { bytes.uint32BE(sizes.payload + 12 + $0 * 4) }
            }
        } else if let sizes = boxes.first(where: { $0.type == "stz2" }) {
            let fieldBits = bytes.uint8(sizes.payload + 7)
            sizeCount = bytes.uint32BE(sizes.payload + 8)
            guard [4, 8, 16].contains(fieldBits), sizes.end - sizes.payload >= 12,
                sizeCount <= (sizes.end - sizes.payload - 12) * 8 / fieldBits
            else {
                throw .invalid(
                    structure: "'stz2' box of \(name)", offset: base + sizes.start, reason: "its sizes do not fit")
            }
            sizeAt = { index in
                let start = sizes.payload + 12
                switch fieldBits {
                case 4: return (bytes.uint8(start + index / 2) >> (index % 2 == 0 ? 4 : 0)) & 0xF
                case 8: return bytes.uint8(start + index)
                default: return bytes.uint16BE(start + index * 2)
                }
            }
        } else {
            return
        }
        guard let chunks = try table("stsc", 12, 8) else { return }
        var sample = 0
        for run in 0..<chunks.count {
            let position = chunks.box.payload + 8 + run * 12
            let firstChunk = bytes.uint32BE(position)
            let samplesPerChunk = bytes.uint32BE(position + 4)
            let nextFirst = run + 1 < chunks.count ? bytes.uint32BE(position + 12) : offsets.count + 1
            guard firstChunk >= 1, nextFirst >= firstChunk else {
                throw .invalid(
                    structure: "'stsc' box of \(name)", offset: base + chunks.box.start,
                    reason: "its first-chunk numbers do not increase")
            }
            let lastChunk = min(nextFirst, offsets.count + 1)
            guard firstChunk < lastChunk else { continue }
            for chunk in firstChunk..<lastChunk where sample < sizeCount {
                let count = min(samplesPerChunk, sizeCount - sample)
                var length: Int
                if constantSize > 0 {
                    let (product, overflow) = constantSize.multipliedReportingOverflow(by: count)
                    length = overflow ? Int.max : product
                } else {
                    length = 0
                    for index in sample..<sample + count { length += sizeAt(index) }
                }
                sample += count
                let start = chunkOffset(chunk - 1)
                let (end, overflow) = start.addingReportingOverflow(length)
                guard !overflow, end <= fileSize else {
                    throw .truncated(
                        structure: "sample data of \(name) (chunk \(chunk))", offset: start,
                        declaredEnd: overflow ? nil : end, fileSize: fileSize)
                }
            }
        }
    }
}
