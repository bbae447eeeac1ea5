import Foundation

/// Writes animated GIFs for tests, beyond `GIFWriter`'s plain frames: frames at any position and
/// size on the logical screen, a graphic control extension each (delay, disposal method,
/// transparent index), local colour tables or none at all, interlaced frames. LZW-compressed with
/// `GIFWriter.lzw`.
package enum AnimatedGIFWriter {
    /// One frame: its rectangle, its colour indices row by row, and its extension's fields.
    package struct Frame: Sendable {
        package var left: Int
        package var top: Int
        package var width: Int
        package var height: Int
        /// `width * height` colour indices, rows top to bottom (written in interlaced order when
        /// `interlaced`).
        package var pixels: [UInt8]
        /// Hundredths of a second.
        package var delay: Int
        /// The disposal field as written, 0 to 7.
        package var disposal: Int
        package var transparentIndex: UInt8?
        /// The frame's own colour table (RGB triples); nil uses the global one.
        package var localPalette: [[UInt8]]?
        package var interlaced: Bool
        /// Whether a graphic control extension precedes the frame (false: no delay, disposal or
        /// transparency at all).
        package var hasControlExtension: Bool

        package init(
            left: Int = 0, top: Int = 0, width: Int, height: Int, pixels: [UInt8], delay: Int = 10,
            disposal: Int = 1, transparentIndex: UInt8? = nil, localPalette: [[UInt8]]? = nil,
            interlaced: Bool = false, hasControlExtension: Bool = true
        ) {
            precondition(pixels.count == width * height, "pixel count does not match the size")
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.pixels = pixels
            self.delay = delay
            self.disposal = disposal
            self.transparentIndex = transparentIndex
            self.localPalette = localPalette
            self.interlaced = interlaced
            self.hasControlExtension = hasControlExtension
        }

        /// A frame of one colour index.
        package static func solid(
            _ index: UInt8, left: Int = 0, top: Int = 0, width: Int, height: Int, delay: Int = 10, disposal: Int = 1,
            transparentIndex: UInt8? = nil
        ) -> Frame {
            Frame(
                left: left, top: top, width: width, height: height,
                pixels: [UInt8](repeating: index, count: width * height), delay: delay, disposal: disposal,
                transparentIndex: transparentIndex)
        }
    }

    /// The palette most tests use: black, white, red, green, blue, yellow, cyan, magenta.
    package static let palette: [[UInt8]] = [
        [0, 0, 0], [255, 255, 255], [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [0, 255, 255], [255, 0, 255],
    ]

    /// A GIF89a of a `width`×`height` logical screen with `globalPalette` (nil: none) and `frames`,
    /// looping forever when `loops` (a NETSCAPE2.0 extension).
    package static func make(
        width: Int, height: Int, globalPalette: [[UInt8]]? = palette, frames: [Frame], loops: Bool = true
    ) -> Data {
        var out = Data("GIF89a".utf8)
        out += littleEndian(width) + littleEndian(height)
        if let globalPalette {
            let (bits, table) = colourTable(globalPalette)
            out += [0x80 | UInt8(bits - 1) << 4 | UInt8(bits - 1), 0, 0]
            out += table
        } else {
            out += [0, 0, 0]
        }
        if loops { out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00] }
        for frame in frames { out += encode(frame, globalPalette: globalPalette) }
        out.append(0x3B)
        return out
    }

    /// A frame's extension, descriptor, colour table and data sub-blocks.
    package static func encode(_ frame: Frame, globalPalette: [[UInt8]]?) -> Data {
        var out = Data()
        if frame.hasControlExtension {
            let packed = UInt8(frame.disposal & 7) << 2 | (frame.transparentIndex == nil ? 0 : 1)
            out += [0x21, 0xF9, 0x04, packed] + littleEndian(frame.delay) + [frame.transparentIndex ?? 0, 0x00]
        }
        out += [0x2C] + littleEndian(frame.left) + littleEndian(frame.top)
        out += littleEndian(frame.width) + littleEndian(frame.height)
        var packed: UInt8 = frame.interlaced ? 0x40 : 0
        var bits = (globalPalette.map { colourTable($0).bits }) ?? 2
        var table: [UInt8] = []
        if let local = frame.localPalette {
            (bits, table) = colourTable(local)
            packed |= 0x80 | UInt8(bits - 1)
        }
        out.append(packed)
        out += table
        // Wide enough for every index written, past the table or not.
        var minimumCodeSize = max(2, bits)
        while let largest = frame.pixels.max(), Int(largest) >= 1 << minimumCodeSize { minimumCodeSize += 1 }
        out.append(UInt8(minimumCodeSize))
        var rows = frame.pixels
        if frame.interlaced {
            rows = []
            for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                for row in stride(from: start, to: frame.height, by: step) {
                    rows += frame.pixels[row * frame.width..<(row + 1) * frame.width]
                }
            }
        }
        let compressed = GIFWriter.lzw(rows, minimumCodeSize: minimumCodeSize)
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

    /// A colour table padded to a power of two of at least 2 entries, and its bits per index.
    private static func colourTable(_ colours: [[UInt8]]) -> (bits: Int, table: [UInt8]) {
        var bits = 1
        while 1 << bits < colours.count { bits += 1 }
        var table = colours.flatMap { $0 }
        table += [UInt8](repeating: 0, count: (1 << bits) * 3 - table.count)
        return (bits, table)
    }

    private static func littleEndian(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
