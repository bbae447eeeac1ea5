import Foundation
import RichPreview
import Testing

/// `RuleID`: a typed constant for every rule, written with the registry, equal to the id printed.
struct RuleIDTests {
    @Test func theConstantsAreTheIdsTheCommandsPrint() throws {
        #expect(RuleID.mutableContentMissing.rawValue == "mutable-content-missing")
        #expect(RuleID.attachmentExceedsExtensionMemory.rawValue == "attachment-exceeds-extension-memory")
        #expect(RuleID.apsType == Rules.ApsType.descriptor.ruleID)
        #expect(Rules.all.allSatisfy { Rules.descriptor(id: $0.ruleID.rawValue) == $0 })
        #expect(String(decoding: try JSONEncoder().encode(RuleID.apsType), as: UTF8.self) == #""aps-type""#)
    }

    @Test func aFindingIsComparedWithAConstant() {
        let typo = Data(
            #"{"aps": {"alert": {"title": "Hi", "body": "b"}, "mutable-content": "1"}, "image": "https://x.example/a.jpg"}"#
                .utf8)
        let findings = PayloadDecoder().check(typo).findings
        let missing = findings.first { $0.ruleID == .mutableContentMissing }
        #expect(findings.contains { $0.ruleID == .apsType })
        // The cause (the string where APNs wants the number) comes before what it leads to.
        #expect(
            missing?.message
                == #"mutable-content is string "1", not the number 1, so the service extension never runs and the attachment under 'image' never appears"#,
            "\(findings)")
        #expect(missing?.keyPath == "aps.mutable-content" && missing?.suggestion == nil)
    }
}
