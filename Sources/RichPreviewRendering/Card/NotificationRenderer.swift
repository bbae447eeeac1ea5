import Foundation
import RichPreview
import RichPreviewImaging

/// A notification drawn from its payload in one call, as `richpreview render` draws it: the
/// payload checked, its attachment's bytes inspected as iOS inspects them (images decoded whole,
/// a movie's frame decoded), the category's buttons and content extension applied, and the card
/// drawn as PNG bytes or terminal text, with everything found on the way.
///
/// Every call is synchronous and CPU-bound; a server runs it off its event loop (a detached task
/// or its own thread pool). Safe to share between threads.
public struct NotificationRenderer: Sendable {
    /// The app's categories, their buttons and contexts.
    public var categories: CategoryManifest
    /// The extension plists whose content extensions draw the expanded view.
    public var extensions: ExtensionRegistry
    /// The app's name in the header.
    public var appName: String
    /// The app's icon (bytes of any image format `ImageFormats` decodes); nil draws a tile with the name's initial.
    public var appIcon: Data?
    /// The sender of a communication notification (iOS 15+, `INSendMessageIntent`): the card's
    /// title, and in a picture the avatar drawn where the app icon goes with the app icon as a
    /// badge; nil for the app's own notifications.
    public var sender: String?
    /// The sender's avatar (bytes of any image format `ImageFormats` decodes); nil draws the
    /// sender's initials.
    public var avatar: Data?
    /// How attachments are checked (iOS's size limits; images decoded whole within its limits).
    public var inspector: AttachmentInspector
    /// The options the service extension creates the attachment with (type hint, thumbnail).
    public var attachmentOptions: AttachmentOptions
    /// The decoding limits for the attachment's image or movie frame (a frame over the memory
    /// limit fails the picture, `Failure.movieFrame`).
    public var limits: ImageLimits
    /// The language the notification is read in (`ja`, `zh-Hant`…): it picks the texts of a
    /// provider's message written in several and the face of Noto Sans CJK the picture draws
    /// Chinese, Japanese and Korean characters in (`FontSet.forLanguage`, applied to the fonts
    /// given too). Nil takes a message's English text and the fonts as given.
    public var language: String?
    /// Which iOS the picture looks like (`NotificationStyle.default`, iOS 26, unless set).
    public var style = NotificationStyle.default
    /// What the picture's platters stand on (the style's built-in gradient unless set); an image
    /// is decoded within `limits`, and one that does not decode fails the picture.
    public var wallpaper = Wallpaper.builtIn
    /// Solid platters, as iOS draws them with Reduce Transparency on.
    public var reduceTransparency = false

    /// A renderer for an app with `categories` and `extensions` (none by default: no buttons, iOS's
    /// default look).
    public init(
        categories: CategoryManifest = CategoryManifest(), extensions: ExtensionRegistry = ExtensionRegistry([]),
        appName: String = "App", limits: ImageLimits = ImageLimits()
    ) {
        self.categories = categories
        self.extensions = extensions
        self.appName = appName
        self.limits = limits
        inspector = AttachmentInspector.decodingImages(limits: limits)
        attachmentOptions = AttachmentOptions()
    }

    /// A drawn notification: the card, what was found, and the output.
    public struct Rendered<Output: Sendable>: Sendable {
        /// What the card shows.
        public var card: NotificationCard
        /// The payload's, the attachment's and the card's findings, in that order.
        public var findings: [Finding]
        /// The PNG bytes or the terminal text.
        public var output: Output
    }

    /// Why nothing could be drawn.
    public enum Failure: Error, Sendable, CustomStringConvertible, CaseNamingError {
        /// The payload has errors (they are the findings).
        case invalidPayload([Finding])
        /// No font to draw with (FreeType, HarfBuzz or Inter missing).
        case fonts(FontError)
        /// The attachment's image or the app icon does not decode, or the picture does not encode.
        case picture(String)
        /// The movie attachment's frame would need more memory than `limits.maxMemory` to decode
        /// and draw (`MovieFrameError.overMemoryBudget`, with the frame's size and the bytes).
        case movieFrame(MovieFrameError)
        /// The calling task was cancelled before the drawing started (the `async` forms).
        case cancelled

        /// The name of `cancelled`, which carries no values.
        public var nameOfCaseWithoutValues: String? {
            if case .cancelled = self { "cancelled" } else { nil }
        }

        /// One line for users.
        public var description: String {
            switch self {
            case .cancelled: "cancelled before the drawing started"
            case .invalidPayload(let findings):
                "the payload is not valid: " + (findings.first { $0.severity == .error }?.message ?? "")
            case .fonts(let error): "no fonts to draw with: \(error)"
            case .picture(let reason): "cannot draw the picture: \(reason)"
            case .movieFrame(let error): "cannot draw the picture: \(error)"
            }
        }
    }

