/// The options a service extension passes with an attachment (`UNNotificationAttachmentOptions…Key`).
public struct AttachmentOptions: Sendable, Equatable, Codable {
    /// `UNNotificationAttachmentOptionsTypeHintKey`: a UTI such as `public.mpeg-4`; when given it is
    /// used instead of the file extension to declare the type.
    public var typeHint: String?
    /// `…ThumbnailHiddenKey`: no thumbnail is shown. Default false.
    public var thumbnailHidden: Bool
    /// `…ThumbnailClippingRectKey`: the part of the image the thumbnail shows, in unit coordinates.
    public var thumbnailClippingRect: UnitRect?
    /// `…ThumbnailTimeKey`: seconds into a movie, or a frame number of an animated GIF.
    public var thumbnailTime: Double?

    /// Creates attachment options from their parts; the defaults are iOS's when a key is absent (no
    /// hint, thumbnail shown, whole image, no thumbnail time).
    public init(
        typeHint: String? = nil, thumbnailHidden: Bool = false, thumbnailClippingRect: UnitRect? = nil,
        thumbnailTime: Double? = nil
    ) {
        self.typeHint = typeHint
        self.thumbnailHidden = thumbnailHidden
        self.thumbnailClippingRect = thumbnailClippingRect
        self.thumbnailTime = thumbnailTime
    }
}

/// A rectangle in unit coordinates (0…1 across the image), as `CGRect.dictionaryRepresentation`
/// writes a thumbnail clipping rectangle.
public struct UnitRect: Sendable, Equatable, Codable {
    /// Left edge, as a fraction of the image's width (0 is the left side).
    public var x: Double
    /// Top edge, as a fraction of the image's height (0 is the top).
    public var y: Double
    /// Width, as a fraction of the image's width.
    public var width: Double
    /// Height, as a fraction of the image's height.
    public var height: Double

    /// Creates a rectangle from its origin and size in unit coordinates; not checked (see
    /// `isInsideUnitSquare`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the rectangle has an area and lies inside the unit square.
    public var isInsideUnitSquare: Bool {
        [x, y, width, height].allSatisfy(\.isFinite) && x >= 0 && y >= 0 && width > 0 && height > 0
            && x + width <= 1 + 1e-9 && y + height <= 1 + 1e-9
    }
}
