import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewSystem

/// Payload files (or a bare image) drawn as `richpreview render` draws them: one payload as its
/// card, several grouped into stacks as iOS groups them, in the terminal or as a PNG file. Each
/// payload is checked, its attachment found on disk and inspected (a movie's frame decoded for a
/// picture), the category's buttons and content extension applied, and everything found is
/// reported through `report` in order.
public struct NotificationRenderJob: Sendable {
    /// Where the drawing goes.
    public enum Output: Sendable {
        /// A PNG file at this path.
        case picture(path: String)
        /// Terminal text (plain or ANSI), as this renderer draws it.
        case terminal(TerminalCardRenderer)
    }

    /// Where the drawing goes.
    public var output: Output
    /// The picture's width in points.
    public var width: Int
    /// The picture's pixels per point.
    public var scale: Int
    /// The picture's system appearance.
    public var appearance: Appearance
    /// What is shown: the banner or the expanded view (for stacks: collapsed or open).
    public var state: CardState
    /// The action context.
    public var context: ActionContext
    /// The folder attachment paths resolve under; nil for the payload's folder.
    public var attachmentsFolder: URL?
    /// Whether a remote image the payload names reaches the notification (a service extension
    /// downloads it): drawn from the file of its name in the attachments folder, or as a
    /// placeholder, when it does; left out, the card showing the text alone, otherwise.
    public var remoteImages = RemoteImageDelivery.unknown
    /// The attachment's options, as a service extension would pass them.
    public var attachmentOptions: AttachmentOptions
    /// The decoding limits of the attachment's image or movie frame.
    public var limits: ImageLimits
    /// The app's name in the header.
    public var appName: String
    /// The app's icon file, for a picture; nil draws `projectIcon`, else a tile with the name's
    /// initial.
    public var appIcon: String?
    /// The app's icon as its project holds it (`AppIdentity.icon`), drawn when `appIcon` is nil;
    /// one that does not decode within `limits` is left out with a note, and the tile drawn.
    public var projectIcon: AppIdentity.Icon?
    /// The image sets of the app's project (`AppIdentity.imageSets`), where the template images of
    /// actions' icons are found; nil when no project is given, and such icons are left out.
    public var imageSets: ProjectImageSets?
    /// The sender of a communication notification (iOS 15+, `INSendMessageIntent`): its name is
    /// every card's title, and a picture draws its avatar where the app icon goes, with the app
    /// icon as a badge; nil for the app's own notifications.
    public var sender: String?
    /// The sender's avatar file (any image `scale` reads), for a picture; nil draws the sender's
    /// initials.
    public var avatar: String?
    /// Which iOS the picture looks like (`NotificationStyle.default`, iOS 26, unless set).
    public var style = NotificationStyle.default
    /// An image file the picture's platters stand on, scaled to cover it; nil draws the style's
    /// built-in wallpaper.
    public var wallpaper: String?
    /// Solid platters, as iOS draws them with Reduce Transparency on.
    public var reduceTransparency = false
    /// The time label; nil keeps the card's own ("now").
    public var time: String?
    /// Where the expanded card is also written once per frame of an animated GIF attachment.
    public var framesFolder: String?
    /// Whether the milliseconds spent loading fonts, drawing and encoding are noted.
    public var timings: Bool
    /// The app's `Localizable` table, which fills the payloads' `*-loc-key` texts (a key it
    /// lacks is a `loc-key-missing` finding); nil shows each key as written.
    public var strings: LocalizedStrings?
    /// The language the notification is read in (a BCP 47 or Apple tag such as `ja` or
    /// `zh-Hant`): it picks the texts of a provider's message written in several, and the face of
    /// Noto Sans CJK a picture draws Chinese, Japanese and Korean characters in
    /// (`FontSet.forLanguage`). Nil takes a message's English text and Simplified Chinese forms.
    public var language: String?

    /// A job drawing into `output`, with iOS's defaults for the rest: 375 points at 2x, light,
    /// expanded, the default context, the app named App.
    public init(output: Output, width: Int = 375, scale: Int = 2) {
        self.output = output
        self.width = width
        self.scale = scale
        appearance = .light
        state = .expanded
        context = .default
        attachmentOptions = AttachmentOptions()
        limits = ImageLimits()
        appName = "App"
        timings = false
    }

