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

    /// A helper its own file never calls may be called from another: its category is
    /// unresolved, named as its parameter, so what it registers counts as unknown.
    @Test func aHelperItsFileNeverCallsIsAnUnresolvedCategory() {
        let scan = SourceScannerTests.swift(
            """
            func makeCategory(identifier: String) -> UNNotificationCategory {
                UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [])
            }
            """)
        #expect(scan.categories.count == 1 && scan.categories.first?.identifier.literal == nil)
        #expect(
            scan.categories.first?.identifier.description.contains("a parameter of makeCategory(identifier:…)") == true)
    }

    /// A helper passing its parameter to another helper, and a String enum passed for its raw
    /// value, are followed to the literals of the outer calls.
    @Test func helpersCallingHelpersAreFollowed() {
        let scan = SourceScannerTests.swift(
            """
            enum Kind: String { case invite, reminder }
            func inner(_ id: String) -> UNNotificationCategory {
                UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [])
            }
            func outer(named name: String) -> UNNotificationCategory { inner(name) }
            func byKind(_ kind: Kind) -> UNNotificationCategory {
                UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [])
            }
            func register() {
                UNUserNotificationCenter.current().setNotificationCategories([outer(named: "chat"), byKind(.invite), byKind(Kind.reminder)])
            }
            """)
        #expect(
            scan.categories.map(\.identifier.literal).sorted { ($0 ?? "") < ($1 ?? "") } == [
                "chat", "invite", "reminder",
            ])
    }
}

/// Availability checks: the blocks that run only below an iOS version.
struct SourceScannerAvailabilityTests {
    @Test(
        arguments: [
            ("if #available(iOS 10.0, *) {\n a()\n} else {\n b()\n}", [3...5]),
            ("guard #available(iOS 13, *) else {\n return\n}", [1...3]),
            ("if #unavailable(iOS 15) {\n b()\n}", [1...3]),
            ("if #available(iOS 10.0, macOS 10.14, *) { a() } else { b() }", [1...1]),
            // Combined with another condition, the else runs on new systems too; no else, nothing.
            ("if #available(iOS 10.0, *), ready { a() } else { b() }", []),
            ("if #available(iOS 10.0, *) { a() }", []),
            ("if #available(macOS 11, *) { a() } else { b() }", []),
        ] as [(String, [ClosedRange<Int>])])
    func swiftBlocksBelowAVersion(body: String, lines: [ClosedRange<Int>]) {
        let scan = SourceScannerTests.swift("func f() {\n" + body + "\n}")
        #expect(
            scan.availabilityRegions.map { ($0.lines.lowerBound - 1)...($0.lines.upperBound - 1) } == lines, "\(body)")
    }

    @Test func objectiveCElseOfAvailable() {
        let scan = SourceScanner.scan([
            SourceFile(
                path: "A.m", text: "- (void)f {\n if (@available(iOS 10.0, *)) {\n a();\n } else {\n b();\n }\n}",
                language: .objectiveC)
        ])
        #expect(scan.availabilityRegions.map(\.lines) == [4...6] && scan.availabilityRegions.first?.onlyBelow == "10.0")
    }
}

/// A parameter is the callers' value: never a constant or property of the same name elsewhere.
struct SourceScannerParameterTests {
    @Test func aParameterShadowsAConstantOfItsName() {
        let scan = SourceScanner.scan([
            SourceFile(path: "Other.swift", text: #"let identifier = "wrong""#, language: .swift),
            SourceFile(
                path: "Register.swift",
                text: """
                    func register(identifier: String, center: UNUserNotificationCenter) -> UNNotificationCategory {
                        let category = UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [])
                        content.categoryIdentifier = identifier
                        return category
                    }
                    """, language: .swift),
        ])
        #expect(scan.assignments.map(\.value.literal) == [nil], "\(scan.assignments)")
        #expect(scan.assignments.first?.value.description.contains("a parameter of register(…)") == true)
    }

    @Test func anObjectiveCParameterShadowsAPropertyOfItsName() {
        let scan = SourceScanner.scan([
            SourceFile(path: "Other.h", text: "@property (nonatomic) NSArray *actions;", language: .objectiveC),
            SourceFile(
                path: "Manager.m",
                text: """
                    - (UNNotificationCategory *)categoryWithActions:(NSArray<UNNotificationAction *> *)actions {
                        return [UNNotificationCategory categoryWithIdentifier:@"chat" actions:actions intentIdentifiers:@[] options:0];
                    }
                    """, language: .objectiveC),
        ])
        #expect(
            scan.notes.contains {
                $0.message.contains("a parameter of the method taking it as 'categoryWithActions:'")
            }, "\(scan.notes)")
    }
}
