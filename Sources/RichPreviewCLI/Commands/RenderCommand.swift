import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering

/// `richpreview render PAYLOAD|IMAGE` and `render PAYLOAD PAYLOAD...`: the notification as the user
/// will see it, or several grouped into stacks as iOS groups them, in the terminal or as a PNG
/// picture.
enum RenderCommand: Command {
    static let name = "render"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Draw a notification as the user will see it: in the terminal (text, ANSI) or as a PNG.",
        discussion: """
            The payload's category picks the buttons (--categories) and the content extension that
            draws the expanded view (--extensions): its size ratio, hidden default content and title.
            Without one the card shows iOS's default look: the attachment as a thumbnail in the banner,
            full width when expanded. The attachment is found as 'inspect --payload' finds it, under
            --attachments. A bare image file is drawn alone. --width is in columns for text and ANSI
            (default: the terminal's width, else 80) and in points for PNG (default 375; --device
            presets give real widths and scales). Several payloads are grouped as iOS groups them, by
            aps.thread-id and the rest by app, the last given being the newest (or, with
            relevance-score, the highest scored on top), and each group is drawn as iOS stacks it:
            --state banner draws the collapsed stacks (the top card, the edges of two more and
            "N more notifications"), expanded (the default) the open lists (Show Less, then every
            card); the cards are banners, as the lists show them. A PNG has the stacks one below the
            other; text and ANSI give each group's cards one after another (collapsed: the top card
            and its summary line). A bare image cannot be among them, nor --frames. Images and a
            movie's frame are decoded within --max-memory: a movie whose frame would need more is
            named with its frame size and nothing is drawn. Exit 1 when a payload is invalid (the file
            is named), an attachment is over the memory limit or the picture cannot be written.
            """,
        options: [
            format, output, width, scale, device, listDevices, appearance, state, context,
            extensions, categories, attachments, appName, appIcon, time, thumbnailClip, thumbnailTime, thumbnailHidden,
            frames,
            CommonOptions.maxMemory(
                "; for a movie attachment, its frame: the decoder's pictures and tables, and the copies drawn"),
            timings,
        ],
        positionals: [
            PositionalDeclaration(
                "INPUT",
                help:
                    "A payload (.json or .apns) or an image file; several payloads draw their stacks; '-' reads standard input.",
                repeated: true, optional: true)
        ]
    )

    static let format = Option.oneOf(
        "format", RenderOptions.Format.allCases.map(\.rawValue),
        help: "Output (default: ansi on a colour terminal, text otherwise; png needs -o).")
    static let output = Option.value(
        "output", short: "o", placeholder: "FILE", values: .nonEmptyText, help: "Write the PNG here.")
    static let width = Option.wholeNumber(
        "width", placeholder: "N", range: 1...Int.max, help: "Columns for text and ANSI; points for PNG.")
    static let scale = Option.oneOf(
        "scale", ["1", "2", "3"], help: "Pixels per point for PNG (default: 3 when wider than 375 points, else 2)."
    ).map { $0.flatMap { Int($0) } }
    static let device = Option.value(
        "device", placeholder: "NAME",
        help: "An iPhone whose width and scale to use, e.g. 'iPhone 15 Pro' (see --list-devices).")
    static let listDevices = Option.flag("list-devices", help: "Print the device presets and exit.")
    static let appearance = Option.oneOf(
        "appearance", Appearance.allCases.map(\.rawValue), help: "The system appearance (default light)."
    ).map { $0.flatMap(Appearance.init(rawValue:)) }
    static let state = Option.oneOf(
        "state", CardState.allCases.map(\.rawValue), help: "What is shown (default expanded)."
    ).map { $0.flatMap(CardState.init(rawValue:)) }
    static let context = Option.oneOf(
        "context", ActionContext.allCases.map(\.rawValue),
        help: "The action context: at most 2 buttons, or 4 (default).")
    static let extensions = Option.repeated(
        "extensions", placeholder: "PATH", help: "Extension Info.plists, or folders searched for them (repeatable).")
    static let categories = Option.repeated(
        "categories", placeholder: "FILE", help: "Category manifests the app registers (repeatable).")
    static let attachments = Option.value(
        "attachments", placeholder: "DIR",
        help: "The folder attachment paths resolve under (default: the payload's folder).")
    static let appName = Option.value(
        "app-name", placeholder: "NAME", help: "The app's name in the header (default App).")
    static let appIcon = Option.value(
        "app-icon", placeholder: "IMAGE",
        help: "For PNG: the app's icon (any image scale reads), drawn rounded as iOS does.")
    static let time = Option.value(
        "time", placeholder: "TEXT", help: "The time label, e.g. '9:41' or '2m ago' (default now).")
    static let thumbnailClip = Option.value(
        "thumbnail-clip", placeholder: "X,Y,W,H",
        help: "The part of the attachment the banner's thumbnail shows, in fractions of its width and height.")
    static let thumbnailTime = Option.value(
        "thumbnail-time", placeholder: "SECONDS",
        help: "The second of a movie its poster frame and thumbnail are taken at (default the first frame).")
    static let thumbnailHidden = Option.flag("thumbnail-hidden", help: "No thumbnail in the banner.")
    static let frames = Option.value(
        "frames", placeholder: "DIR",
        help:
            "For PNG and an animated GIF attachment: also write the expanded card once per frame, as iOS plays it, into DIR (frame-001.png…, with frames.txt giving each frame's seconds)."
    )
    static let timings = Option.flag(
        "timings", help: "For PNG: print the milliseconds spent loading fonts, drawing and encoding on standard error.")

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        if arguments[Self.listDevices] {
            for device in DevicePreset.all { console.record("\(device.name): \(device.width) pt, \(device.scale)x") }
            return .success
        }
        guard let inputPath = arguments.positionals.first else { throw UsageError("missing INPUT") }
        try arguments.checkStandardInputReadOnce(fileOptions: [Self.categories, Self.extensions])
        let options = try RenderOptions(arguments, console: console)
        if arguments.positionals.count > 1 {
            return try renderStacks(arguments.positionals, arguments: arguments, options: options, console: console)
        }
        let input: InputFile
        do {
            input = try InputFile.read(inputPath, limit: InputFile.mediaLimit, console: console)
        } catch {
            console.report(.error, file: error.path, error.reason)
            return .failure
        }
        if ImageFormats.detect(input.data.prefix(ImageFormats.signatureLength)) != nil {
            return renderImage(input, options: options, console: console)
        }
        if let problem = notRenderable(input.data) {
            console.report(.error, file: input.path, problem)
            return .failure
        }
        return renderPayload(input, arguments: arguments, options: options, console: console)
    }

    /// Why bytes that are not an image richpreview decodes are not a payload either, when that is plain from
    /// them: an empty file, or a recognised audio, movie or other image format.
    static func notRenderable(_ data: Data) -> String? {
        if data.isEmpty { return "empty file: neither a payload nor an image" }
        guard let format = MediaSniffer.detect(data.prefix(MediaSniffer.headerLength)) else { return nil }
        return
            "\(format.kind.rawValue) (\(format.rawValue)), not a payload: render draws payloads and images (an attachment goes in the payload)"
    }

    // MARK: A payload

    private static func renderPayload(
        _ input: InputFile, arguments: ParsedArguments, options: RenderOptions, console: Console
    ) -> ExitStatus {
        let report = PayloadDecoder().check(input.data, file: input.path)
        console.report(report.findings)
        guard let payload = report.payload else { return .failure }
        guard let configs = configurations(arguments, console: console) else { return .failure }
        // The card is drawn whatever is found; an error found on the way fails the run.
        guard
            let prepared = prepareCard(
                payload, report: report, file: input.path, state: options.state, configs: configs,
                arguments: arguments, options: options, console: console)
        else { return .failure }
        let card = prepared.card
        let findings = report.findings + configs.findings + prepared.findings
        let drawn: ExitStatus = findings.contains { $0.severity == .error } ? .failure : .success

        switch options.format {
        case .png:
            let data = attachmentImage(of: card)
            guard let icon = appIcon(arguments, console: console) else { return .failure }
            let shown = [card.headerTitle, card.time] + card.texts + card.actions.map(\.title)
            let framesFolder = options.framesFolder
            let written = writePicture(options: options, console: console, texts: shown) {
                renderer throws(ImageDecodingError) in
                var renderer = renderer
                renderer.appIcon = icon
                renderer.attachmentFrame = prepared.poster?.image
                return try renderer.render(card, attachmentImage: data)
            } afterwards: { renderer in
                guard let framesFolder else { return .success }
                var renderer = renderer
                renderer.appIcon = icon
                return writeFrames(of: card, data: data, into: framesFolder, renderer: renderer, console: console)
            }
            return written == .success ? drawn : written
        case .text, .ansi:
            console.out(
                terminalCard(card, renderer: options.terminalRenderer, limits: options.limits, console: console))
            reportTextLayout(input.path, console: console)
            return drawn
        }
    }

    /// The category manifests and extension plists of `--categories` and `--extensions`, with the
    /// plists' findings (already reported); nil, the errors reported, when they cannot be read.
    static func configurations(_ arguments: ParsedArguments, console: Console) -> (
        categories: CategoryManifest, extensions: ExtensionRegistry, findings: [Finding]
    )? {
        let categories: CategoryManifest
        let extensions: ExtensionRegistry
        do {
            categories = try ConfigInputs.manifest(arguments[Self.categories], console: console)
        } catch {
            console.report(error.findings)
            return nil
        }
        do {
            extensions = try ConfigInputs.extensions(arguments[Self.extensions], console: console)
        } catch {
            console.report(error.findings)
            return nil
        }
        console.report(extensions.findings)
        return (categories, extensions, extensions.findings)
    }

    /// The card of a checked payload in `state`, its attachment found and inspected (a movie's
    /// frame decoded for a picture), with the attachment's and the card's findings, reported; nil,
    /// the reason reported, when the movie's frame is over the memory limit.
    static func prepareCard(
        _ payload: APNsPayload, report: PayloadReport, file: String, state: CardState,
        configs: (categories: CategoryManifest, extensions: ExtensionRegistry, findings: [Finding]),
        arguments: ParsedArguments, options: RenderOptions, console: Console
    ) -> (card: NotificationCard, poster: MovieFrame?, findings: [Finding])? {
        var findings: [Finding] = []
        // The payload's first attachment is the one the card shows.
        let attachment = PayloadAttachments(
            folder: arguments[Self.attachments].map { URL(fileURLWithPath: $0) },
            inspector: AttachmentInspector(imageProbe: ImageValidator.attachmentProbe(limits: options.limits)),
            options: options.attachmentOptions
        ).check(report).first
        console.report(attachment?.findings ?? [])
        findings += attachment?.findings ?? []
        var shown = attachment.map(CardAttachment.init)
        var poster: MovieFrame?
        if options.format == .png, var movie = shown {
            do throws(MovieFrameError) {
                poster = try posterFrame(of: &movie, console: console, options: options)
            } catch {
                console.report(.error, file: movie.path, "\(error); --max-memory MIB raises the limit")
                return nil
            }
            shown = movie
        }
        let builder = NotificationCardBuilder(
            categories: configs.categories, extensions: configs.extensions,
            appName: arguments[Self.appName] ?? "App")
        var card = builder.card(
            for: payload, state: state, context: options.context, attachment: shown, file: file)
        if let time = arguments[Self.time] { card.time = time }
        let cardFindings = report.placed(card.findings)
        console.report(cardFindings)
        findings += cardFindings
        return (card, poster, findings)
    }

    /// The bytes of the card's attachment when it is an image the picture draws.
    static func attachmentImage(of card: NotificationCard) -> Data? {
        guard card.attachment?.isDrawableImage == true else { return nil }
        return card.attachment?.path.flatMap {
            try? FileContents.read(path: $0, limit: InputFile.mediaLimit, mapped: true)
        }
    }

    /// The bytes of `--app-icon` (`.some(nil)` without it); nil, the error reported, when it
    /// cannot be read or is not an image.
    static func appIcon(_ arguments: ParsedArguments, console: Console) -> Data?? {
        guard let path = arguments[Self.appIcon] else { return .some(nil) }
        let bytes: Data
        do {
            bytes = try FileContents.read(path: path, limit: InputFile.mediaLimit, mapped: true)
        } catch {
            console.report(.error, file: path, "the app icon cannot be read: \(error.reason)")
            return nil
        }
        do {
            _ = try ImageHeader.read(bytes)
        } catch {
            console.report(.error, file: path, "the app icon cannot be used: \(error)")
            return nil
        }
        return bytes
    }

    /// The card as terminal text, its image attachment read and fitted to its cells within
    /// `limits` (a warning, and no image, when it cannot be).
    static func terminalCard(
        _ card: NotificationCard, renderer: TerminalCardRenderer, limits: ImageLimits, console: Console
    ) -> String {
        var image: RGBAImage?
        if renderer.imageBox(for: card) != nil, let path = card.attachment?.path {
            do {
                let data = try FileContents.read(path: path, limit: InputFile.mediaLimit, mapped: true)
                image = try CardMedia.terminalImage(for: card, data: data, renderer: renderer, limits: limits)
            } catch {
                console.report(.warning, file: path, "the attachment's image is not drawn: \(error)")
            }
        }
        return renderer.render(card, image: image)
    }

    /// The frame of a movie attachment iOS would accept, at its thumbnail time, for the picture,
    /// decoded within `options.limits` and scaled down to the expanded card's media box
    /// (`CardPictureRenderer.movieFrameBox`); nil with `attachment.posterFrameProblem` saying why
    /// when it cannot be had.
    /// - Throws: `MovieFrameError.overMemoryBudget` when it would pass the memory limit.
    static func posterFrame(of attachment: inout CardAttachment, console: Console, options: RenderOptions)
        throws(MovieFrameError) -> MovieFrame?
    {
        guard attachment.kind == .movie, attachment.problem == nil, let path = attachment.path else { return nil }
        let clock = ContinuousClock()
        let started = clock.now
        let bytes: Data
        do {
            bytes = try FileContents.read(path: path, limit: InputFile.mediaLimit, mapped: true)
        } catch {
            attachment.posterFrameProblem = "the file cannot be read: \(error.reason)"
            return nil
        }
        let frame = try CardMedia.posterFrame(
            for: &attachment, data: bytes, limits: options.limits,
            box: CardPictureRenderer.movieFrameBox(width: options.pointWidth, scale: options.scale))
        if options.timings, let frame {
            let milliseconds = NumberText.format(((clock.now - started).milliseconds * 10).rounded() / 10)
            console.note(
                path,
                "movie \(frame.streamSize), frame at \(NumberText.format(frame.time ?? 0)) s, milliseconds: decode \(milliseconds)"
            )
        }
        return frame
    }

    // MARK: A bare image

    private static func renderImage(_ input: InputFile, options: RenderOptions, console: Console) -> ExitStatus {
        switch options.format {
        case .png:
            return writePicture(options: options, console: console) { renderer throws(ImageDecodingError) in
                try renderer.render(image: input.data)
            }
        case .text, .ansi:
            let renderer = options.terminalRenderer
            do {
                let size = try ImageHeader.read(input.data).shownSize
                let box = TerminalCardRenderer.imageBox(forImage: size, columns: renderer.columns)
                let image = try ImageScaler.scale(input.data, to: ScaleRequest(box: box, limits: options.limits)).image
                console.out(renderer.renderImage(image))
                return .success
            } catch {
                console.report(.error, file: input.path, error.description)
                return .failure
            }
        }
    }

    // MARK: Pictures

    /// What the text layout could not do as iOS does, once each: right-to-left text laid out left
    /// to right without FriBidi, and (for a picture) characters no installed font has, by script.
    static func reportTextLayout(_ file: String, fonts: FontSet? = nil, texts: [String] = [], console: Console) {
        if let unavailable = BidiLibrary.unavailable { console.report(.warning, file: file, unavailable.description) }
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
            console.report(.warning, file: file, message)
        }
    }

    /// The expanded card once per frame of its animated GIF attachment, as iOS plays it in the
    /// expanded view, into `folder` (created when missing): `frame-001.png`… and `frames.txt`, one
    /// line per frame with its file and seconds. Frames are decoded one at a time.
    private static func writeFrames(
        of card: NotificationCard, data: Data?, into folder: String, renderer: CardPictureRenderer, console: Console
    ) -> ExitStatus {
        guard card.state == .expanded, card.attachment?.format == .gif, let data else {
            console.report(
                .warning, file: folder, "no frames written: --frames draws an animated GIF attachment, expanded")
            return .success
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            console.report(.error, file: folder, "not a folder: --frames writes its pictures into a folder")
            return .failure
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            console.report(.error, file: folder, "cannot create the folder: \(error.localizedDescription)")
            return .failure
        }
        var lines: [String] = []
        var renderer = renderer
        do {
            let summary = try GIFAnimation.forEachFrame(of: data) { frame in
                renderer.attachmentFrame = frame.image
                let name = String(format: "frame-%03d.png", frame.index + 1)
                _ = try ImageEncoder.write(
                    try renderer.render(card, attachmentImage: nil),
                    to: (folder as NSString).appendingPathComponent(name))
                lines.append("\(name) \(NumberText.format(frame.delay))")
            }
            try AtomicFile.write(
                Data((lines.joined(separator: "\n") + "\n").utf8),
                to: (folder as NSString).appendingPathComponent("frames.txt"))
            let left = summary.framesLeftOut > 0 ? " (\(summary.framesLeftOut) more frames left out)" : ""
            console.note(folder, "\(lines.count) frames written\(left)")
            return .success
        } catch {
            console.report(.error, file: folder, "frames not written after \(lines.count): \(error)")
            return .failure
        }
    }

    static func writePicture(
        options: RenderOptions, console: Console, texts: [String] = [],
        draw: (CardPictureRenderer) throws(ImageDecodingError) -> RGBAImage,
        afterwards: (CardPictureRenderer) -> ExitStatus = { _ in .success }
    ) -> ExitStatus {
        guard let output = options.output else { return .failure }
        let clock = ContinuousClock()
        let started = clock.now
        let fonts: FontSet
        do {
            fonts = try FontSet.system()
            try fonts.preload()
        } catch {
            console.report(.error, file: nil, "no fonts to draw with: \(error)")
            return .failure
        }
        let loaded = clock.now
        var renderer = CardPictureRenderer(
            width: options.pointWidth, scale: options.scale, appearance: options.appearance,
            shaper: TextShaper(fonts: fonts))
        renderer.imageLimits = options.limits
        do {
            let picture = try draw(renderer)
            let drawn = clock.now
            reportTextLayout(output, fonts: fonts, texts: texts, console: console)
            _ = try ImageEncoder.write(picture, to: output)
            if options.timings {
                let times = [("fonts", loaded - started), ("draw", drawn - loaded), ("encode", clock.now - drawn)]
                console.note(
                    output,
                    "milliseconds: "
                        + times.map { "\($0.0) \(NumberText.format(($0.1.milliseconds * 10).rounded() / 10))" }
                        .joined(separator: ", "))
            }
            return afterwards(renderer)
        } catch let error as ImageDecodingError {
            console.report(.error, file: nil, "cannot draw the picture: \(error)")
            return .failure
        } catch {
            console.report(.error, file: output, "\(error)")
            return .failure
        }
    }
}