    /// An input file: its path as reports name it, and its bytes.
    public struct Input: Sendable {
        /// The path as given, or `<stdin>`.
        public var path: String
        /// The file's bytes.
        public var data: Data

        /// The input `path` holding `data`.
        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    /// The most bytes of an attachment or an app icon read: 128 MiB.
    public static let mediaLimit = FileContents.mediaLimit

    /// Draws one input (a payload or a bare image) as its card, or several payloads as their
    /// stacks. `configurations` is asked for the categories and plists once the payloads are valid
    /// (nil: they cannot be read, and it has said why). Returns whether the run succeeded: false
    /// when a payload is invalid, an error was found, or the drawing could not be made or written
    /// (never over an input).
    public func render(
        _ inputs: [Input], configurations: () -> RenderConfigurations?, report: (RenderEvent) -> Void
    ) -> Bool {
        if case .picture(let path) = output, inputs.contains(where: { AtomicFile.sameFile(path, $0.path) }) {
            report(.problem(.error, file: path, "the output would overwrite the input"))
            return false
        }
        if inputs.count > 1 { return renderStacks(inputs, configurations: configurations, report: report) }
        guard let input = inputs.first else { return false }
        if ImageFormats.detect(input.data.prefix(ImageFormats.signatureLength)) != nil {
            return renderImage(input, report: report)
        }
        if let problem = Self.notRenderable(input.data) {
            report(.problem(.error, file: input.path, problem))
            return false
        }
        return renderPayload(input, configurations: configurations, report: report)
    }

    /// Why bytes that are not an image richpreview decodes are not a payload either, when that is
    /// plain from them: an empty file, or a recognised audio, movie or other image format.
    public static func notRenderable(_ data: Data) -> String? {
        if data.isEmpty { return "empty file: neither a payload nor an image" }
        guard let format = MediaSniffer.detect(data.prefix(MediaSniffer.headerLength)) else { return nil }
        return
            "\(format.kind.rawValue) (\(format.rawValue)), not a payload: render draws payloads and images (an attachment goes in the payload)"
    }

    // MARK: A payload

    private func renderPayload(
        _ input: Input, configurations: () -> RenderConfigurations?, report: (RenderEvent) -> Void
    ) -> Bool {
        let messages = PayloadDecoder(language: language).checkShownEach(input.data, file: input.path)
        if messages.count > 1 {
            return renderMessages(messages, file: input.path, configurations: configurations, report: report)
        }
        let (checked, shown) = messages[0]
        report(.findings(checked.findings))
        guard let payload = shown else { return false }
        if checked.payload == nil {
            report(.problem(.note, file: input.path, "drawn as iOS shows it despite the error: without the attachment"))
        }
        guard let configs = configurations() else { return false }
        // The card is drawn whatever is found; an error found on the way fails the run.
        guard
            let prepared = prepareCard(
                payload, report: checked, file: input.path, state: state, configs: configs, events: report)
        else { return false }
        let card = prepared.card
        let findings = checked.findings + configs.findings + prepared.findings
        let drawn = !findings.contains { $0.severity == .error }

        switch output {
        case .picture(let path):
            let data = Self.attachmentImage(of: card)
            guard let icon = appIconBytes(report: report), let avatar = avatarBytes(report: report) else {
                return false
            }
            let shown = [card.headerTitle, card.time] + card.texts + card.actions.map(\.title)
            let actionImages = actionImageBytes(card.actions, file: input.path, report: report)
            let written = writePicture(path, texts: shown, report: report) { renderer throws(ImageDecodingError) in
                var renderer = renderer
                renderer.appIcon = icon
                renderer.avatar = avatar
                renderer.attachmentFrame = prepared.poster?.image
                renderer.actionImages = actionImages
                // A template image not found was noted by `actionImageBytes`.
                for (action, reason) in renderer.undrawnActionIcons(card.actions)
                where action.icon.map({ $0.kind == .systemImage || actionImages[$0.name] != nil }) ?? false {
                    report(
                        .note(file: input.path, "action '\(action.identifier)' is drawn without its icon: \(reason)"))
                }
                return try renderer.render(card, attachmentImage: data)
            } afterwards: { renderer in
                guard let framesFolder else { return true }
                var renderer = renderer
                renderer.appIcon = icon
                renderer.avatar = avatar
                renderer.actionImages = actionImages
                return writeFrames(of: card, data: data, into: framesFolder, renderer: renderer, report: report)
            }
            return written && drawn
        case .terminal(let renderer):
            report(.output(terminalCard(card, renderer: renderer, report: report)))
            reportTextLayout(input.path, report: report)
            return drawn
        }
    }

