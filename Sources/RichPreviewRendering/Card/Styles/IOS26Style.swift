import RichPreview

/// iOS 26's notifications: Liquid Glass platters (a lighter blur than iOS 18's, translucency, a
/// bright rim, a slight refraction near it), nearly opaque in light mode and translucent in dark
/// mode as iOS 26.1 draws them, continuous corners, and the actions as a glass list below the
/// expanded platter. Apple publishes no figure for the glass (notification-appearance §7): every
/// material number here is chosen, by eye against the descriptions cited there, and written down.
enum IOS26Style {
    /// iOS 18's look (`IOS18Style`: the banner's [O] 23.5 pt radius, the solid platters and the
    /// wallpaper), with what iOS 26 changes.
    static func look(_ appearance: Appearance) -> StyleLook {
        var look = IOS18Style.look(appearance)
        // Chosen: the expanded platter takes the banner's radius (no iOS 26 figure found; 13 pt
        // is iOS 18's).
        look.expandedCornerRadius = 23.5
        // [3P] measured on a public screenshot of an iOS 26 iPhone (1290 × 2796 pixels, 3×) with a
        // long-pressed notification and five actions (docs/ios26-comparison.md): the menu is 245 pt
        // wide, centred under the platter, 21 pt below it; 10 pt above its first row and below its
        // last; rows 36 pt apart with no separators; each symbol about 14 pt tall, its centre 31 pt
        // from the leading edge, the title 54 pt from it, in a size whose capitals and ascenders
        // stand 10.7 pt tall (15 pt). Chosen: a corner radius of 26 pt (the visible curve spans
        // 27 pt of continuous corner), a 17 pt em for the symbols (Material's glyphs fill 20/24
        // of it: 14 pt), 16 pt from a title's end to the trailing edge, and titles 24 pt from the
        // leading edge, where the symbols start, in a menu without any.
        look.actionMenu = StyleLook.ActionMenu(
            width: 245, cornerRadius: 26, gap: 21, verticalPadding: 10, rowHeight: 36, textSize: 15, titleInset: 54,
            titleInsetWithoutIcons: 24, trailingInset: 16, iconSize: 17, leadingIconCentre: 31, separators: false)
        look.material = material(appearance)
        // Chosen: a faint shadow, lighter than iOS 18's; glass lifts itself off with its rim.
        look.shadow = StyleLook.Shadow(radius: 12, offsetY: 2, color: RGBAColor(r: 0, g: 0, b: 0, alpha: 0.1))
        return look
    }

    /// Chosen: an 8 pt blur (glass shows more of the wallpaper than iOS 18's material) with
    /// saturation 1.4; [3P] iOS 26.1 makes the light glass nearly opaque (white at 86 %) and
    /// keeps the dark one translucent (at 64 %, the least that keeps white text at a contrast of
    /// 4.5 on a white wallpaper); a 1 pt rim, white at 90 % along the top and 35 % elsewhere
    /// (light: 70 % and 30 %); the backdrop pulled 3 pt outwards at the edge, fading over 10 pt.
    private static func material(_ appearance: Appearance) -> StyleLook.Material {
        let light = appearance == .light
        return StyleLook.Material(
            blurRadius: 8, saturation: 1.4,
            tint: light ? RGBAColor(r: 252, g: 252, b: 252, alpha: 0.86) : RGBAColor(r: 22, g: 22, b: 26, alpha: 0.64),
            rim: StyleLook.Rim(
                width: 1, top: RGBAColor(r: 255, g: 255, b: 255, alpha: light ? 0.7 : 0.9),
                sides: RGBAColor(r: 255, g: 255, b: 255, alpha: light ? 0.3 : 0.35)),
            refraction: 3, refractionBand: 10)
    }
}
