import Foundation
import RichPreview
import RichPreviewImaging

extension CardPictureRenderer {
    /// Draws what stands for where the notification comes from, in the app icon's place `rect`:
    /// the app's icon; for a communication notification (`card.sender`), the sender's avatar,
    /// round, with the app's icon as a badge at its lower trailing corner, as iOS 15 and later
    /// draw an `INSendMessageIntent` notification.
    func drawSource(_ card: NotificationCard, in rect: Rect, radius: Double, on canvas: inout Canvas) {
        guard let sender = card.sender else {
            drawAppIcon(card.iconName, in: rect, radius: radius, on: &canvas)
            return
        }
        drawAvatar(of: sender, in: rect, on: &canvas)
        let side = (rect.width * CardGeometry.avatarBadgeRatio).rounded()
        let ring = CardGeometry.avatarBadgeRing * s
        let badge = Rect(x: rect.maxX - side + ring, y: rect.maxY - side + ring, width: side, height: side)
        let badgeRadius = side * CardGeometry.iconCornerRatio
        canvas.fillRoundedRect(
            Rect(x: badge.x - ring, y: badge.y - ring, width: side + 2 * ring, height: side + 2 * ring),
            radius: badgeRadius + ring, palette.content)
        drawAppIcon(card.iconName, in: badge, radius: badgeRadius, on: &canvas)
    }

    /// The sender's avatar filled into the circle `rect`, or, without one (or one that does not
    /// decode), the sender's initials on grey, as Contacts draws a person without a picture.
    private func drawAvatar(of sender: String, in rect: Rect, on canvas: inout Canvas) {
        if drawFilled(avatar, in: rect, radius: rect.width / 2, on: &canvas) { return }
        canvas.fillEllipse(in: rect, CardPalette.monogram)
        let initials = sender.split(whereSeparator: \.isWhitespace).prefix(2).compactMap {
            $0.first(where: { $0.isLetter || $0.isNumber })
        }
        guard !initials.isEmpty else { return }
        let style = TextStyle(size: rect.height * 0.4, weight: .semibold, color: RGBAColor(hex: 0xFFFFFF))
        drawCentred(String(initials).uppercased(), style: style, in: rect, on: &canvas)
    }

    /// Draws the image `data` filling `rect` (cropped at the centre), its corners rounded by
    /// `radius`; false, nothing drawn, without an image or when it does not decode within
    /// `imageLimits`.
    func drawFilled(_ data: Data?, in rect: Rect, radius: Double, on canvas: inout Canvas) -> Bool {
        guard let data else { return false }
        let side = PixelSize(width: max(1, Int(rect.width.rounded())), height: max(1, Int(rect.height.rounded())))
        let request = ScaleRequest(box: side, mode: .fill, limits: imageLimits)
        guard let image = try? ImageScaler.scale(data, to: request).image else { return false }
        canvas.draw(image, at: Point(x: rect.x, y: rect.y), clipCornerRadius: radius)
        return true
    }

    /// Draws one line of `text` in `style`, centred in `rect`.
    func drawCentred(_ text: String, style: TextStyle, in rect: Rect, on canvas: inout Canvas) {
        let shaped = shaper.shape(text, style: style)
        canvas.draw(
            shaped,
            baselineOrigin: Point(
                x: rect.x + (rect.width - shaped.width) / 2,
                y: shaper.baseline(centringOn: rect.y + rect.height / 2, style: style)))
    }
}

extension CardGeometry {
    /// [O] The app's icon as a communication notification's badge: `NCBadgedIconView` lays its
    /// branding badge out 16 × 16 pt on the 38 pt icon [3P] of the banner; the same share of the
    /// avatar in the expanded header (chosen). [A] HIG: "prominent contact images (or avatars)
    /// … instead of the app icon". Chosen: the badge sits at the avatar's lower trailing corner in
    /// a 1 pt ring of the platter's colour, so it reads apart from the photo.
    static let avatarBadgeRatio = 16.0 / 38.0
    static let avatarBadgeRing = 1.0
    /// Chosen: an app icon's corner radius, a share of its side (about iOS's icon mask).
    static let iconCornerRatio = 0.225
}

extension CardPalette {
    /// [3P] systemGray (Flutter `CupertinoColors.systemGray`), behind a sender's initials when
    /// there is no avatar (chosen, after Contacts' monograms).
    static let monogram = RGBAColor(hex: 0x8E8E93)
}
