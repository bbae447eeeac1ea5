import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering

extension RenderCommand {
    /// `render PAYLOAD PAYLOAD...`: the payloads grouped as iOS groups them (`NotificationGroup`:
    /// by thread, the rest by app; the last given is the newest), each group drawn as its stack.
    /// `--state banner` draws the collapsed stacks, `expanded` the open lists; the cards are the
    /// banners the lists show. A picture has the stacks one below the other
    /// (`NotificationStackRenderer`); text and ANSI give each group's cards one after another
    /// (collapsed: the top card and the summary line).
    static func renderStacks(
        _ paths: [String], arguments: ParsedArguments, options: RenderOptions, console: Console
    ) throws(UsageError) -> ExitStatus {
        if options.framesFolder != nil { throw UsageError("--frames draws the frames of one payload, not several") }
        var inputs: [InputFile] = []
        var unreadable = false
        for path in paths {
            do {
                inputs.append(try InputFile.read(path, limit: InputFile.mediaLimit, console: console))
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
        if unreadable { return .failure }

        var decoded: [(input: InputFile, report: PayloadReport, payload: APNsPayload)] = []
        var valid = true
        for input in inputs {
            if let problem = notRenderable(input.data) {
                console.report(.error, file: input.path, problem)
                valid = false
                continue
            }
            let report = PayloadDecoder().check(input.data, file: input.path)
            console.report(report.findings)
            if let payload = report.payload { decoded.append((input, report, payload)) } else { valid = false }
        }
        guard valid, let configs = configurations(arguments, console: console) else { return .failure }

        var findings = configs.findings
        var prepared: [(card: NotificationCard, poster: MovieFrame?)] = []
        var overLimit = false
        for item in decoded {
            guard
                let card = prepareCard(
                    item.payload, report: item.report, file: item.input.path, state: .banner, configs: configs,
                    arguments: arguments, options: options, console: console)
            else {
                overLimit = true
                continue
            }
            findings += item.report.findings + card.findings
            prepared.append((card.card, card.poster))
        }
        if overLimit { return .failure }
        let groups = NotificationGroup.groups(of: decoded.map(\.payload))
        let drawn: ExitStatus = findings.contains { $0.severity == .error } ? .failure : .success

        switch options.format {
        case .png:
            guard let icon = appIcon(arguments, console: console) else { return .failure }
            let stacks = groups.map { group in
                NotificationStackRenderer.Stack(
                    cards: group.members.map { member in
                        let (card, poster) = prepared[member.index]
                        return NotificationStackRenderer.StackedCard(
                            card, attachmentImage: attachmentImage(of: card), attachmentFrame: poster?.image)
                    }, summary: group.summary)
            }
            let texts =
                prepared.flatMap { [$0.card.headerTitle, $0.card.time] + $0.card.texts }
                + groups.compactMap(\.summary) + ["Show Less"]
            let layout: NotificationStackRenderer.Layout = options.state == .banner ? .collapsed : .expanded
            let written = writePicture(options: options, console: console, texts: texts) {
                renderer throws(ImageDecodingError) in
                var renderer = renderer
                renderer.appIcon = icon
                let picture = try NotificationStackRenderer(cardRenderer: renderer).picture(of: stacks, layout: layout)
                if picture.cardsLeftOut > 0 {
                    console.report(
                        .warning, file: options.output,
                        "\(picture.cardsLeftOut) of \(prepared.count) cards are left out: a picture is at most \(Canvas.maxSide) pixels tall (draw fewer payloads, or --state banner)"
                    )
                }
                return picture.image
            }
            return written == .success ? drawn : written
        case .text, .ansi:
            let renderer = options.terminalRenderer
            var output = ""
            for group in groups {
                let shown = options.state == .banner ? Array(group.members.prefix(1)) : group.members
                for member in shown {
                    output += terminalCard(
                        prepared[member.index].card, renderer: renderer, limits: options.limits, console: console)
                }
                if options.state == .banner, let summary = group.summary {
                    output += summaryLine(summary, columns: renderer.columns) + "\n"
                }
            }
            console.out(output)
            reportTextLayout(paths[0], console: console)
            return drawn
        }
    }

    /// A stack's summary line for the terminal: escaped, cut to `columns` with "…", centred under
    /// a card `columns` wide (no spaces after it).
    static func summaryLine(_ summary: String, columns: Int) -> String {
        let text = LineWrapper.truncated(TerminalText.escaped(summary), columns: columns)
        return String(repeating: " ", count: max(0, columns - TerminalWidth.of(text)) / 2) + text
    }
}
