import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewSystem
import Synchronization

/// Draws every payload of a project in every `ReviewView`, beside what lint finds: the library
/// side of `richpreview review`. The tree is walked and linted as `Linter` does (same walker,
/// `.richpreview.json` and project model); the categories and content extensions it finds give
/// each card its buttons and expanded view. Cards are drawn in parallel with one set of fonts.
public struct ProjectReviewer: Sendable {
    /// The lint run on the tree (rules, excludes, attachment limits; images decoded as `lint` does).
    public var linter: Linter
    /// The app's name in every card's header; nil takes the one the project's app Info.plist
    /// gives (`CFBundleDisplayName`, else `CFBundleName`, build variables expanded), else `App`.
    public var appName: String?
    /// The width of a card in points.
    public var width: Int
    /// Pixels per point.
    public var scale: Int
    /// The fonts; nil loads the system's once per review.
    public var fonts: FontSet?
    /// The time label of every card (fixed, so that two reviews of one tree draw the same pixels).
    public var time: String
    /// How many cards are drawn at once (at least 1; default: the processor count).
    public var parallelism: Int
    /// The limits a movie attachment's frame is decoded within; a card whose frame would pass the
    /// memory limit is not drawn, and says why.
    public var frameLimits = ImageLimits()
    /// Which iOS the cards look like (`NotificationStyle.default`, iOS 26, unless set).
    public var style = NotificationStyle.default
    /// Whether a remote image a payload names reaches its notification; nil takes what the
    /// project says (`AppIdentity.remoteImages`: its service extension downloads it, or not).
    public var remoteImages: RemoteImageDelivery?

    /// A reviewer linting with `linter` (by default as `richpreview lint` does, decoding images).
    public init(
        linter: Linter = Linter(imageProbe: ImageValidator.attachmentProbe()), appName: String? = nil,
        width: Int = 375, scale: Int = 2, fonts: FontSet? = nil, time: String = "now",
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.linter = linter
        self.appName = appName
        self.width = width
        self.scale = scale
        self.fonts = fonts
        self.time = time
        self.parallelism = max(1, parallelism)
    }

    /// The views drawn for a card of `category`: the four standard ones, and the expanded view in
    /// the minimal context when the category has more than two buttons there to choose from.
    public static func views(for category: NotificationCategory?) -> [ReviewView] {
        guard let category, category.actions(for: .default).count > 2 else { return ReviewView.standard }
        return ReviewView.standard + [ReviewView(appearance: .light, state: .expanded, context: .minimal)]
    }

