import RichPreviewSourceScan
import Testing

/// `UNNotificationActionIcon` (iOS 15+): the icon an action is constructed with, in place, through
/// a name, in Objective-C, and what the scanner says when it cannot read one.
struct ActionIconScanTests {
    static func icons(swift text: String) -> [String: ScannedActionIcon?] {
        var icons: [String: ScannedActionIcon?] = [:]
        for action in SourceScannerTests.swift(text).categories.flatMap(\.actions) {
            icons[action.identifier.literal ?? "?"] = action.icon
        }
        return icons
    }

    @Test func swiftIconsWrittenInPlaceOrThroughANameAreRead() {
        let icons = Self.icons(
            swift: """
                enum Symbols { static let snooze = "clock" }
                func register(name: String) {
                    let doneIcon = UNNotificationActionIcon(systemImageName: "checkmark")
                    let replyIcon: UNNotificationActionIcon = .init(templateImageName: "ReplyGlyph")
                    let actions = [
                        UNNotificationAction(identifier: "done", title: "Done", options: [], icon: doneIcon),
                        UNNotificationAction(identifier: "snooze", title: "Later", options: [],
                                             icon: UNNotificationActionIcon(systemImageName: Symbols.snooze)),
                        UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive],
                                             icon: .init(systemImageName: "trash")),
                        UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [], icon: replyIcon,
                                                      textInputButtonTitle: "Send", textInputPlaceholder: ""),
                        UNNotificationAction(identifier: "open", title: "Open", options: [.foreground], icon: nil),
                        UNNotificationAction(identifier: "plain", title: "Plain", options: []),
                        UNNotificationAction(identifier: "init", title: "Init", options: [],
                                             icon: UNNotificationActionIcon.init(templateImageName: "Star")),
                    ]
                    let category = UNNotificationCategory(identifier: "c", actions: actions, intentIdentifiers: [])
                }
                """)
        #expect(icons["done"]??.icon == ActionIcon(kind: .systemImage, name: "checkmark"))
        #expect(icons["snooze"]??.icon == ActionIcon(kind: .systemImage, name: "clock"))
        #expect(icons["delete"]??.icon == ActionIcon(kind: .systemImage, name: "trash"))
        #expect(icons["reply"]??.icon == ActionIcon(kind: .templateImage, name: "ReplyGlyph"))
        #expect(icons["init"]??.icon == ActionIcon(kind: .templateImage, name: "Star"))
        #expect(icons["open"] == .some(nil))
        #expect(icons["plain"] == .some(nil))
    }

    @Test func objectiveCIconsAreRead() {
        let scan = SourceScannerTests.objectiveC(
            """
            UNNotificationActionIcon *later = [UNNotificationActionIcon iconWithSystemImageName:@"clock"];
            UNNotificationAction *snooze = [UNNotificationAction actionWithIdentifier:@"snooze" title:@"Later"
                options:UNNotificationActionOptionNone icon:later];
            UNNotificationAction *star = [UNNotificationAction actionWithIdentifier:@"star" title:@"Star"
                options:UNNotificationActionOptionNone icon:[UNNotificationActionIcon iconWithTemplateImageName:@"StarGlyph"]];
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:@"c" actions:@[snooze, star]
                intentIdentifiers:@[] options:UNNotificationCategoryOptionNone];
            """)
        let icons = Dictionary(
            uniqueKeysWithValues: scan.categories.flatMap(\.actions).map {
                ($0.identifier.literal ?? "?", $0.icon?.icon)
            })
        #expect(icons["snooze"] == ActionIcon(kind: .systemImage, name: "clock"))
        #expect(icons["star"] == ActionIcon(kind: .templateImage, name: "StarGlyph"))
    }

    /// An icon the scanner cannot read keeps the expression and the reason; the action itself is
    /// still read. It is not a scan note: most such icons come from a push's data or a switch over
    /// an enum's cases, known only at run time, and nothing lint checks depends on them.
    @Test func anIconTheScannerCannotReadSaysWhy() throws {
        let scan = SourceScannerTests.swift(
            """
            func register(symbol: String) {
                let a = UNNotificationAction(identifier: "a", title: "A", options: [], icon: makeIcon())
                let b = UNNotificationAction(identifier: "b", title: "B", options: [],
                                             icon: UNNotificationActionIcon(systemImageName: symbol))
                let c = UNNotificationAction(identifier: "c", title: "C", options: [], icon: missingIcon)
                let d = UNNotificationAction(identifier: "d", title: "D", options: [], icon: "trash")
                let category = UNNotificationCategory(identifier: "c", actions: [a, b, c, d], intentIdentifiers: [])
            }
            """)
        let icons = Dictionary(
            uniqueKeysWithValues: scan.categories.flatMap(\.actions).map { ($0.identifier.literal ?? "?", $0.icon) })
        let a = try #require(icons["a"] ?? nil)
        #expect(a.kind == nil && a.icon == nil)
        #expect(SourceScannerTests.reason(a.name)?.hasPrefix("function call") == true)
        let b = try #require(icons["b"] ?? nil)
        #expect(b.kind == .systemImage && b.icon == nil)
        #expect(SourceScannerTests.reason(b.name)?.contains("parameter of register") == true, "\(b)")
        let c = try #require(icons["c"] ?? nil)
        #expect(c.kind == nil)
        #expect(SourceScannerTests.reason(c.name)?.contains("no constant of that name") == true)
        let d = try #require(icons["d"] ?? nil)
        #expect(d.kind == nil && d.icon == nil)
        #expect(!scan.notes.contains { $0.message.contains("icon") }, "\(scan.notes.map(\.message))")
    }

