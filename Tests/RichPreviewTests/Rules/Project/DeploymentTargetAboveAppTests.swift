import RichPreview
import Testing

/// `DeploymentTargetAboveApp`: the fixture project where it fires, and the one where it must stay silent.
struct DeploymentTargetAboveAppTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("deployment-target-above-app", in: "xcode-problems")
        #expect(
            found.map(\.file) == ["ServiceTwo/Info.plist"] && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("deploys to iOS 17.0, above target 'Main'") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("deployment-target-above-app", in: "xcode-two-apps").isEmpty)
    }
}