    /// The card of a checked payload in `state`, its attachment found and inspected (a movie's
    /// frame decoded for a picture), with the attachment's and the card's findings, reported; nil,
    /// the reason reported, when the movie's frame is over the memory limit.
    func prepareCard(
        _ payload: APNsPayload, report: PayloadReport, file: String, state: CardState,
        configs: RenderConfigurations, events: (RenderEvent) -> Void
    ) -> (card: NotificationCard, poster: MovieFrame?, findings: [Finding])? {
        var findings: [Finding] = []
        // The payload's first attachment is the one the card shows.
        let inspector = AttachmentInspector(imageProbe: ImageValidator.attachmentProbe(limits: limits))
        let attachments = PayloadAttachments(
            folder: attachmentsFolder, inspector: inspector, options: attachmentOptions)
        let attachment = attachments.check(report).first
        events(.findings(attachment?.findings ?? []))
        findings += attachment?.findings ?? []
        var shown = attachment.map(CardAttachment.init)
        // A remote image is drawn as the app's service extension would deliver it, the choice said.
        var remoteNoted = false
        if let attachment,
            let remote = remoteImages.shown(
                attachment, payload: payload, folder: attachments.folder(forPayload: file), inspector: inspector,
                options: attachmentOptions)
        {
            shown = remote.attachment
            events(.problem(.note, file: file, remote.note))
            remoteNoted = true
        }
        var poster: MovieFrame?
        if case .picture = output, var movie = shown {
            do throws(MovieFrameError) {
                poster = try posterFrame(of: &movie, report: events)
            } catch {
                events(.problem(.error, file: movie.path, "\(error); --max-memory MIB raises the limit"))
                return nil
            }
            shown = movie
        }
        var builder = NotificationCardBuilder(
            categories: configs.categories, extensions: configs.extensions, appName: appName)
        builder.strings = strings
        builder.sender = sender
        var card = builder.card(for: payload, state: state, context: context, attachment: shown, file: file)
        if let time { card.time = time }
        // The card shows the text alone, as iOS does; the reason is said here unless a finding
        // already says it (a remote URL has none: it is not fetched here).
        if let problem = card.attachment?.problem, attachment?.findings.isEmpty ?? true, !remoteNoted {
            events(
                .problem(.note, file: file, "the attachment is not drawn, the card shows the text alone: \(problem)"))
        }
        let cardFindings = report.placed(card.findings)
        events(.findings(cardFindings))
        findings += cardFindings
        return (card, poster, findings)
    }

    /// The bytes of the card's attachment when it is an image the picture draws.
    static func attachmentImage(of card: NotificationCard) -> Data? {
        guard card.attachment?.isDrawableImage == true else { return nil }
        if let placeholder = RemoteImagePlaceholder.bytes(for: card.attachment) { return placeholder }
        return card.attachment?.path.flatMap { try? FileContents.read(path: $0, limit: mediaLimit, mapped: true) }
    }

    /// The bytes of the app icon (`.some(nil)` without one; the project's when none is given);
    /// nil, the error reported, when a given one cannot be read or is not an image.
    func appIconBytes(report: (RenderEvent) -> Void) -> Data?? {
        guard let path = appIcon else { return .some(projectIconBytes(report: report)) }
        guard let bytes = imageBytes(path, naming: "the app icon", report: report) else { return nil }
        return .some(bytes)
    }

    /// The bytes of the image file at `path` (`naming` it in messages); nil, the error reported,
    /// when it cannot be read or is not an image.
    func imageBytes(_ path: String, naming: String, report: (RenderEvent) -> Void) -> Data? {
        let bytes: Data
        do {
            bytes = try FileContents.read(path: path, limit: Self.mediaLimit, mapped: true)
        } catch {
            report(.problem(.error, file: path, "\(naming) cannot be read: \(error.reason)"))
            return nil
        }
        do {
            _ = try ImageHeader.read(bytes)
        } catch {
            report(.problem(.error, file: path, "\(naming) cannot be used: \(error)"))
            return nil
        }
        return bytes
    }

