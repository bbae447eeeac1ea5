/// What a card shows, top to bottom, in the order every renderer (text, ANSI, PNG) draws it:
/// the one place that decides where the attachment goes, what the banner holds and how much of
/// the body it keeps. Geometry (points or cells) is each renderer's own.
public struct CardLayout: Sendable, Equatable {
    /// One part of the platter.
    public enum Block: Sendable, Equatable {
        /// The expanded header: app icon, app name, time and the dismiss control.
        case header
        /// The content extension's area, `heightRatio` of the platter's width tall.
        case extensionArea(ExtensionArea)
        /// The attachment at the platter's full width, when no content extension draws it: the
        /// image, a movie's poster frame, a play button for audio, or why it is not shown.
        case media(CardAttachment)
        /// The default content: the interruption label, title, subtitle and body.
        case text(TextLimits)
        /// The banner's row: the app icon, the text with the time on its first line, the
        /// thumbnail under the time (nil when there is none or it is hidden). A banner shows no
        /// app name, as iOS's does not.
        case banner(thumbnail: CardAttachment?, text: TextLimits)
    }

    /// How many lines each text may take; nil for as many as it needs.
    public struct TextLimits: Sendable, Equatable {
        /// Lines of the title and of the subtitle.
        public var title: Int?
        /// Lines of the body.
        public var body: Int?

        /// Limits; nil for no limit.
        public init(title: Int?, body: Int?) {
            self.title = title
            self.body = body
        }
    }

    /// The most lines of body a banner shows.
    public static let bannerBodyLines = 2

    /// The platter's blocks in order.
    public var blocks: [Block]
    /// The action buttons, drawn in a list of their own below the platter (expanded only).
    public var actions: [CardAction]

    /// The layout of `card` in its state.
    public init(_ card: NotificationCard) {
        actions = card.state == .expanded ? card.actions : []
        switch card.state {
        case .banner:
            let thumbnail = card.attachment.flatMap { attachment in
                card.showsDefaultContent && !attachment.options.thumbnailHidden && attachment.problem == nil
                    ? attachment : nil
            }
            blocks = [.banner(thumbnail: thumbnail, text: TextLimits(title: 1, body: Self.bannerBodyLines))]
        case .expanded:
            blocks = [.header]
            if let area = card.extensionArea {
                blocks.append(.extensionArea(area))
            } else if let attachment = card.attachment, attachment.problem == nil {
                // iOS shows the attachment above the text in the expanded notification; one it
                // cannot show leaves the text alone.
                blocks.append(.media(attachment))
            }
            if card.showsDefaultContent && !(card.texts.isEmpty && card.interruptionLabel == nil) {
                blocks.append(.text(TextLimits(title: nil, body: nil)))
            }
        }
    }
}
