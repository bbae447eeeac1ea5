/// Draws a notification card in a terminal: a box of box-drawing characters exactly `columns`
/// wide, every line the same display width (CJK, emoji and combining marks counted as terminals
/// count them), with the header, the texts wrapped by the Unicode line-breaking rules, the content
/// extension's area or the attachment, and the buttons in a box of their own.
///
/// `text` is plain: the image is a ramp of ASCII characters by brightness, a destructive button is
/// marked `✗`. `ansi` uses 24-bit colour: the platter and text colours of the appearance, the
/// image as half blocks (two pixels per cell), destructive buttons in red. Untrusted text is
/// escaped (`TerminalText.escaped`) before it is laid out, so no payload reaches the terminal as a
/// control sequence.
public struct TerminalCardRenderer: Sendable {
    /// Plain text or 24-bit ANSI colour.
    public enum Style: String, Sendable, CaseIterable, Codable {
        /// Plain characters only: images as an ASCII brightness ramp, destructive buttons marked
        /// `✗`.
        case text
        /// 24-bit colour escape sequences: the appearance's colours, images as half blocks,
        /// destructive buttons in red.
        case ansi
    }

    /// Whether the output is plain text or uses 24-bit ANSI colour.
    public var style: Style
    /// The width of every line, in terminal columns.
    public var columns: Int
    /// Light or dark: the colours of `ansi` output, and in `text` output whether images are drawn
    /// as dark characters on a light background or the reverse.
    public var appearance: Appearance

    /// The narrowest card drawn.
    public static let minimumColumns = 24
    /// The banner's thumbnail, in cells.
    static let thumbnailColumns = 10
    static let thumbnailRows = 4
    /// The brightness ramp of `text` images, from dark to light.
    static let ramp = Array("@%#*+=-:. ")

    /// The widest card drawn.
    public static let maximumColumns = 1000

    /// Creates a renderer drawing cards `columns` wide (taken into `minimumColumns`…
    /// `maximumColumns`, 24…1000), in the light appearance by default.
    public init(style: Style, columns: Int, appearance: Appearance = .light) {
        self.style = style
        self.columns = min(max(Self.minimumColumns, columns), Self.maximumColumns)
        self.appearance = appearance
    }

    private var inner: Int { columns - 4 }
    private var palette: TerminalPalette { TerminalPalette(appearance) }
    private var colored: Bool { style == .ansi }

    // MARK: Image boxes

    /// The box, in pixels (one per cell across, two per cell down, so that square pixels fit the
    /// cells' 1:2 shape), that the attachment's image must be fitted into (aspect-fit) before
    /// `render`; nil when the card draws no image.
    public func imageBox(for card: NotificationCard) -> PixelSize? {
        guard let attachment = card.attachment, attachment.isDrawableImage else { return nil }
        if card.state == .banner {
            return card.showsDefaultContent && !attachment.options.thumbnailHidden
                ? PixelSize(width: Self.thumbnailColumns, height: Self.thumbnailRows * 2) : nil
        }
        if let area = card.extensionArea {
            return PixelSize(width: inner, height: extensionRows(area) * 2)
        }
        return PixelSize(width: inner, height: inner)
    }

    /// The box a bare image is fitted into, `columns` wide and as tall as its aspect needs.
    public static func imageBox(forImage size: PixelSize, columns: Int) -> PixelSize {
        let width = max(1, columns)
        let rows = max(1, Int((Double(width) * Double(size.height) / Double(max(1, size.width)) / 2).rounded()))
        return PixelSize(width: width, height: rows * 2)
    }

    private func extensionRows(_ area: ExtensionArea) -> Int {
        min(60, max(3, Int((Double(inner) * area.heightRatio / 2).rounded())))
    }

    // MARK: Cards

    /// The card as lines of text, each ending in a newline. `image` is the attachment's image,
    /// already fitted into `imageBox(for:)`; it is centred there.
    public func render(_ card: NotificationCard, image: RGBAImage?) -> String {
        lines(card, image: image, lastRow: nil).map { $0.rendered(colored: colored) + "\n" }.joined()
    }

