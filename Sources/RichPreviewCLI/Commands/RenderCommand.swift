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
            --attachments. A remote image (an https URL) is drawn only when a service extension
            downloads it, as on iOS: --project with one, or --assume-service-extension; it is drawn
            from the file of the URL's name under --attachments, else as a placeholder. A bare image
            file is drawn alone. --width is in columns for text and ANSI
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
            format, output, width, scale, device, listDevices, appearance, CommonOptions.style, wallpaper,
            reduceTransparency, state, context,
            extensions, categories, attachments, CommonOptions.assumeServiceExtension, strings, language, project,
            appName, appIcon, sender, avatar, time, thumbnailClip,
            thumbnailTime, thumbnailHidden,
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
    static let wallpaper = Option.value(
        "wallpaper", placeholder: "IMAGE",
        help: "For PNG: the picture's wallpaper (any image scale reads), scaled to cover it (default: the style's own)."
    )
    static let reduceTransparency = Option.flag(
        "reduce-transparency", help: "For PNG: solid platters, as iOS draws them with Reduce Transparency on.")
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
    static let strings = Option.value(
        "strings", placeholder: "PATH",
        help:
            "The app's strings that fill *-loc-key texts: an .lproj folder, a Localizable.strings, .stringsdict or .xcstrings file, or a project folder searched for them."
    )
    static let language = Option.value(
        "language", placeholder: "CODE",
        help:
            "The notification's language: --strings are read in it (default en; then its base language, Base, a catalog's source language), a provider message's texts taken in it, and Chinese, Japanese and Korean characters drawn in its forms (ja, ko, zh-Hans, zh-Hant; default Simplified Chinese)."
    )
    static let project = Option.value(
        "project", placeholder: "DIR",
        help:
            "The app's project folder: its name (Info.plist), its icon (asset catalog, for PNG) and its strings, unless --app-name, --app-icon or --strings give them."
    )
    static let appName = Option.value(
        "app-name", placeholder: "NAME", help: "The app's name in the header (default: --project's, else App).")
    static let appIcon = Option.value(
        "app-icon", placeholder: "IMAGE",
        help: "For PNG: the app's icon (any image scale reads), drawn rounded as iOS does (default: --project's).")
    static let sender = Option.value(
        "sender", placeholder: "NAME",
        help: "Draw a communication notification (iOS 15+) from this sender: the name is the title.")
    static let avatar = Option.value(
        "avatar", placeholder: "IMAGE",
        help: "For PNG with --sender: the sender's picture, drawn round where the app icon goes, the icon as a badge.")
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
        if arguments[Self.avatar] != nil, arguments[Self.sender] == nil {
            throw UsageError("--avatar is the picture of a communication notification's sender: give --sender NAME")
        }
        var identity: AppIdentity?
        if let folder = arguments[Self.project] {
            guard let read = projectIdentity(folder, console: console) else { return .failure }
            identity = read
        }
        var localized: LocalizedStrings?
        let language = arguments[Self.language] ?? "en"
        do {
            if let path = arguments[Self.strings] {
                localized = try LocalizedStringsReader.read(path: path, language: language)
            } else if let files = identity?.stringsFiles, !files.isEmpty {
                localized = try LocalizedStringsReader.table(of: files, language: language)
            }
        } catch {
            console.report(.error, file: error.file, error.reason)
            return .failure
        }
        let inputs: [NotificationRenderJob.Input]
        if arguments.positionals.count > 1 {
            guard let read = try readStacked(arguments.positionals, options: options, console: console) else {
                return .failure
            }
            inputs = read
        } else {
            do {
                let input = try InputFile.read(inputPath, limit: InputFile.mediaLimit, console: console)
                inputs = [NotificationRenderJob.Input(path: input.path, data: input.data)]
            } catch {
                console.report(.error, file: error.path, error.reason)
                return .failure
            }
        }
        var renderJob = job(arguments, options: options, identity: identity)
        renderJob.strings = localized
        let succeeded = renderJob.render(
            inputs, configurations: { configurations(arguments, console: console) },
            report: { event in
                switch event {
                case .findings(let findings): console.report(findings)
                case .problem(let severity, let file, let message): console.report(severity, file: file, message)
                case .note(let file, let message): console.note(file, message)
                case .output(let text): console.out(text)
                }
            })
        return succeeded ? .success : .failure
    }

    /// The payloads of `render PAYLOAD PAYLOAD...`, read; nil, the reasons reported, when one
    /// cannot be read.
    /// - Throws: `UsageError` for `--frames`, and for an image among them.
    static func readStacked(_ paths: [String], options: RenderOptions, console: Console) throws(UsageError)
        -> [NotificationRenderJob.Input]?
    {
        if options.framesFolder != nil { throw UsageError("--frames draws the frames of one payload, not several") }
        var inputs: [NotificationRenderJob.Input] = []
        var unreadable = false
        for path in paths {
            do {
                let input = try InputFile.read(path, limit: InputFile.mediaLimit, console: console)
                inputs.append(NotificationRenderJob.Input(path: input.path, data: input.data))
            } catch {
                console.report(.error, file: error.path, error.reason)
                unreadable = true
            }
        }
        if let image = inputs.first(where: {
            ImageFormats.detect($0.data.prefix(ImageFormats.signatureLength)) != nil
        }) {
            throw UsageError("'\(image.path)' is an image: render draws a bare image alone, not among payloads")
        }
        return unreadable ? nil : inputs
    }

    /// The render job the options describe, with what `identity` (`--project`) gives where they
    /// give nothing.
    static func job(_ arguments: ParsedArguments, options: RenderOptions, identity: AppIdentity? = nil)
        -> NotificationRenderJob
    {
        var job = NotificationRenderJob(
            output: options.output.map { .picture(path: $0) } ?? .terminal(options.terminalRenderer),
            width: options.pointWidth, scale: options.scale)
        job.appearance = options.appearance
        job.style = arguments[CommonOptions.style] ?? .default
        job.wallpaper = arguments[Self.wallpaper]
        job.reduceTransparency = arguments[Self.reduceTransparency]
        job.state = options.state
        job.context = options.context
        job.attachmentsFolder = arguments[Self.attachments].map { URL(fileURLWithPath: $0) }
        job.remoteImages = CommonOptions.remoteImages(arguments, project: identity?.remoteImages)
        job.attachmentOptions = options.attachmentOptions
        job.limits = options.limits
        job.appName = arguments[Self.appName] ?? identity?.name ?? "App"
        job.appIcon = arguments[Self.appIcon]
        job.projectIcon = identity?.icon
        job.imageSets = identity?.imageSets
        job.sender = arguments[Self.sender]
        job.avatar = arguments[Self.avatar]
        job.time = arguments[Self.time]
        job.framesFolder = options.framesFolder
        job.timings = options.timings
        job.language = arguments[Self.language]
        return job
    }

    /// The category manifests and extension plists of `--categories` and `--extensions`, with the
    /// plists' findings (already reported); nil, the errors reported, when they cannot be read.
    static func configurations(_ arguments: ParsedArguments, console: Console) -> RenderConfigurations? {
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
        return RenderConfigurations(categories: categories, extensions: extensions, findings: extensions.findings)
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
        if arguments[RenderCommand.wallpaper] != nil, format != .png {
            throw UsageError("--wallpaper is for --format png")
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
