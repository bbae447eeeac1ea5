import Foundation

/// Writes GIF files for tests: a global palette of four colours (black, white, red, blue) and any
/// number of frames of colour indices, LZW-compressed as GIF specifies (so large, plain frames cost
/// a few hundred bytes each, as in real animations).
package enum GIFWriter {
    /// A GIF89a of `frames.count` frames of `width`×`height` colour indices (0…3) each, row by row.
    package static func make(width: Int, height: Int, frames: [[UInt8]]) -> Data {
        file(width: width, height: height, frames: frames.map { frame(width: width, height: height, pixels: $0) })
    }

    /// An animation of `frameCount` frames, each `width`×`height` of one colour: compressed once
    /// and repeated, so that ten thousand 500×500 frames take a moment to make (and 8.8 MB).
    package static func plainAnimation(width: Int, height: Int, frameCount: Int) -> Data {
        let one = frame(width: width, height: height, pixels: [UInt8](repeating: 1, count: width * height))
        return file(width: width, height: height, frames: [Data](repeating: one, count: frameCount))
    }

    private static func file(width: Int, height: Int, frames: [Data]) -> Data {
        var out = Data("GIF89a".utf8)
        out += littleEndian(width) + littleEndian(height)
        out += [0xF1, 0, 0]  // a global table of 4 entries, 8 bits per primary
        out += [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255]
        for frame in frames { out += frame }
        out.append(0x3B)
        return out
    }

    /// One image descriptor and its data sub-blocks.
    private static func frame(width: Int, height: Int, pixels: [UInt8]) -> Data {
        var out = Data([0x2C] + littleEndian(0) + littleEndian(0) + littleEndian(width) + littleEndian(height) + [0])
        let minimumCodeSize = 2
        out.append(UInt8(minimumCodeSize))
        let compressed = lzw(pixels.map { $0 & 3 }, minimumCodeSize: minimumCodeSize)
        var offset = 0
        while offset < compressed.count {
            let count = min(255, compressed.count - offset)
            out.append(UInt8(count))
            out += compressed[offset..<offset + count]
            offset += count
        }
        out.append(0)
        return out
    }

    private static func littleEndian(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// GIF's variable-width LZW: codes grow as a decoder's counter does (one more per code read,
    /// a bit wider once the counter passes the largest code of the width), and the table is
    /// cleared before it would pass 4095 entries.
    static func lzw(_ pixels: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var bytes: [UInt8] = []
        var accumulator = 0
        var pending = 0
        var width = minimumCodeSize + 1
        var counter = clear + 2
        var next = clear + 2
        var table: [Int: Int] = [:]
        func emit(_ code: Int) {
            accumulator |= code << pending
            pending += width
            while pending >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                pending -= 8
            }
            counter += 1
            if counter > 1 << width, width < 12 { width += 1 }
        }
        func reset() {
            table.removeAll(keepingCapacity: true)
            width = minimumCodeSize + 1
            counter = clear + 2
            next = clear + 2
        }
        emit(clear)
        reset()
        guard var current = pixels.first.map(Int.init) else {
            emit(end)
            if pending > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
            return bytes
        }
        for pixel in pixels.dropFirst() {
            let key = current << 8 | Int(pixel)
            if let code = table[key] {
                current = code
                continue
            }
            emit(current)
            if next < 4094 {
                table[key] = next
                next += 1
            } else {
                emit(clear)
                reset()
            }
            current = Int(pixel)
        }
        emit(current)
        emit(end)
        if pending > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }
}
