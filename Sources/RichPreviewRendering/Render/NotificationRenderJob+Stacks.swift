import Foundation
import RichPreview
import RichPreviewImaging

extension NotificationRenderJob {
    /// Several payloads grouped as iOS groups them (`NotificationGroup`: by thread, the rest by
    /// app; the last given is the newest), each group drawn as its stack. `state` banner draws the
    /// collapsed stacks, expanded the open lists; the cards are the banners the lists show. A
    /// picture has the stacks one below the other (`NotificationStackRenderer`); terminal text
    /// gives each group's cards one after another (collapsed: the top card and the summary line).
    func renderStacks(
        _ inputs: [Input], configurations: () -> RenderConfigurations?, report: (RenderEvent) -> Void
    ) -> Bool {
        var decoded: [StackedPayload] = []
        var valid = true
        for input in inputs {
            if let problem = Self.notRenderable(input.data) {
                report(.problem(.error, file: input.path, problem))
                valid = false
                continue
            }
            let (checked, shown) = PayloadDecoder(language: language).checkShown(input.data, file: input.path)
            report(.findings(checked.findings))
            if let payload = shown { decoded.append((input.path, checked, payload)) } else { valid = false }
        }
        guard valid else { return false }
        return drawStacks(decoded, configurations: configurations, report: report)
    }

    /// A payload of a stack: the file it is in, its check, and the payload as iOS shows it.
    typealias StackedPayload = (path: String, report: PayloadReport, payload: APNsPayload)

    /// The messages of the file `file` holding several (an Expo array, checked by
    /// `PayloadDecoder.checkShownEach`), each its own push, drawn as `renderStacks` draws several
    /// payloads; the file's findings reported once. False when a message iOS would not show is
    /// among them.
    func renderMessages(
        _ messages: [(report: PayloadReport, shown: APNsPayload?)], file: String,
        configurations: () -> RenderConfigurations?, report: (RenderEvent) -> Void
    ) -> Bool {
        report(.findings(messages.first?.report.findings ?? []))
        var decoded: [StackedPayload] = []
        for (index, message) in messages.enumerated() {
            guard let payload = message.shown else {
                report(
                    .problem(
                        .error, file: file,
                        "message \(index + 1) of \(messages.count) is not drawn: iOS would not show it (its errors are above)"
                    ))
                return false
            }
            decoded.append((file, message.report, payload))
        }
        report(
            .problem(
                .note, file: file,
                "the file holds \(messages.count) messages, each its own push: they are drawn as iOS groups them on one device"
            ))
        if let framesFolder {
            report(.problem(.warning, file: framesFolder, "no frames written: --frames draws one message, not several"))
        }
        return drawStacks(decoded, configurations: configurations, report: report)
    }

    /// The checked payloads `decoded`, grouped and drawn as `renderStacks` says.
    private func drawStacks(
        _ decoded: [StackedPayload], configurations: () -> RenderConfigurations?, report: (RenderEvent) -> Void
    ) -> Bool {
        guard let configs = configurations() else { return false }

        var findings = configs.findings
        var prepared: [(card: NotificationCard, poster: MovieFrame?)] = []
        var overLimit = false
        for item in decoded {
            guard
                let card = prepareCard(
                    item.payload, report: item.report, file: item.path, state: .banner, configs: configs,
                    events: report)
            else {
                overLimit = true
                continue
            }
            findings += item.report.findings + card.findings
            prepared.append((card.card, card.poster))
        }
        if overLimit { return false }
        let groups = NotificationGroup.groups(of: decoded.map(\.payload))
        let stacked = Set(groups.flatMap { $0.members.map(\.index) })
        for (index, item) in decoded.enumerated() where !stacked.contains(index) {
            report(
                .problem(
                    .note, file: item.path,
                    "iOS presents no notification for this push (\(prepared[index].card.title ?? "")), so it is in no stack; render it alone to see what it carries"
                ))
        }
        guard !groups.isEmpty else {
            report(.problem(.error, file: nil, "nothing to stack: iOS presents none of these pushes as a notification"))
            return false
        }
        let drawn = !findings.contains { $0.severity == .error }

        switch output {
        case .picture(let path):
            guard let icon = appIconBytes(report: report), let avatar = avatarBytes(report: report) else {
                return false
            }
            let stacks = groups.map { group in
                NotificationStackRenderer.Stack(
                    cards: group.members.map { member in
                        let (card, poster) = prepared[member.index]
                        return NotificationStackRenderer.StackedCard(
                            card, attachmentImage: Self.attachmentImage(of: card), attachmentFrame: poster?.image)
                    }, summary: group.summary)
            }
            let texts =
                prepared.flatMap { [$0.card.headerTitle, $0.card.time] + $0.card.texts }
                + groups.compactMap(\.summary) + ["Show Less"]
            let layout: NotificationStackRenderer.Layout = state == .banner ? .collapsed : .expanded
            let written = writePicture(path, texts: texts, report: report) { renderer throws(ImageDecodingError) in
                var renderer = renderer
                renderer.appIcon = icon
                renderer.avatar = avatar
                let picture = try NotificationStackRenderer(cardRenderer: renderer).picture(of: stacks, layout: layout)
                if picture.cardsLeftOut > 0 {
                    report(
                        .problem(
                            .warning, file: path,
                            "\(picture.cardsLeftOut) of \(prepared.count) cards are left out: a picture is at most \(Canvas.maxSide) pixels tall (draw fewer payloads, or --state banner)"
                        ))
                }
                return picture.image
            }
            return written && drawn
        case .terminal(let renderer):
            var text = ""
            for group in groups {
                if state == .banner, let summary = group.summary, let top = group.members.first {
                    text += terminalCard(
                        prepared[top.index].card, renderer: renderer, report: report,
                        stack: (summary, min(group.members.count - 1, CardGeometry.stackEdges)))
                    continue
                }
                let shown = state == .banner ? Array(group.members.prefix(1)) : group.members
                for member in shown {
                    text += terminalCard(prepared[member.index].card, renderer: renderer, report: report)
                }
            }
            report(.output(text))
            reportTextLayout(decoded[0].path, report: report)
            return drawn
        }
    }
}
