import Foundation

/// Writes a valid progressive JPEG of any size, all mid-grey, in little time and few bytes, for
/// tests of memory budgets: a 9000×9000 one is 475 KB and makes libjpeg hold a 243 MB coefficient
/// buffer, as a real large progressive photo would.
///
/// The file is YCbCr 4:2:0 with one quantisation table and two Huffman tables (DC and AC) of one
/// one-bit code each: a DC difference of 0 and an end of block. So every block is one zero bit in
/// each scan: an interleaved DC scan, then one AC scan (1…63) per component.
package enum JPEGWriter {
    package static func greyProgressive(width: Int, height: Int) -> Data {
        var out = Data([0xFF, 0xD8])
        out += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        let size = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        out += segment(0xC2, [8] + size + [3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])
        let oneCode = [1] + [UInt8](repeating: 0, count: 15) + [0]
        out += segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)
        // The DC scan: every block of every MCU (4 luma, 2 chroma), interleaved.
        let mcus = (width + 15) / 16 * ((height + 15) / 16)
        out += segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0]) + zeroBits(mcus * 6)
        // One AC scan per component, each over the component's own blocks.
        let luma = (width + 7) / 8 * ((height + 7) / 8)
        let chroma = ((width + 1) / 2 + 7) / 8 * (((height + 1) / 2 + 7) / 8)
        for (component, blocks) in [(UInt8(1), luma), (2, chroma), (3, chroma)] {
            out += segment(0xDA, [1, component, 0x00, 1, 63, 0]) + zeroBits(blocks)
        }
        return out + Data([0xFF, 0xD9])
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> Data {
        let length = body.count + 2
        return Data([0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body)
    }

    /// `count` zero bits, the last byte padded with one bits as JPEG pads.
    private static func zeroBits(_ count: Int) -> Data {
        var data = Data(count: (count + 7) / 8)
        if count % 8 != 0 { data[data.count - 1] = 0xFF >> UInt8(count % 8) }
        return data
    }
}
