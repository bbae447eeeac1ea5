import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ForegroundAuthIgnored`: a case that triggers the rule and a near miss that must not.
struct ForegroundAuthIgnoredTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "AppDelegate.m":
                #"UIMutableUserNotificationAction *accept = [[UIMutableUserNotificationAction alloc] init];\#naccept.identifier = @"accept";\#naccept.title = @"Accept";\#naccept.activationMode = UIUserNotificationActivationModeForeground;\#naccept.authenticationRequired = NO;\#nUIMutableUserNotificationCategory *category = [[UIMutableUserNotificationCategory alloc] init];\#ncategory.identifier = @"alert";\#n[category setActions:@[accept] forContext:UIUserNotificationActionContextDefault];"#
        ])
        let findings = fixture.findings("foreground-auth-ignored")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .note)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "AppDelegate.m":
                #"UIMutableUserNotificationAction *accept = [[UIMutableUserNotificationAction alloc] init];\#naccept.identifier = @"accept";\#naccept.title = @"Accept";\#naccept.activationMode = UIUserNotificationActivationModeBackground;\#naccept.authenticationRequired = NO;\#nUIMutableUserNotificationCategory *category = [[UIMutableUserNotificationCategory alloc] init];\#ncategory.identifier = @"alert";\#n[category setActions:@[accept] forContext:UIUserNotificationActionContextDefault];"#
        ])
        #expect(fixture.findings("foreground-auth-ignored").isEmpty, "\(fixture.findings("foreground-auth-ignored"))")
    }
}