    /// The card as terminal text, its image attachment read and fitted to its cells within
    /// `limits` (a warning, and no image, when it cannot be); with `stack`, as the top card of a
    /// collapsed stack (its summary inside, the edges of the cards behind below).
    func terminalCard(
        _ card: NotificationCard, renderer: TerminalCardRenderer, report: (RenderEvent) -> Void,
        stack: (summary: String, edges: Int)? = nil
    ) -> String {
        var image: RGBAImage?
        if renderer.imageBox(for: card) != nil, let path = card.attachment?.path {
            do {
                let data = try FileContents.read(path: path, limit: Self.mediaLimit, mapped: true)
                image = try CardMedia.terminalImage(for: card, data: data, renderer: renderer, limits: limits)
            } catch {
                report(.problem(.warning, file: path, "the attachment's image is not drawn: \(error)"))
            }
        }
        guard let stack else { return renderer.render(card, image: image) }
        return renderer.renderCollapsedStack(card, image: image, summary: stack.summary, edges: stack.edges)
    }

    /// The frame of a movie attachment iOS would accept, at its thumbnail time, for the picture,
    /// decoded within `limits` and scaled down to the expanded card's media box
    /// (`CardPictureRenderer.movieFrameBox`); nil with `attachment.posterFrameProblem` saying why
    /// when it cannot be had.
    /// - Throws: `MovieFrameError.overMemoryBudget` when it would pass the memory limit.
    private func posterFrame(of attachment: inout CardAttachment, report: (RenderEvent) -> Void)
        throws(MovieFrameError) -> MovieFrame?
    {
        guard attachment.kind == .movie, attachment.problem == nil, let path = attachment.path else { return nil }
        let clock = ContinuousClock()
        let started = clock.now
        let bytes: Data
        do {
            bytes = try FileContents.read(path: path, limit: Self.mediaLimit, mapped: true)
        } catch {
            attachment.posterFrameProblem = "the file cannot be read: \(error.reason)"
            return nil
        }
        let frame = try CardMedia.posterFrame(
            for: &attachment, data: bytes, limits: limits,
            box: CardPictureRenderer.movieFrameBox(width: width, scale: scale))
        if timings, let frame {
            let milliseconds = NumberText.format(((clock.now - started).milliseconds * 10).rounded() / 10)
            report(
                .note(
                    file: path,
                    "movie \(frame.streamSize), frame at \(NumberText.format(frame.time ?? 0)) s, milliseconds: decode \(milliseconds)"
                ))
        }
        return frame
    }

    // MARK: A bare image

    private func renderImage(_ input: Input, report: (RenderEvent) -> Void) -> Bool {
        switch output {
        case .picture(let path):
            return writePicture(path, report: report) { renderer throws(ImageDecodingError) in
                try renderer.render(image: input.data)
            }
        case .terminal(let renderer):
            do {
                let size = try ImageHeader.read(input.data).shownSize
                let box = TerminalCardRenderer.imageBox(forImage: size, columns: renderer.columns)
                let image = try ImageScaler.scale(input.data, to: ScaleRequest(box: box, limits: limits)).image
                report(.output(renderer.renderImage(image)))
                return true
            } catch {
                report(.problem(.error, file: input.path, error.description))
                return false
            }
        }
    }

    // MARK: Pictures

    /// What the text layout could not do as iOS does, once each: right-to-left text laid out left
    /// to right without FriBidi, Thai, Lao, Khmer and Burmese broken only at spaces without ICU,
    /// and (for a picture) characters no installed font has, by script.
    func reportTextLayout(
        _ file: String, fonts: FontSet? = nil, texts: [String] = [], report: (RenderEvent) -> Void
    ) {
        if let unavailable = BidiLibrary.unavailable {
            report(.problem(.warning, file: file, unavailable.description))
        }
        if let unavailable = ICULibrary.unavailable {
            report(.problem(.warning, file: file, unavailable.description))
        }
        for group in fonts?.missingCharactersByScript(in: texts) ?? [] {
            let codes =
                group.characters.prefix(4).map { character in
                    character.unicodeScalars.map { scalar in
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    }.joined(separator: " ")
                }.joined(separator: ", ")
                + (group.characters.count > 4 ? " and \(group.characters.count - 4) more" : "")
            let message =
                group.script.map {
                    "no installed font has \($0.name) characters (\(codes)): each is drawn as an empty box; install \($0.package)"
                } ?? "no installed font has \(codes): each is drawn as an empty box"
            report(.problem(.warning, file: file, message))
        }
    }

