import Foundation
import RichPreview

/// libFuzzer's entry point: one selector byte, then an APNs payload.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    PayloadHarness.run(&input)
    return 0
}

/// Payload JSON and `.apns` files through `PayloadDecoder.check`, with the push type and nested
/// payload key picked by the first byte; a payload that passes is then drawn as a terminal card,
/// whose lines must all be exactly as wide as the card and free of control characters.
enum PayloadHarness {
    static func run(_ input: inout FuzzInput) {
        let pushType: PushType? = input.pick([nil] + PushType.allCases.map { $0 })
        let nestedKey: String? = input.pick(["payload", nil, "aps"])
        let state = input.pick(CardState.allCases)
        let columns = input.number(in: 0...100)
        let data = input.rest()
        let report = PayloadDecoder(pushType: pushType, nestedPayloadKey: nestedKey).check(data, file: "payload.apns")
        _ = report.findings.map(\.description)
        guard let payload = report.payload else { return }
        let builder = NotificationCardBuilder(categories: CategoryManifest(), extensions: ExtensionRegistry([]))
        let card = builder.card(for: payload, state: state)
        let renderer = TerminalCardRenderer(style: .text, columns: columns)
        let text = renderer.render(card, image: nil)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            Invariant.check(
                TerminalWidth.of(line) == renderer.columns,
                "card line is \(TerminalWidth.of(line)) columns, not \(renderer.columns): \(line.debugDescription)")
            Invariant.check(
                !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "control character in a card line: \(line.debugDescription)")
        }
    }
}