    /// The top card of a collapsed stack: `card` with the stack's `summary` ("2 more
    /// notifications") as its last row, centred and dimmed, as iOS draws it inside the top card,
    /// then the bottom edges of up to `edges` cards behind it, each a column narrower a side.
    public func renderCollapsedStack(_ card: NotificationCard, image: RGBAImage?, summary: String, edges: Int)
        -> String
    {
        var summaryRow = TerminalLine()
        let text = LineWrapper.truncated(TerminalText.escaped(summary), columns: inner)
        summaryRow.append(text.centered(in: inner), foreground: colored ? palette.secondaryLabel : nil)
        var lines = lines(card, image: image, lastRow: summaryRow)
        for level in stride(from: 1, through: min(max(edges, 0), (columns - 2) / 2), by: 1) {
            var edge = TerminalLine()
            edge.append(String(repeating: " ", count: level))
            edge.append(
                "╰" + String(repeating: "─", count: max(0, columns - 2 - 2 * level)) + "╯",
                foreground: colored ? palette.separator : nil, background: colored ? palette.platter : nil)
            lines.append(edge)
        }
        return lines.map { $0.rendered(colored: colored) + "\n" }.joined()
    }

    /// The card's lines, with `lastRow` (when given) as the platter's last row.
    private func lines(_ card: NotificationCard, image: RGBAImage?, lastRow: TerminalLine?) -> [TerminalLine] {
        let layout = CardLayout(card)
        var lines: [TerminalLine] = [border("╭", "╮")]
        for (index, block) in layout.blocks.enumerated() {
            switch block {
            case .header:
                lines.append(row(header(card)))
                lines.append(border("├", "┤"))
            case .extensionArea(let area):
                lines += areaRows(rows: extensionRows(area), card: card, image: image)
                if index + 1 < layout.blocks.count { lines.append(border("├", "┤")) }
            case .media(let attachment):
                if let image, attachment.isDrawableImage {
                    lines += imageRows(image, box: PixelSize(width: inner, height: image.size.height)).map { row($0) }
                } else {
                    lines.append(row(mediaLine(attachment, width: inner)))
                }
            case .text(let limits):
                lines += textRows(card, width: inner, limits: limits).map { row($0) }
            case .banner(let thumbnail, let limits):
                lines += bannerRows(card, image: thumbnail == nil ? nil : image, limits: limits)
            }
        }
        if let lastRow { lines.append(row(lastRow)) }
        lines.append(border("╰", "╯"))
        if !layout.actions.isEmpty {
            lines.append(border("╭", "╮"))
            for (index, action) in layout.actions.enumerated() {
                if index > 0 { lines.append(border("├", "┤")) }
                lines.append(row(actionLine(action)))
            }
            lines.append(border("╰", "╯"))
        }
        return lines
    }

    /// A bare image, as terminal image viewers draw one: `columns` wide, no card.
    public func renderImage(_ image: RGBAImage) -> String {
        let box = Self.imageBox(forImage: image.size, columns: columns)
        return imageRows(image, box: box).map { $0.rendered(colored: colored) + "\n" }.joined()
    }

    private func header(_ card: NotificationCard) -> TerminalLine {
        var line = TerminalLine()
        // The time takes at most half the row (a long `--time` is cut with "…").
        let time = LineWrapper.truncated(TerminalText.escaped(card.time), columns: max(1, (inner - 3) / 2))
        let room = inner - 2 - TerminalWidth.of(time) - 1
        line.append("▣ ", foreground: colored ? palette.secondaryLabel : nil)
        line.append(
            TerminalWidth.padded(TerminalText.escaped(card.headerTitle), toColumns: max(1, room)),
            foreground: colored ? palette.secondaryLabel : nil)
        line.append(" " + time, foreground: colored ? palette.secondaryLabel : nil)
        return line
    }

    /// The interruption label, title (bold in colour), subtitle and body, wrapped to `width`
    /// (the very first line to `firstLineWidth` when given) and cut to `limits`.
    private func textRows(
        _ card: NotificationCard, width: Int, firstLineWidth: Int? = nil, limits: CardLayout.TextLimits
    )
        -> [TerminalLine]
    {
        var rows: [TerminalLine] = []
        func add(_ text: String?, bold: Bool, secondary: Bool = false, limit: Int?) {
            guard let text, !text.isEmpty else { return }
            let escaped = TerminalText.escaped(text, keepingLineBreaks: true)
            let firstWidth = rows.isEmpty ? firstLineWidth : nil
            // Right-to-left paragraphs stay in logical order (terminals differ in what they do
            // with them) but end at the right edge.
            let pieces = LineWrapper.directedLines(
                escaped, columns: width, firstLineColumns: firstWidth, maxLines: limit)
            for (index, piece) in pieces.enumerated() {
                var line = TerminalLine()
                if piece.direction == .rightToLeft {
                    let room = index == 0 ? firstWidth ?? width : width
                    line.append(String(repeating: " ", count: max(0, room - TerminalWidth.of(piece.text))))
                }
                line.append(
                    piece.text, foreground: colored ? (secondary ? palette.secondaryLabel : palette.label) : nil,
                    bold: colored && bold)
                rows.append(line)
            }
        }
        add(card.interruptionLabel, bold: true, secondary: true, limit: 1)
        add(card.title, bold: true, limit: limits.title)
        add(card.subtitle, bold: false, limit: limits.title)
        add(card.body, bold: false, limit: limits.body)
        return rows
    }