    /// Lints the files and folders at `paths` and draws every payload found. `progress` is
    /// called with the cards drawn so far and the total, from any thread.
    /// - Throws: `NotificationRenderer.Failure.fonts` when no font can be loaded.
    public func review(
        _ paths: [String], title: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(NotificationRenderer.Failure) -> ProjectReview {
        let (result, model) = linter.lintKeepingModel(paths)
        var read = model.reviewInputs
        let identity = model.appIdentity(confinedTo: paths)
        read.appIcon = identity.icon?.data
        read.actionImages = identity.imageSets.templateImages(for: read.categories.categories, scale: scale)
        if let remoteImages { read.remoteImages = remoteImages }
        let inputs = read
        let fontSet: FontSet
        if let fonts {
            fontSet = fonts
        } else {
            do throws(FontError) {
                fontSet = try FontSet.system()
                try fontSet.preload()
            } catch {
                throw .fonts(error)
            }
        }
        let shaper = TextShaper(fonts: fontSet)
        let payloadFiles = Set(inputs.payloads.map(\.file))
        let findingsByFile = Dictionary(grouping: result.findings) { $0.file ?? "" }
        let cards = Mutex([DrawnPayload?](repeating: nil, count: inputs.payloads.count))
        let done = Atomic(0)
        let total = inputs.payloads.count
        let workers = min(parallelism, max(1, total))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < total else { return }
                let payload = inputs.payloads[index]
                let card = draw(
                    payload, inputs: inputs,
                    findings: Self.findings(of: payload, in: findingsByFile[payload.file] ?? []),
                    shaper: shaper)
                cards.withLock { $0[index] = card }
                progress?(done.add(1, ordering: .relaxed).newValue, total)
            }
        }
        let projectFindings = result.findings.filter { !payloadFiles.contains($0.file ?? "") }
        let drawn = cards.withLock { $0.compactMap { $0 } }
        var review = ProjectReview(
            title: title ?? Self.title(for: paths), cards: drawn.map(\.card), lint: result,
            projectFindings: projectFindings, threads: threads(of: drawn, appIcon: inputs.appIcon, shaper: shaper))
        review.findingLines = Self.lines(of: result.findings)
        return review
    }

    /// The text of every line a finding points at, by file and line; a file larger than
    /// `FileContents.sizeLimit`, or unreadable, gives none.
    static func lines(of findings: [Finding]) -> [String: [Int: String]] {
        var wanted: [String: Set<Int>] = [:]
        for finding in findings {
            guard let file = finding.file, let line = finding.line, line > 0 else { continue }
            wanted[file, default: []].insert(line)
        }
        var found: [String: [Int: String]] = [:]
        for (file, numbers) in wanted {
            guard let data = try? FileContents.read(path: file, limit: FileContents.sizeLimit, mapped: true),
                let last = numbers.max()
            else { continue }
            var number = 1
            var lines: [Int: String] = [:]
            for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                if numbers.contains(number) {
                    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    lines[number] =
                        text.count > ProjectReview.excerptLength
                        ? String(text.prefix(ProjectReview.excerptLength)) + "…" : text
                }
                if number >= last { break }
                number += 1
            }
            if !lines.isEmpty { found[file] = lines }
        }
        return found
    }

    /// The page's title for the paths reviewed: the first folder's name.
    static func title(for paths: [String]) -> String {
        let first = URL(fileURLWithPath: paths.first ?? ".").standardizedFileURL
        return first.lastPathComponent.isEmpty ? first.path : first.lastPathComponent
    }

    /// A payload's card, and for its thread's stack its decoded payload and banner.
    private struct DrawnPayload {
        var card: ReviewCard
        var payload: APNsPayload?
        var banner: NotificationStackRenderer.StackedCard?
    }

    /// The groups of more than one payload as iOS stacks them (`NotificationGroup`; the walk's
    /// order is the order of arrival, the last file the newest), each drawn collapsed and
    /// expanded in light and dark. An expanded list shows its first `ReviewThread.listedCards`.
    private func threads(of drawn: [DrawnPayload], appIcon: Data?, shaper: TextShaper) -> [ReviewThread] {
        let stackable = drawn.compactMap { item in
            item.payload.flatMap { payload in item.banner.map { (file: item.card.file, payload: payload, banner: $0) } }
        }
        return NotificationGroup.groups(of: stackable.map(\.payload)).filter { $0.members.count > 1 }.map { group in
            let members = group.members.map { stackable[$0.index] }
            var thread = ReviewThread(
                threadIdentifier: group.threadID, files: members.map(\.file), summary: group.summary)
            let cards = members.map(\.banner)
            for view in ReviewThread.views {
                let stack = NotificationStackRenderer.Stack(
                    cards: view.state == .banner ? cards : Array(cards.prefix(ReviewThread.listedCards)),
                    summary: group.summary)
                var cardRenderer = CardPictureRenderer(
                    width: width, scale: scale, appearance: view.appearance, shaper: shaper)
                cardRenderer.appIcon = appIcon
                cardRenderer.style = style
                cardRenderer.drawForReview()
                let renderer = NotificationStackRenderer(cardRenderer: cardRenderer)
                do {
                    let image = try renderer.render(stack, layout: view.state == .banner ? .collapsed : .expanded)
                    thread.pictures.append(try ReviewPicture(view: view, image: image, showsPhoto: false))
                } catch {
                    thread.problem = "not drawn: \(error)"
                    thread.pictures = []
                    break
                }
            }
            return thread
        }
    }

    /// The findings of the payload file `payload` is in that are about it: for one message of
    /// several, those placed in it (`[N]…`, its index) and those about the file as a whole.
    static func findings(of payload: ReviewInputs.Payload, in fileFindings: [Finding]) -> [Finding] {
        guard let message = payload.message else { return fileFindings }
        return fileFindings.filter { finding in
            guard let keyPath = finding.keyPath, keyPath.hasPrefix("[") else { return true }
            return keyPath.hasPrefix("[\(message - 1)]")
        }
    }

    /// One payload's card in every view: as iOS shows it, so a payload iOS shows without its
    /// attachment (no `mutable-content`, an attachment that cannot be drawn) is drawn without it,
    /// and the card says why.
    private func draw(
        _ payload: ReviewInputs.Payload, inputs: ReviewInputs, findings: [Finding], shaper: TextShaper
    ) -> DrawnPayload {
        var card = ReviewCard(file: payload.message.map { "\(payload.file)#\($0)" } ?? payload.file, findings: findings)
        card.payloadFile = payload.file
        card.message = payload.message
        let errors = payload.report.findings.filter { $0.severity == .error }
        guard let decoded = payload.report.shownPayload(read: payload.read) else {
            card.problem = "not drawn: " + (errors.first?.message ?? "the payload is not valid")
            return DrawnPayload(card: card)
        }
        card.fields = PayloadFields.of(decoded)
        let category = decoded.aps?.category.flatMap(inputs.categories.category)
        card.category = decoded.aps?.category
        card.threadIdentifier = decoded.aps?.threadID
        var shown = payload.attachments.first.map(CardAttachment.init)
        if payload.report.payload == nil, let error = errors.first {
            card.drawnWithout = "drawn as iOS shows it, without its attachment: \(error.message)"
        }
        var bytes: Data?
        if let first = payload.attachments.first, card.drawnWithout == nil,
            let remote = inputs.remoteImages.shown(
                first, payload: decoded,
                folder: PayloadAttachments(folder: linter.configuration.attachmentsRoot.map(URL.init(fileURLWithPath:)))
                    .folder(forPayload: payload.file),
                inspector: AttachmentInspector(imageProbe: linter.imageProbe))
        {
            shown = remote.attachment
            card.remoteImage = remote.note
            bytes = RemoteImagePlaceholder.bytes(for: remote.attachment)
        }
        var frame: MovieFrame?
        if var attachment = shown, attachment.problem == nil, let path = attachment.path {
            // As large as iOS (or the lint's configuration) lets an attachment of its kind be.
            let limit = max(
                FileContents.sizeLimit,
                attachment.kind.map(linter.configuration.attachmentLimits.limit(for:)) ?? 0)
            bytes = try? FileContents.read(path: path, limit: limit, mapped: true)
            if let bytes, attachment.kind == .movie {
                do throws(MovieFrameError) {
                    // Every view of the card draws this one frame, fitted to the expanded card's media.
                    frame = try CardMedia.posterFrame(
                        for: &attachment, data: bytes, limits: frameLimits,
                        box: CardPictureRenderer.movieFrameBox(width: width, scale: scale))
                    shown = attachment
                } catch {
                    // Drawn as iOS shows a notification whose attachment it cannot show: without it.
                    card.attachment = attachment
                    card.drawnWithout = "drawn without its attachment, whose frame cannot be drawn: \(error)"
                    shown = nil
                }
            }
        }
        if card.attachment == nil { card.attachment = shown }
        do {
            return try drawViews(
                decoded, category: category, attachment: shown, bytes: bytes, frame: frame, card: card,
                inputs: inputs, file: payload.file, shaper: shaper)
        } catch {
            guard shown != nil else {
                card.problem = "not drawn: \(error)"
                return DrawnPayload(card: card)
            }
            // The attachment cannot be drawn (its pixels over the memory limit, say): iOS shows
            // the notification without it.
            var without = card
            without.drawnWithout = "drawn without its attachment, which cannot be drawn: \(error)"
            do {
                return try drawViews(
                    decoded, category: category, attachment: nil, bytes: nil, frame: nil, card: without,
                    inputs: inputs, file: payload.file, shaper: shaper)
            } catch {
                card.problem = "not drawn: \(error)"
                return DrawnPayload(card: card)
            }
        }
    }

    /// `start` with its pictures in every view of `category`.
    /// - Throws: the first view's failure to be drawn or encoded.
    private func drawViews(
        _ decoded: APNsPayload, category: NotificationCategory?, attachment shown: CardAttachment?, bytes: Data?,
        frame: MovieFrame?, card start: ReviewCard, inputs: ReviewInputs, file: String, shaper: TextShaper
    ) throws -> DrawnPayload {
        var card = start
        var banner: NotificationStackRenderer.StackedCard?
        let builder = NotificationCardBuilder(
            categories: inputs.categories, extensions: inputs.extensions, appName: appName ?? inputs.appName ?? "App")
        for view in Self.views(for: category) {
            var drawn = builder.card(
                for: decoded, state: view.state, context: view.context, attachment: shown, file: file)
            drawn.time = time
            if view == ReviewView.standard[0] {
                banner = NotificationStackRenderer.StackedCard(
                    drawn, attachmentImage: drawn.attachment?.isDrawableImage == true ? bytes : nil,
                    attachmentFrame: frame?.image)
            }
            if view == ReviewView.standard[1] {
                card.categoryRegistered = drawn.categoryRegistered
                card.extensionFile = drawn.extensionArea?.extensionFile
                card.actions = drawn.actions.map(\.title)
                card.texts = drawn.texts
            }
            var renderer = CardPictureRenderer(
                width: width, scale: scale, appearance: view.appearance, shaper: shaper)
            renderer.appIcon = inputs.appIcon
            renderer.actionImages = inputs.actionImages
            renderer.attachmentFrame = frame?.image
            renderer.style = style
            renderer.drawForReview()
            let image = try renderer.render(
                drawn, attachmentImage: drawn.attachment?.isDrawableImage == true ? bytes : nil)
            let showsPhoto = view.state == .expanded && (drawn.attachment?.isDrawableImage == true || frame != nil)
            card.pictures.append(try ReviewPicture(view: view, image: image, showsPhoto: showsPhoto))
        }
        return DrawnPayload(card: card, payload: decoded, banner: banner)
    }
}
