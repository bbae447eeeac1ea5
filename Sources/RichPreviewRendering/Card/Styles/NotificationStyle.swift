import RichPreview

/// Which iOS a card picture looks like: the platter's material and shape, the action list, and
/// the wallpaper behind them. Each style is one description (`IOS26Style`, `IOS18Style`) of
/// geometry, materials and colours; text sizes and the banner's layout are `CardGeometry`'s in both.
public enum NotificationStyle: String, Sendable, CaseIterable, Hashable {
    /// iOS 26: Liquid Glass platters (a light blur, translucency, a bright rim and a slight
    /// refraction near it), nearly opaque in light mode and translucent in dark mode. The default.
    case ios26
    /// iOS 18: platters of a blurred, saturated and tinted material with a soft shadow.
    case ios18

    /// The style drawn when none is chosen.
    public static let `default` = NotificationStyle.ios26

    /// The description of this style in `appearance`.
    func look(_ appearance: Appearance) -> StyleLook {
        switch self {
        case .ios26: IOS26Style.look(appearance)
        case .ios18: IOS18Style.look(appearance)
        }
    }
}

/// One style's geometry, materials and colours in one appearance, in points where a size.
struct StyleLook: Sendable {
    /// The banner platter's corner radius.
    var bannerCornerRadius: Double
    /// The expanded platter's corner radius.
    var expandedCornerRadius: Double
    /// The menu of actions under the expanded platter.
    var actionMenu: ActionMenu
    /// What platters and the action list are made of.
    var material: Material
    /// The solid fill of platters with Reduce Transparency on.
    var solidPlatter: RGBAColor
    /// The soft shadow under a platter; nil for none.
    var shadow: Shadow?
    /// The built-in wallpaper's colours: a base and the blobs of colour spread over it.
    var wallpaper: WallpaperColors

    /// The menu of actions under the expanded platter: a platter of its own, one row per action.
    struct ActionMenu: Sendable {
        /// Its width: nil for the platter's; else this wide (wider when a title needs it, never
        /// wider than the platter), centred under the platter.
        var width: Double?
        /// Its corner radius.
        var cornerRadius: Double
        /// The gap between the expanded platter and the menu.
        var gap: Double
        /// Above the first row and below the last.
        var verticalPadding: Double
        /// One row's height.
        var rowHeight: Double
        /// A title's size.
        var textSize: Double
        /// From the menu's leading edge to a title.
        var titleInset: Double
        /// From the menu's leading edge to a title when no action of the menu has an icon
        /// (leading icons otherwise keep a column before every title).
        var titleInsetWithoutIcons: Double
        /// From the menu's trailing edge to the end of a title, or of a trailing icon's slot.
        var trailingInset: Double
        /// The side of the square an icon is drawn in: a symbol's em, an image's largest size.
        var iconSize: Double
        /// Where an icon's centre is, from the leading edge; nil puts icons at the trailing end.
        var leadingIconCentre: Double?
        /// Whether a hairline separates the rows.
        var separators: Bool
    }

    /// A translucent material: the wallpaper behind the platter blurred, saturated and tinted.
    struct Material: Sendable {
        /// The Gaussian blur's standard deviation.
        var blurRadius: Double
        /// The saturation of the blurred backdrop: 1 keeps it, above 1 strengthens its colours.
        var saturation: Double
        /// The colour laid over the blurred backdrop; its alpha is how opaque the material is.
        var tint: RGBAColor
        /// A bright line along the platter's edge (Liquid Glass); nil for none.
        var rim: Rim?
        /// How far the backdrop is pulled outwards at the very edge, fading to nothing over
        /// `refractionBand` (a lens-like edge); 0 for none.
        var refraction: Double
        /// The band along the edge over which the refraction fades.
        var refractionBand: Double
    }

    /// A specular rim: a line `width` wide inside the platter's edge, brightest along the top.
    struct Rim: Sendable {
        /// The line's width.
        var width: Double
        /// Its colour along the top edge.
        var top: RGBAColor
        /// Its colour along the sides and the bottom.
        var sides: RGBAColor
    }

    /// A shadow around the platter: a Gaussian falloff of `radius` points.
    struct Shadow: Sendable {
        /// How far the shadow reaches (about two standard deviations).
        var radius: Double
        /// How far it falls below the platter.
        var offsetY: Double
        /// Its colour at the platter's edge.
        var color: RGBAColor
    }

    /// The built-in wallpaper: `base`, and each blob a colour at a point given in fractions of the
    /// picture's width and height, fading out over `reach` times its width.
    struct WallpaperColors: Sendable {
        /// The colour where no blob reaches.
        var base: RGBAColor
        /// The blobs: a colour, its centre in fractions of the picture, and its reach.
        var blobs: [(color: RGBAColor, x: Double, y: Double, reach: Double)]
    }
}