    /// `.init(templateImageName:)` also builds a home-screen shortcut's icon: a name declared as one
    /// is not an action's icon.
    @Test func aShortcutIconIsNotAnActionIcon() throws {
        let scan = SourceScannerTests.swift(
            """
            let shortcut: UIApplicationShortcutIcon = .init(templateImageName: "Compose")
            let declared: UNNotificationActionIcon = .init(templateImageName: "Compose")
            let a = UNNotificationAction(identifier: "a", title: "A", options: [], icon: shortcut)
            let b = UNNotificationAction(identifier: "b", title: "B", options: [], icon: declared)
            let c = UNNotificationCategory(identifier: "c", actions: [a, b], intentIdentifiers: [])
            """)
        let actions = try #require(scan.categories.first?.actions)
        #expect(actions.first?.icon?.kind == nil)
        #expect(
            SourceScannerTests.reason(actions.first?.icon?.name)?.contains("not a UNNotificationActionIcon") == true)
        #expect(actions.last?.icon?.icon == ActionIcon(kind: .templateImage, name: "Compose"))
    }

    /// A name given two different icons in two places is not either of them.
    @Test func aNameBoundToTwoIconsIsNotResolved() throws {
        let scan = SourceScannerTests.swift(
            """
            enum Icons {
                static let main = UNNotificationActionIcon(systemImageName: "checkmark")
            }
            enum Other {
                static let main = UNNotificationActionIcon(systemImageName: "xmark")
            }
            let a = UNNotificationAction(identifier: "a", title: "A", options: [], icon: Icons.main)
            let c = UNNotificationCategory(identifier: "c", actions: [a], intentIdentifiers: [])
            """)
        #expect(scan.categories.first?.actions.first?.icon?.icon == ActionIcon(kind: .systemImage, name: "checkmark"))
    }
}

/// A Swift array literal of actions bound to a name is the name's collection (an earlier scanner
/// took its `[` for an Objective-C message and left the name undeclared, so the category had no
/// actions).
struct SwiftActionArrayTests {
    @Test func anArrayOfActionsBoundToANameIsItsActions() {
        for text in [
            """
            let list = [UNNotificationAction(identifier: "a", title: "A", options: [])]
            let category = UNNotificationCategory(identifier: "c", actions: list, intentIdentifiers: [])
            """,
            """
            func register() {
                let list = [
                    UNNotificationAction(identifier: "a", title: "A", options: []),
                    UNNotificationAction(identifier: "b", title: "B", options: []),
                ]
                let category = UNNotificationCategory(identifier: "c", actions: list, intentIdentifiers: [])
            }
            """,
        ] {
            let category = SourceScannerTests.swift(text).categories.first
            #expect(category?.actions.map(\.identifier.literal) == (text.contains("\"b\"") ? ["a", "b"] : ["a"]))
            #expect(category?.unresolvedActions == [])
        }
    }
}

/// An icon reached through names defined in several files stays bounded: every link has two
/// definitions, so a chain longer than the depth limit could branch 2^32 ways.
struct ActionIconChainTests {
    @Test func branchingIconChainsAcrossFilesStayBounded() {
        func file(_ name: String, parity: Int) -> SourceFile {
            var text = ""
            for index in stride(from: parity, through: 40, by: 2) {
                text +=
                    index == 0
                    ? "let i0 = UNNotificationActionIcon(systemImageName: \"clock\")\n"
                    : "let i\(index) = i\(index - 1)\n"
            }
            return SourceFile(path: name, text: text, language: .swift)
        }
        let use = SourceFile(
            path: "Use.swift",
            text: """
                let a = UNNotificationAction(identifier: "a", title: "A", options: [], icon: i40)
                let b = UNNotificationAction(identifier: "b", title: "B", options: [], icon: i10)
                let c = UNNotificationCategory(identifier: "c", actions: [a, b], intentIdentifiers: [])
                """, language: .swift)
        let scan = SourceScanner.scan([
            file("A.swift", parity: 0), file("B.swift", parity: 1), file("C.swift", parity: 0),
            file("D.swift", parity: 1), use,
        ])
        let actions = scan.categories.first?.actions ?? []
        let reason = SourceScannerTests.reason(actions.first?.icon?.name) ?? ""
        #expect(
            reason.contains("more than 10000 definitions to follow") || reason.contains("a chain of more than 32"),
            "\(actions.map(\.icon))")
        #expect(actions.last?.icon?.icon == .systemImage("clock"))
    }
}
