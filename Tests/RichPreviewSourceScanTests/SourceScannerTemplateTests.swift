import Foundation
import RichPreviewSourceScan
import Testing

/// Categories built through the app's own helpers: a function or method that takes the
/// identifier as a parameter is followed to each call, and a closure mapped over literal
/// identifiers gives one category each.
struct SourceScannerTemplateTests {
    static func identifiers(_ scan: SourceScan) -> [String] {
        scan.categories.map { $0.identifier.literal ?? "?" }
    }

    static func registered(_ scan: SourceScan) -> [String] {
        scan.categories.filter {
            if case .registered = $0.registration { return true }
            return false
        }.compactMap(\.identifier.literal)
    }

    @Test func aSwiftHelperIsFollowedToEachCallWithItsLabelOrPosition() {
        let scan = SourceScannerTests.swift(
            """
            func makeCategory(identifier: String, actions: [UNNotificationAction]) -> UNNotificationCategory {
                UNNotificationCategory(identifier: identifier, actions: actions, intentIdentifiers: [], options: [.customDismissAction])
            }
            enum Categories {
                static func named(_ name: String) -> UNNotificationCategory {
                    return UNNotificationCategory(identifier: name, actions: [], intentIdentifiers: [])
                }
            }
            func register() {
                let reply = UNNotificationAction(identifier: "reply", title: "Reply", options: [])
                let chat = makeCategory(identifier: "chat", actions: [reply])
                let news = Categories.named("news")
                UNUserNotificationCenter.current().setNotificationCategories([chat, news])
            }
            """)
        #expect(Self.identifiers(scan) == ["chat", "news"], "the helpers' own constructors are not categories")
        #expect(Self.registered(scan) == ["chat", "news"])
        let chat = scan.categories.first { $0.identifier.literal == "chat" }
        #expect(chat?.actions.map(\.identifier.literal) == ["reply"])
        #expect(chat?.options == ["customDismissAction"], "a call takes its helper's options")
        #expect(!scan.notes.contains { $0.message.contains("identifier") && $0.message.contains("not resolved") })
    }

    @Test func anObjectiveCMethodIsFollowedToEachMessage() {
        let scan = SourceScannerTests.objectiveC(
            """
            @implementation AppDelegate
            - (UNNotificationCategory *)categoryNamed:(NSString *)name {
                return [UNNotificationCategory categoryWithIdentifier:name actions:@[] intentIdentifiers:@[] options:0];
            }
            - (void)registerCategories {
                UNNotificationCategory *gamma = [self categoryNamed:@"gamma"];
                [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObjects:gamma, nil]];
            }
            @end
            """)
        #expect(Self.identifiers(scan) == ["gamma"])
        #expect(Self.registered(scan) == ["gamma"])
    }

    @Test func aClosureMappedOverLiteralsGivesOneCategoryEach() {
        let scan = SourceScannerTests.swift(
            """
            let mapped = ["news", "sport"].map { UNNotificationCategory(identifier: $0, actions: [], intentIdentifiers: []) }
            let named = ["a", "b"].map { id in UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: []) }
            UNUserNotificationCenter.current().setNotificationCategories(Set(mapped + named))
            """)
        #expect(Self.identifiers(scan) == ["news", "sport", "a", "b"])
    }

    @Test func whatACallPassesThatIsNotALiteralStaysUnresolved() {
        let scan = SourceScannerTests.swift(
            """
            func makeCategory(identifier: String) -> UNNotificationCategory {
                UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [])
            }
            func register(_ names: [String]) {
                let categories = names.map { makeCategory(identifier: $0) }
                UNUserNotificationCenter.current().setNotificationCategories(Set(categories))
            }
            """)
        #expect(scan.categories.count == 1 && scan.categories[0].identifier.literal == nil)
    }

    @Test func aHelperThatIsNeverCalledGivesNoCategory() {
        let scan = SourceScannerTests.swift(
            """
            func makeCategory(identifier: String) -> UNNotificationCategory {
                UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [])
            }
            """)
        #expect(scan.categories.isEmpty)
    }
}
