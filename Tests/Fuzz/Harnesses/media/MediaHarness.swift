import Foundation
import RichPreview

/// libFuzzer's entry point: a selector byte, then an audio or movie file.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    MediaHarness.run(&input)
    return 0
}

/// The container parsers: `MediaProbe.probe` for the format the selector names (every
/// `MediaFormat`), or sniffed; `MediaSniffer`; and `AttachmentInspector.inspect(bytes:)` under a
/// file name of each kind.
enum MediaHarness {
    static let names = [
        "a.wav", "a.aiff", "a.mp3", "a.m4a", "a.mp4", "a.mpg", "a.avi", "a.caf", "a.aac", "a.mov", "a.m2v", "a.png",
        "a.jpg", "a.gif", "a.bin", "a",
    ]

    static func run(_ input: inout FuzzInput) {
        let selector = Int(input.byte())
        let data = input.rest()
        let formats = MediaFormat.allCases
        do {
            if selector < formats.count * 4 {
                let facts = try MediaProbe.probe(DataByteSource(data), format: formats[selector % formats.count])
                _ = String(describing: facts)
            } else if selector < 128 {
                let facts = try MediaProbe.probe(DataByteSource(data))
                Invariant.check(
                    MediaSniffer.detect(data) != nil, "probe read a file whose format the sniffer does not know")
                _ = String(describing: facts)
            } else if selector < 160 {
                _ = MediaSniffer.detect(data)
                _ = MediaSniffer.damagedSignature(data)
            } else {
                let report = AttachmentInspector().inspect(bytes: data, name: names[selector % names.count])
                _ = report.findings.map(\.description)
            }
        } catch {
            _ = String(describing: error)
        }
    }
}
