/// How stored pixels must be turned to show an image the right way up: the EXIF orientation tag.
public enum ImageOrientation: Int, Sendable, Codable, CaseIterable {
    /// 1: stored upright; nothing to do.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: shown turned 90° clockwise; a phone held upright writes this.
    case right = 6
    /// 7: mirrored along the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// 8: shown turned 90° anticlockwise.
    case left = 8

    /// True when showing the image swaps its width and height (orientations 5 to 8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// Reads the orientation tag (0x0112) from the first IFD of EXIF TIFF bytes.
    /// Returns nil when the bytes hold no valid orientation; malformed bytes never trap.
    public static func fromExifTIFF(_ tiff: some RandomAccessCollection<UInt8>) -> ImageOrientation? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard let type = u16(entry + 2), type == 3, let value = u16(entry + 8) else { return nil }
                return ImageOrientation(rawValue: value)
            }
        }
        return nil
    }
}

extension ImageOrientation {
    /// The rectangle of the stored pixels (an image of `stored` size, before this orientation
    /// is applied) that shows as `region` of the upright image.
    public func storedRegion(of region: ScalePlan.Region, stored: PixelSize) -> ScalePlan.Region {
        let (x, y, w, h) = (region.x, region.y, region.width, region.height)
        let width = Double(stored.width)
        let height = Double(stored.height)
        switch self {
        case .up: return region
        case .upMirrored: return ScalePlan.Region(x: width - x - w, y: y, width: w, height: h)
        case .down: return ScalePlan.Region(x: width - x - w, y: height - y - h, width: w, height: h)
        case .downMirrored: return ScalePlan.Region(x: x, y: height - y - h, width: w, height: h)
        case .leftMirrored: return ScalePlan.Region(x: y, y: x, width: h, height: w)
        case .right: return ScalePlan.Region(x: y, y: height - x - w, width: h, height: w)
        case .rightMirrored: return ScalePlan.Region(x: width - y - h, y: height - x - w, width: h, height: w)
        case .left: return ScalePlan.Region(x: width - y - h, y: x, width: h, height: w)
        }
    }
}