    /// The banner: the icon mark, the text with the time at the end of its first row, and the
    /// thumbnail at the right under the time; no app name, as iOS's banner has none.
    private func bannerRows(_ card: NotificationCard, image: RGBAImage?, limits: CardLayout.TextLimits)
        -> [TerminalLine]
    {
        let thumbnail = image.map {
            imageRows($0, box: PixelSize(width: Self.thumbnailColumns, height: Self.thumbnailRows * 2))
        }
        let mark = 2
        let column = inner - mark
        let time = LineWrapper.truncated(TerminalText.escaped(card.time), columns: max(1, (column - 3) / 2))
        let textWidth = thumbnail == nil ? column : column - Self.thumbnailColumns - 2
        let firstWidth = max(1, column - TerminalWidth.of(time) - 1)
        var texts = textRows(card, width: textWidth, firstLineWidth: firstWidth, limits: limits)
        if texts.isEmpty {
            var line = TerminalLine()
            line.append(
                LineWrapper.truncated(TerminalText.escaped(card.headerTitle), columns: firstWidth), bold: colored)
            texts = [line]
        }
        if thumbnail == nil, let attachment = card.attachment, !attachment.isDrawableImage || attachment.isPlaceholder,
            attachment.problem == nil
        {
            texts.append(mediaLine(attachment, width: textWidth))
        }
        var rows: [TerminalLine] = []
        for index in 0..<max(texts.count, (thumbnail?.count ?? 0) + 1) {
            var line = TerminalLine()
            line.append(index == 0 ? "▣ " : "  ", foreground: colored ? palette.secondaryLabel : nil)
            let text = index < texts.count ? texts[index] : TerminalLine()
            for piece in text.pieces {
                line.append(piece.text, foreground: piece.foreground, background: piece.background, bold: piece.bold)
            }
            if index == 0 {
                line.append(String(repeating: " ", count: max(0, mark + firstWidth - line.width) + 1))
                line.append(time, foreground: colored ? palette.secondaryLabel : nil)
            } else if let thumbnail, index - 1 < thumbnail.count {
                line.append(String(repeating: " ", count: max(0, mark + textWidth - line.width) + 2))
                for piece in thumbnail[index - 1].pieces {
                    line.append(piece.text, foreground: piece.foreground, background: piece.background)
                }
            }
            rows.append(row(line))
        }
        return rows
    }

    /// The content extension's area: the image centred in it, or a play line for audio and movies,
    /// or the extension's name when it has nothing of the payload to show.
    private func areaRows(rows count: Int, card: NotificationCard, image: RGBAImage?) -> [TerminalLine] {
        if let image, card.attachment?.isDrawableImage == true {
            return imageRows(image, box: PixelSize(width: inner, height: count * 2)).map { row($0) }
        }
        var label: TerminalLine
        if let attachment = card.attachment, attachment.problem == nil {
            label = mediaLine(attachment, width: inner)
        } else {
            label = TerminalLine()
            let name = TerminalText.escaped(card.extensionArea?.extensionFile ?? "")
            label.append(
                TerminalWidth.padded("content extension " + name, toColumns: inner, alignment: .centered),
                foreground: colored ? palette.secondaryLabel : nil)
        }
        let middle = count / 2
        return (0..<count).map { index in
            var line = index == middle ? label : TerminalLine()
            if colored, line.pieces.isEmpty {
                line.append(String(repeating: " ", count: inner), background: palette.placeholder)
            }
            return row(line, background: colored ? palette.placeholder : nil)
        }
    }

