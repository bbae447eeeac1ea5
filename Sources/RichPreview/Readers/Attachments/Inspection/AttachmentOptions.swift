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
