import RichPreview
import Testing

/// `DeploymentTargetTooLow`: the fixture project where it fires, and the one where it must stay silent.
struct DeploymentTargetTooLowTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("deployment-target-too-low", in: "xcode-problems")
        #expect(found.map(\.file) == ["Legacy/Info.plist"] && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("deploys to iOS 9.3") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("deployment-target-too-low", in: "xcode-two-apps").isEmpty)
    }
}
