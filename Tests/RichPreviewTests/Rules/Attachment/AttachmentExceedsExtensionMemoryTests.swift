import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentExceedsExtensionMemory`: an image whose decode needs more than the service
/// extension has triggers it with the box that fits; one that fits, or no image facts, does not.
struct AttachmentExceedsExtensionMemoryTests {
    static func report(width: Int, height: Int, frames: Int = 1, format: MediaFormat = .jpeg) -> AttachmentReport {
        var report = AttachmentReport(name: "photos/IMG 1.jpg")
        report.kind = .image
        report.format = format
        report.image = ImageFacts(width: width, height: height, bitDepth: 8, frameCount: frames)
        report.extensionMemory = AttachmentLimits.defaultExtensionMemory
        report.decodedBytes = width * height * 4 * frames
        return report
    }

    static func findings(_ report: AttachmentReport) -> [Finding] {
        report.findings.filter { $0.rule == "attachment-exceeds-extension-memory" }
    }

    @Test func triggers() {
        // A 12 MP phone photo: 48 MB decoded.
        let findings = Self.findings(Self.report(width: 4032, height: 3024))
        #expect(findings.count == 1)
        let message = findings.first?.message ?? ""
        #expect(message.contains("4032×3024×4 = 46.5 MB, over the 24 MB"), "\(message)")
        #expect(message.hasSuffix("; fit it into 2896x2172 as JPEG"), "\(message)")
        #expect(!message.contains("richpreview"), "the library names no command: \(message)")
        #expect(findings.first?.severity == .warning)
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(Self.findings(Self.report(width: 2508, height: 2508)).isEmpty)
        var unknown = Self.report(width: 4032, height: 3024)
        unknown.decodedBytes = nil
        #expect(Self.findings(unknown).isEmpty)
        var roomy = Self.report(width: 4032, height: 3024)
        roomy.extensionMemory = 64 << 20
        #expect(Self.findings(roomy).isEmpty)
    }

    @Test func everyFrameOfAnAnimationCounts() {
        let findings = Self.findings(Self.report(width: 400, height: 400, frames: 40, format: .gif))
        #expect(findings.first?.message.contains("× 40 frames") == true)
        #expect(findings.first?.message.hasSuffix(" as PNG, keeping the first frame") == true, "\(findings)")
    }

    @Test func theBoxIsTheLargestThatFits() {
        var random = SplitMix64(seed: 7)
        let budget = AttachmentLimits.defaultExtensionMemory
        for _ in 0..<2000 {
            let width = Int(random.next() % 20_000) + 1
            let height = Int(random.next() % 20_000) + 1
            let frames = Int(random.next() % 3) + 1
            guard width * height * 4 * frames > budget else { continue }
            guard
                let box = Rules.AttachmentExceedsExtensionMemory.box(
                    width: width, height: height, frames: frames, budget: budget)
            else {
                Issue.record("no box for \(width)x\(height)")
                continue
            }
            #expect(box.width * box.height * 4 * frames <= budget, "\(width)x\(height): \(box)")
            #expect(box.width <= width && box.height <= height)
            // Both sides are one scale of the image's, rounded down (the shape kept), and one pixel
            // more on both would not fit.
            let (w, h, bw, bh) = (Double(width), Double(height), Double(box.width), Double(box.height))
            #expect(max(bw / w, bh / h) < min((bw + 1) / w, (bh + 1) / h), "\(width)x\(height): \(box)")
            #expect((box.width + 1) * (box.height + 1) * 4 * frames > budget, "\(width)x\(height): \(box)")
        }
    }
}
