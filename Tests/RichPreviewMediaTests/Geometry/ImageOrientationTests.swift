import RichPreviewMedia
import Testing

struct ImageOrientationTests {
    /// A minimal TIFF header with one IFD entry: orientation (0x0112), SHORT, count 1.
    static func tiff(orientation: UInt16, littleEndian: Bool, type: UInt16 = 3) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        func u32(_ value: UInt32) -> [UInt8] {
            littleEndian
                ? u16(UInt16(value & 0xFFFF)) + u16(UInt16(value >> 16))
                : u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF))
        }
        let order: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        return order + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(type) + u32(1) + u16(orientation) + u16(0) + u32(0)
    }

    @Test(arguments: 1...8, [true, false])
    func readsEveryOrientationInBothByteOrders(value: Int, littleEndian: Bool) {
        let bytes = Self.tiff(orientation: UInt16(value), littleEndian: littleEndian)
        #expect(ImageOrientation.fromExifTIFF(bytes)?.rawValue == value)
    }

    @Test func rejectsMalformedTIFF() {
        #expect(ImageOrientation.fromExifTIFF([UInt8]()) == nil)
        #expect(ImageOrientation.fromExifTIFF(Array(Self.tiff(orientation: 6, littleEndian: true).prefix(12))) == nil)
        #expect(ImageOrientation.fromExifTIFF(Self.tiff(orientation: 9, littleEndian: true)) == nil)
        #expect(ImageOrientation.fromExifTIFF(Self.tiff(orientation: 6, littleEndian: true, type: 4)) == nil)
        var badMagic = Self.tiff(orientation: 6, littleEndian: true)
        badMagic[2] = 0
        #expect(ImageOrientation.fromExifTIFF(badMagic) == nil)
    }

    @Test func orientationsFiveToEightSwapDimensions() {
        #expect(ImageOrientation.allCases.filter(\.swapsDimensions) == [.leftMirrored, .right, .rightMirrored, .left])
    }
}