    /// The card of `payload` (JSON bytes) with its attachment's bytes, `attachment` (the one the
    /// payload names, `attachmentName` naming it as the payload does for its type), in `state` and
    /// `context`; the frame of a movie attachment for the picture, at its own size.
    public func card(
        payload: Data, attachment: Data? = nil, attachmentName: String = "attachment",
        state: CardState = .expanded, context: ActionContext = .default, file: String = Finding.inMemoryFile
    ) throws(Failure) -> (card: NotificationCard, findings: [Finding], posterFrame: MovieFrame?) {
        try card(
            payload: payload, attachment: attachment, attachmentName: attachmentName, state: state, context: context,
            file: file, frame: .decoded(box: nil))
    }

    /// Whether a movie attachment's frame is decoded, and into which box (nil: at its own size).
    private enum FrameRequest {
        case none
        case decoded(box: PixelSize?)
    }

    private func card(
        payload: Data, attachment: Data?, attachmentName: String, state: CardState, context: ActionContext,
        file: String, frame request: FrameRequest
    ) throws(Failure) -> (card: NotificationCard, findings: [Finding], posterFrame: MovieFrame?) {
        let report = PayloadDecoder(language: language).check(payload, file: file)
        guard let decoded = report.payload else { throw .invalidPayload(report.findings) }
        var findings = report.findings
        var shown: CardAttachment?
        var frame: MovieFrame?
        if let attachment {
            let inspected = inspector.inspect(bytes: attachment, name: attachmentName, options: attachmentOptions)
            findings += inspected.findings
            var card = CardAttachment(inspected)
            do throws(MovieFrameError) {
                if case .decoded(let box) = request {
                    frame = try CardMedia.posterFrame(for: &card, data: attachment, limits: limits, box: box)
                }
            } catch {
                throw .movieFrame(error)
            }
            shown = card
        }
        var builder = NotificationCardBuilder(categories: categories, extensions: extensions, appName: appName)
        builder.sender = sender
        let card = builder.card(for: decoded, state: state, context: context, attachment: shown, file: file)
        return (card, findings + report.placed(card.findings), frame)
    }

    /// The notification as a PNG picture `width` points wide at `scale` pixels per point.
    public func png(
        payload: Data, attachment: Data? = nil, attachmentName: String = "attachment", state: CardState = .expanded,
        context: ActionContext = .default, width: Int = 375, scale: Int = 2, appearance: Appearance = .light,
        fonts: FontSet? = nil
    ) throws(Failure) -> Rendered<Data> {
        let (card, findings, frame) = try self.card(
            payload: payload, attachment: attachment, attachmentName: attachmentName, state: state, context: context,
            file: Finding.inMemoryFile,
            frame: .decoded(box: CardPictureRenderer.movieFrameBox(width: width, scale: scale)))
        var set: FontSet
        if let fonts {
            set = fonts
        } else {
            do throws(FontError) {
                set = try FontSet.system()
            } catch {
                throw .fonts(error)
            }
        }
        if let language { set = set.forLanguage(language) }
        var renderer = CardPictureRenderer(
            width: width, scale: scale, appearance: appearance, shaper: TextShaper(fonts: set))
        renderer.appIcon = appIcon
        renderer.avatar = avatar
        renderer.attachmentFrame = frame?.image
        renderer.imageLimits = limits
        renderer.style = style
        renderer.wallpaper = wallpaper
        renderer.reduceTransparency = reduceTransparency
        do {
            let picture = try renderer.render(
                card, attachmentImage: card.attachment?.isDrawableImage == true ? attachment : nil)
            return Rendered(card: card, findings: findings, output: try ImageEncoder.encode(picture).data)
        } catch let error as ImageDecodingError {
            throw .picture(error.description)
        } catch {
            throw .picture("\(error)")
        }
    }

    /// The notification as terminal text (`style` plain or 24-bit ANSI) `columns` wide.
    public func text(
        payload: Data, attachment: Data? = nil, attachmentName: String = "attachment", state: CardState = .expanded,
        context: ActionContext = .default, style: TerminalCardRenderer.Style = .text, columns: Int = 80,
        appearance: Appearance = .light
    ) throws(Failure) -> Rendered<String> {
        let (card, findings, _) = try self.card(
            payload: payload, attachment: attachment, attachmentName: attachmentName, state: state, context: context,
            file: Finding.inMemoryFile, frame: .none)
        let renderer = TerminalCardRenderer(style: style, columns: columns, appearance: appearance)
        var image: RGBAImage?
        if let attachment, card.attachment?.isDrawableImage == true {
            do {
                image = try CardMedia.terminalImage(for: card, data: attachment, renderer: renderer, limits: limits)
            } catch {
                throw .picture(error.description)
            }
        }
        return Rendered(card: card, findings: findings, output: renderer.render(card, image: image))
    }
}
