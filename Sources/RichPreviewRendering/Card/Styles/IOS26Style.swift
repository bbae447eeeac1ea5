import RichPreview

/// iOS 26's notifications: Liquid Glass platters (a lighter blur than iOS 18's, translucency, a
/// bright rim, a slight refraction near it), nearly opaque in light mode and translucent in dark
/// mode as iOS 26.1 draws them, continuous corners, and the actions as a glass list below the
/// expanded platter. Apple publishes no figure for the glass (notification-appearance §7): every
/// material number here is chosen, by eye against the descriptions cited there, and written down.
enum IOS26Style {
    /// iOS 18's look (`IOS18Style`: the banner's [O] 23.5 pt radius, the action list's chosen
    /// 44 pt rows, 16 pt insets, 22 pt symbol slot and 17 pt titles, [O] 8 pt below the platter;
    /// the solid platters and the wallpaper), with what iOS 26 changes.
    static func look(_ appearance: Appearance) -> StyleLook {
        var look = IOS18Style.look(appearance)
        // Chosen: the expanded platter takes the banner's radius (no iOS 26 figure found; 13 pt
        // is iOS 18's), the action list 20 pt.
        look.expandedCornerRadius = 23.5
        look.actionListCornerRadius = 20
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