    /// The expanded card once per frame of its animated GIF attachment, as iOS plays it in the
    /// expanded view, into `folder` (created when missing): `frame-001.png`… and `frames.txt`, one
    /// line per frame with its file and seconds. Frames are decoded one at a time.
    private func writeFrames(
        of card: NotificationCard, data: Data?, into folder: String, renderer: CardPictureRenderer,
        report: (RenderEvent) -> Void
    ) -> Bool {
        guard card.state == .expanded, card.attachment?.format == .gif, let data else {
            report(
                .problem(
                    .warning, file: folder, "no frames written: --frames draws an animated GIF attachment, expanded"))
            return true
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            report(.problem(.error, file: folder, "not a folder: --frames writes its pictures into a folder"))
            return false
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            report(.problem(.error, file: folder, "cannot create the folder: \(error.localizedDescription)"))
            return false
        }
        var lines: [String] = []
        var renderer = renderer
        do {
            var failure: (any Error)?
            let summary = try GIFAnimation.forEachFrame(of: data) { frame in
                guard failure == nil else { return }
                renderer.attachmentFrame = frame.image
                let name = String(format: "frame-%03d.png", frame.index + 1)
                do {
                    _ = try ImageEncoder.write(
                        try renderer.render(card, attachmentImage: nil),
                        to: (folder as NSString).appendingPathComponent(name))
                    lines.append("\(name) \(NumberText.format(frame.delay))")
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            try AtomicFile.write(
                Data((lines.joined(separator: "\n") + "\n").utf8),
                to: (folder as NSString).appendingPathComponent("frames.txt"))
            let left = summary.framesLeftOut > 0 ? " (\(summary.framesLeftOut) more frames left out)" : ""
            report(.note(file: folder, "\(lines.count) frames written\(left)"))
            return true
        } catch {
            report(.problem(.error, file: folder, "frames not written after \(lines.count): \(error)"))
            return false
        }
    }

    /// Loads the fonts, draws with `draw`, reports the text layout's shortcomings for `texts`,
    /// writes the picture to `path` and runs `afterwards`; false, the reason reported, when any
    /// step fails.
    func writePicture(
        _ path: String, texts: [String] = [], report: (RenderEvent) -> Void,
        draw: (CardPictureRenderer) throws(ImageDecodingError) -> RGBAImage,
        afterwards: (CardPictureRenderer) -> Bool = { _ in true }
    ) -> Bool {
        let clock = ContinuousClock()
        let started = clock.now
        let fonts: FontSet
        do {
            fonts = try FontSet.system().forLanguage(language)
            try fonts.preload()
        } catch {
            report(.problem(.error, file: nil, "no fonts to draw with: \(error)"))
            return false
        }
        let loaded = clock.now
        var renderer = CardPictureRenderer(
            width: width, scale: scale, appearance: appearance, shaper: TextShaper(fonts: fonts))
        renderer.imageLimits = limits
        renderer.style = style
        renderer.reduceTransparency = reduceTransparency
        if let wallpaper {
            guard let bytes = imageBytes(wallpaper, naming: "the wallpaper", report: report) else { return false }
            renderer.wallpaper = .image(bytes)
        }
        do {
            let picture = try draw(renderer)
            let drawn = clock.now
            reportTextLayout(path, fonts: fonts, texts: texts, report: report)
            _ = try ImageEncoder.write(picture, to: path)
            if timings {
                let times = [("fonts", loaded - started), ("draw", drawn - loaded), ("encode", clock.now - drawn)]
                report(
                    .note(
                        file: path,
                        "milliseconds: "
                            + times.map { "\($0.0) \(NumberText.format(($0.1.milliseconds * 10).rounded() / 10))" }
                            .joined(separator: ", ")))
            }
            return afterwards(renderer)
        } catch let error as ImageDecodingError {
            report(.problem(.error, file: nil, "cannot draw the picture: \(error)"))
            return false
        } catch {
            report(.problem(.error, file: path, "\(error)"))
            return false
        }
    }
}