    /// `▶ 0:02 · 160x90 movie (mp4)`, centred: what the card shows of audio, a movie, or an
    /// attachment whose picture a terminal cannot draw (`[image downloaded at delivery]` for a
    /// remote image not at hand).
    private func mediaLine(_ attachment: CardAttachment, width: Int) -> TerminalLine {
        var parts: [String] = attachment.isPlaceholder ? ["[image downloaded at delivery]"] : []
        if let duration = attachment.duration { parts.append(CardAttachment.clock(duration)) }
        if attachment.kind == .movie, let size = attachment.pixelSize { parts.append("\(size)") }
        if !attachment.isPlaceholder {
            parts.append(
                [attachment.kind?.rawValue, attachment.format.map { "(\($0.rawValue))" }].compactMap { $0 }.joined(
                    separator: " "))
        }
        let playable = attachment.kind == .audio || attachment.kind == .movie
        let text = (playable ? "▶ " : "") + parts.filter { !$0.isEmpty }.joined(separator: " · ")
        var line = TerminalLine()
        line.append(
            LineWrapper.truncated(TerminalText.escaped(text), columns: width).centered(in: width),
            foreground: colored ? palette.secondaryLabel : nil)
        return line
    }

    private func actionLine(_ action: CardAction) -> TerminalLine {
        var line = TerminalLine()
        let marker = action.isDestructive && !colored ? "✗ " : ""
        // A text-input action's row shows its title only, as iOS's list does (the send button
        // belongs to the text field).
        let title = marker + TerminalText.escaped(action.title)
        line.append(
            LineWrapper.truncated(title, columns: inner),
            foreground: colored ? (action.isDestructive ? palette.destructive : palette.label) : nil)
        return line
    }

    // MARK: Images

    /// The image centred in `box` (cells across, two pixels per cell down), one line per row.
    private func imageRows(_ image: RGBAImage, box: PixelSize) -> [TerminalLine] {
        let rows = (box.height + 1) / 2
        let left = max(0, (box.width - image.size.width) / 2)
        let top = max(0, (rows * 2 - image.size.height) / 2 / 2 * 2)
        let background: TerminalPalette.Color =
            colored ? palette.platter : (appearance == .light ? (255, 255, 255) : (0, 0, 0))
        func pixel(_ x: Int, _ y: Int) -> TerminalPalette.Color {
            let (ix, iy) = (x - left, y - top)
            guard ix >= 0, iy >= 0, ix < image.size.width, iy < image.size.height else { return background }
            let p = image.pixel(x: ix, y: iy)
            return TerminalPalette.blend((p[0], p[1], p[2]), Double(p[3]) / 255, over: background)
        }
        return (0..<rows).map { row in
            var line = TerminalLine()
            for x in 0..<box.width {
                let upper = pixel(x, row * 2)
                let lower = pixel(x, row * 2 + 1)
                if colored {
                    line.append("▀", foreground: upper, background: lower)
                } else {
                    let luminance = (Self.luminance(upper) + Self.luminance(lower)) / 2
                    let level = Int(luminance / 256 * Double(Self.ramp.count))
                    let index = appearance == .light ? level : Self.ramp.count - 1 - level
                    line.append(String(Self.ramp[min(Self.ramp.count - 1, max(0, index))]))
                }
            }
            return line
        }
    }

    private static func luminance(_ color: TerminalPalette.Color) -> Double {
        0.2126 * Double(color.r) + 0.7152 * Double(color.g) + 0.0722 * Double(color.b)
    }

    // MARK: Frame

    private func border(_ left: String, _ right: String) -> TerminalLine {
        var line = TerminalLine()
        line.append(
            left + String(repeating: "─", count: columns - 2) + right,
            foreground: colored ? palette.separator : nil, background: colored ? palette.platter : nil)
        return line
    }

    /// `│ content │`, the content padded to the inner width.
    private func row(_ content: TerminalLine, background: TerminalPalette.Color? = nil) -> TerminalLine {
        var line = TerminalLine()
        let fill = colored ? (background ?? palette.platter) : nil
        line.append("│", foreground: colored ? palette.separator : nil, background: colored ? palette.platter : nil)
        line.append(" ", background: colored ? palette.platter : nil)
        for piece in content.pieces {
            line.append(
                piece.text, foreground: piece.foreground, background: piece.background ?? fill, bold: piece.bold)
        }
        line.append(String(repeating: " ", count: max(0, inner - content.width)), background: fill)
        line.append(" ", background: colored ? palette.platter : nil)
        line.append("│", foreground: colored ? palette.separator : nil, background: colored ? palette.platter : nil)
        return line
    }
}

extension String {
    /// The text with spaces on both sides to stand centred in `width` columns.
    fileprivate func centered(in width: Int) -> String {
        TerminalWidth.padded(self, toColumns: width, alignment: .centered)
    }
}
