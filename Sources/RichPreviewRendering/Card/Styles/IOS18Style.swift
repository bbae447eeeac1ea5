import RichPreview

/// iOS 18's notifications: platters of a blurred, saturated, tinted material with a soft shadow,
/// continuous corners, and the actions as a context-menu list of the same material below the
/// expanded platter. Sources as in `CardGeometry`: [A] Apple, [O] observed in iOS 18.2's
/// frameworks, [3P] third-party measurements, chosen where nothing was found.
enum IOS18Style {
    static func look(_ appearance: Appearance) -> StyleLook {
        StyleLook(
            // [O] `PLPlatterView`: 23.5 pt banners, 13 pt expanded platters and action lists.
            bannerCornerRadius: 23.5,
            expandedCornerRadius: 13,
            // [O] the list as wide as the platter, 8 pt below it, its corners 13 pt. Chosen: 44 pt
            // rows with separators (iOS 15+ context menus; the 62 pt rows of §3 belong to the older
            // inline action sheet), titles and symbols 16 pt from the ends, symbols at the trailing
            // end in a 22 pt slot, 17 pt titles (body size; not found).
            actionMenu: StyleLook.ActionMenu(
                width: nil, cornerRadius: 13, gap: 8, verticalPadding: 0, rowHeight: 44, textSize: 17, titleInset: 16,
                titleInsetWithoutIcons: 16, trailingInset: 16, iconSize: 22, leadingIconCentre: nil, separators: true),
            material: material(appearance),
            solidPlatter: solid(appearance),
            // [O] banner shadow radius 15, offset 0; chosen: black at 16 % where it starts.
            shadow: StyleLook.Shadow(radius: 15, offsetY: 0, color: RGBAColor(r: 0, g: 0, b: 0, alpha: 0.16)),
            wallpaper: wallpaper(appearance))
    }

    /// Chosen (no published figures): a 20 pt blur, saturation 1.8, and a tint opaque enough that
    /// the label keeps a contrast of at least 4.5 on a black, a white or a saturated wallpaper
    /// (Framework7's platter colours [3P] at a lower alpha).
    private static func material(_ appearance: Appearance) -> StyleLook.Material {
        StyleLook.Material(
            blurRadius: 20, saturation: 1.8,
            tint: appearance == .light
                ? RGBAColor(r: 250, g: 250, b: 250, alpha: 0.72) : RGBAColor(r: 30, g: 30, b: 30, alpha: 0.7),
            rim: nil, refraction: 0, refractionBand: 0)
    }

    /// Chosen: with Reduce Transparency, secondarySystemBackground-like solids [3P].
    static func solid(_ appearance: Appearance) -> RGBAColor {
        appearance == .light ? RGBAColor(hex: 0xF2F2F7) : RGBAColor(hex: 0x1C1C1E)
    }

    /// Chosen: the built-in wallpaper, a soft gradient of a few colours of this project's own.
    static func wallpaper(_ appearance: Appearance) -> StyleLook.WallpaperColors {
        switch appearance {
        case .light:
            StyleLook.WallpaperColors(
                base: RGBAColor(hex: 0xDCE6F5),
                blobs: [
                    (RGBAColor(hex: 0xF7B2C8), 0.1, 0.05, 0.9), (RGBAColor(hex: 0x9CC9F2), 0.95, 0.3, 0.9),
                    (RGBAColor(hex: 0xF9D9A6), 0.2, 0.85, 0.8), (RGBAColor(hex: 0xB7A8EE), 0.85, 0.95, 0.8),
                ])
        case .dark:
            StyleLook.WallpaperColors(
                base: RGBAColor(hex: 0x0B0F24),
                blobs: [
                    (RGBAColor(hex: 0x5B2A86), 0.1, 0.05, 0.9), (RGBAColor(hex: 0x1E4F8C), 0.95, 0.35, 0.9),
                    (RGBAColor(hex: 0x8C2F55), 0.2, 0.9, 0.8), (RGBAColor(hex: 0x1D6B6B), 0.85, 0.95, 0.7),
                ])
        }
    }
}