/// The render command's options, checked: the format, its width and scale, the appearance, state
/// and context.
struct RenderOptions {
    enum Format: String, CaseIterable {
        case text, ansi, png
    }

    var format: Format
    var output: String?
    var columns: Int
    var pointWidth: Int
    var scale: Int
    var appearance: Appearance
    var state: CardState
    var context: ActionContext
    var timings: Bool
    /// The attachment's options, as a service extension would pass them.
    var attachmentOptions: AttachmentOptions
    /// Where `--frames` writes an animated GIF's frames.
    var framesFolder: String?
    /// The image limits, with the memory limit of `--max-memory`.
    var limits: ImageLimits

    init(_ arguments: ParsedArguments, console: Console) throws(UsageError) {
        timings = arguments[RenderCommand.timings]
        limits = arguments.imageLimits()
        attachmentOptions = try arguments.attachmentOptions()
        framesFolder = arguments[RenderCommand.frames]
        if let format = arguments[RenderCommand.format].flatMap(Format.init(rawValue:)) {
            self.format = format
        } else {
            // Colour only when both streams are terminals, as for every command.
            format = console.useColor ? .ansi : .text
        }
        if format == .ansi && console.noColor { format = .text }
        output = arguments[RenderCommand.output]
        if format == .png {
            guard let output else { throw UsageError("--format png needs -o FILE") }
            guard OutputFormat(path: output) == .png else {
                throw UsageError("the PNG output's name must end in .png, not '\(output)'")
            }
            if arguments.positionals.contains(where: { AtomicFile.sameFile(output, $0) }) {
                throw UsageError("the output would overwrite the input")
            }
        } else if output != nil {
            throw UsageError("-o is for --format png; text and ANSI go to standard output")
        }
        if framesFolder != nil, format != .png {
            throw UsageError("--frames is for --format png")
        }
        appearance = arguments[RenderCommand.appearance] ?? .light
        state = arguments[RenderCommand.state] ?? .expanded
        context = arguments[RenderCommand.context].flatMap(ActionContext.init(rawValue:)) ?? .default
        let width = arguments[RenderCommand.width]
        var device: DevicePreset?
        if let name = arguments[RenderCommand.device] {
            guard let preset = DevicePreset.named(name) else {
                throw UsageError("unknown --device '\(name)' (see --list-devices)")
            }
            device = preset
        }
        columns = width ?? console.terminalColumns ?? 80
        guard format == .png || columns >= TerminalCardRenderer.minimumColumns else {
            throw UsageError("--width must be at least \(TerminalCardRenderer.minimumColumns) columns, not \(columns)")
        }
        guard format == .png || columns <= 1000 else {
            throw UsageError("--width must be at most 1000 columns, not \(columns)")
        }
        pointWidth = device?.width ?? width ?? 375
        guard format != .png || (200...1024).contains(pointWidth) else {
            throw UsageError("--width for PNG must be 200 to 1024 points, not \(pointWidth)")
        }
        if let value = arguments[RenderCommand.scale] {
            scale = value
        } else {
            scale = device?.scale ?? DevicePreset.scale(forWidth: pointWidth)
        }
    }

    var terminalRenderer: TerminalCardRenderer {
        TerminalCardRenderer(style: format == .ansi ? .ansi : .text, columns: columns, appearance: appearance)
    }
}
