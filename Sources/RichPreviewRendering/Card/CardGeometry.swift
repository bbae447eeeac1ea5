import RichPreview

/// The sizes of a card picture that every style shares (corners, materials and the action list are
/// the style's: `IOS26Style`, `IOS18Style`), in points, with where each comes from (notification-appearance;
/// [A] Apple, [O] observed in iOS's frameworks, [3P] third-party mock-ups, "chosen" where nothing
/// was found).
enum CardGeometry {
    /// [3P] Framework7 and Chromium's banner: 8 pt from the screen edge.
    static let screenMargin = 8.0
    /// [O] The expanded header: 52 pt tall, a 20 pt icon 16 pt from the edge, 8 pt to the name.
    static let headerHeight = 52.0
    static let headerIcon = 20.0
    static let headerPadding = 16.0
    static let headerGap = 8.0
    /// Chosen: the default content's insets in the expanded state.
    static let contentInset = 16.0
    static let contentTop = 10.0
    static let contentBottom = 14.0
    /// [3P] Notification text is subheadline, 15 pt; the time footnote, 13 pt (mapping inferred).
    static let textSize = 15.0
    static let timeSize = 13.0
    /// [O] The banner: text 14 pt from the leading edge, 64 pt with an icon; 17 pt trailing inset;
    /// 14 pt top inset; at least 66 pt tall. [3P] a 38 pt icon with an 8 pt corner radius.
    static let bannerTextInset = 64.0
    static let bannerTrailingInset = 17.0
    static let bannerTopInset = 14.0
    static let bannerMinimumHeight = 66.0
    static let bannerIcon = 38.0
    static let bannerIconRadius = 8.0
    /// Chosen: the least room between the end of the banner's first line and the time.
    static let bannerTimeGap = 6.0
    /// Chosen: a right-to-left first line, which ends at the time's side, ends this far from it
    /// when it fits: the room a short Latin title of our samples leaves (13 pt), where 6 pt read
    /// as cramped; iOS's own spacing is not published.
    static let bannerRightToLeftTimeGap = 13.0
    /// Chosen, after [O]: the banner's thumbnail is a square (the attachment cropped to it, aspect-fill
    /// as iOS does) with corner radius 6, as far from the platter's top, bottom and trailing edges:
    /// 14 pt, the banner's top inset, which keeps it inside the corner curve; its side is the
    /// platter's height less both insets (38 pt in a 66 pt banner), and the text and the time stop
    /// 10 pt before it.
    static let thumbnailInset = 14.0
    static let thumbnailRadius = 6.0
    static let thumbnailGap = 10.0
    /// Chosen: the play button over audio and movies.
    static let playButton = 56.0
    /// Chosen: the width of the play button's ring (`CardPalette.playRing`).
    static let playRing = 1.5

    /// Chosen (no measurement found): a collapsed stack shows the edges of at most two cards
    /// under its top one, each 8 pt narrower at each side and 8 pt lower than the one above it,
    /// at 70 % and 45 % of the platter's opacity.
    static let stackEdges = 2
    static let stackEdgeInset = 8.0
    static let stackEdgePeek = 8.0
    static let stackEdgeOpacities = [0.7, 0.45]
    /// Chosen: how much black dims each level of a collapsed stack's edges (times the level):
    /// enough in light for white platters on a pale wallpaper to show their depth, less in dark,
    /// where the platters already stand out.
    static func stackEdgeDimming(_ appearance: Appearance) -> Double { appearance == .light ? 0.06 : 0.03 }
    /// Chosen: an expanded stack's header row, 44 pt tall above its first card: the app's name
    /// (20 pt semibold) 8 pt in from the platter's edge, and at the right a "Show Less" pill and a
    /// round clear button, both 28 pt tall, 8 pt apart; the pill's title 13 pt semibold, 12 pt in
    /// from its ends. Cards and stacks are 8 pt apart.
    static let stackHeaderHeight = 44.0
    static let stackHeaderTitleSize = 20.0
    static let stackHeaderInset = 8.0
    static let stackButtonHeight = 28.0
    static let stackButtonGap = 8.0
    static let stackButtonTextSize = 13.0
    static let stackButtonPadding = 12.0
    static let stackGap = 8.0
}
