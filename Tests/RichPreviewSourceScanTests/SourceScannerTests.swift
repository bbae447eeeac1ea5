import Foundation
import RichPreviewSourceScan
import RichPreviewTestSupport
import Testing

/// Resolution rules, honesty about what is not resolved, registration, limits and file handling.
struct SourceScannerTests {
    static func swift(_ text: String, path: String = "Test.swift") -> SourceScan {
        SourceScanner.scan([SourceFile(path: path, text: text, language: .swift)])
    }

    static func objectiveC(_ text: String, path: String = "Test.m") -> SourceScan {
        SourceScanner.scan([SourceFile(path: path, text: text, language: .objectiveC)])
    }

    static func category(_ identifier: String) -> String {
        "let c = UNNotificationCategory(identifier: \(identifier), actions: [], intentIdentifiers: [])\n"
            + "UNUserNotificationCenter.current().setNotificationCategories([c])\n"
    }

    static func reason(_ string: ScannedString?) -> String? {
        if case .unresolved(_, let reason)? = string { return reason }
        return nil
    }

    // MARK: - Resolution

    /// Names are numbered once for the symbol table: names that share a prefix, differ in case or
    /// only past their eighth byte, and members of types named like other names, stay apart.
    /// `.critical` is a critical alert only as the interruption level it is assigned or named as;
    /// a logger's `.critical` is not.
    @Test func theCriticalInterruptionLevelIsAUseOfCriticalAlerts() {
        let uses = Self.swift(
            """
            content.interruptionLevel = .critical
            let other = UNMutableNotificationContent(); other.interruptionLevel = UNNotificationInterruptionLevel.critical
            configure(interruptionLevel: .critical)
            logger.log(level: .critical, "disk full")
            let level: Logger.Level = .critical
            """
        ).capabilityUses
        #expect(uses.map(\.kind) == [.criticalAlert, .criticalAlert, .criticalAlert], "\(uses)")
        #expect(uses.map(\.location.line) == [1, 2, 3])
    }

    @Test func similarNamesResolveToTheirOwnValues() {
        let files = [
            SourceFile(
                path: "A.swift",
                text: """
                    enum Keys {
                        static let id = "keys.id"
                        static let id2 = "keys.id2"
                        static let ID = "keys.ID"
                    }
                    enum Other {
                        static let id = "other.id"
                        static let Keys = "other.Keys"
                    }
                    let categoryIdentifierOne = "one"
                    let categoryIdentifierTwo = "two"
                    """, language: .swift),
            SourceFile(
                path: "B.swift",
                text: """
                    func register() {
                        let a = UNNotificationCategory(identifier: Keys.id, actions: [], intentIdentifiers: [])
                        let b = UNNotificationCategory(identifier: Keys.id2, actions: [], intentIdentifiers: [])
                        let c = UNNotificationCategory(identifier: Keys.ID, actions: [], intentIdentifiers: [])
                        let d = UNNotificationCategory(identifier: Other.id, actions: [], intentIdentifiers: [])
                        let e = UNNotificationCategory(identifier: Other.Keys, actions: [], intentIdentifiers: [])
                        let f = UNNotificationCategory(identifier: categoryIdentifierOne, actions: [], intentIdentifiers: [])
                        let g = UNNotificationCategory(identifier: categoryIdentifierTwo, actions: [], intentIdentifiers: [])
                        let h = UNNotificationCategory(identifier: Keys.missing, actions: [], intentIdentifiers: [])
                        UNUserNotificationCenter.current().setNotificationCategories([a, b, c, d, e, f, g, h])
                    }
                    """, language: .swift),
        ]
        let scan = SourceScanner.scan(files)
        #expect(
            scan.categories.map(\.identifier.literal) == [
                "keys.id", "keys.id2", "keys.ID", "other.id", "other.Keys", "one", "two", nil,
            ])
        #expect(
            Self.reason(scan.categories.last?.identifier)
                == "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
        )
    }

    @Test func cyclesAndSelfReferencesAreUnresolvedNotHangs() {
        let swift = Self.swift(
            "enum A { static let x = B.y }\nenum B { static let y = A.x }\n" + Self.category("A.x"))
        #expect(Self.reason(swift.categories.first?.identifier)?.contains("refers to itself") == true)
        let objectiveC = Self.objectiveC(
            """
            #define SELF SELF
            #define PING PONG
            #define PONG PING
            UNNotificationCategory *a = [UNNotificationCategory categoryWithIdentifier:SELF actions:@[] intentIdentifiers:@[] options:0];
            UNNotificationCategory *b = [UNNotificationCategory categoryWithIdentifier:PING actions:@[] intentIdentifiers:@[] options:0];
            """)
        #expect(objectiveC.categories.count == 2)
        for category in objectiveC.categories {
            #expect(Self.reason(category.identifier)?.contains("refers to itself") == true)
        }
    }

    @Test func longChainsStopAtTheLimit() {
        var text = "#define C0 @\"end\"\n"
        for index in 1...40 { text += "#define C\(index) C\(index - 1)\n" }
        text += "[UNNotificationCategory categoryWithIdentifier:C40 actions:@[] intentIdentifiers:@[] options:0];\n"
        text += "[UNNotificationCategory categoryWithIdentifier:C10 actions:@[] intentIdentifiers:@[] options:0];\n"
        let scan = Self.objectiveC(text)
        #expect(Self.reason(scan.categories.first?.identifier)?.contains("a chain of more than 32 constants") == true)
        #expect(scan.categories.last?.identifier == .literal("end"))
    }

    @Test func branchingChainsAcrossFilesStayBounded() {
        // Even links live in two files and odd links in two others, so every step has two
        // definitions and the chain (longer than the limit) could branch 2^32 ways.
        func file(_ name: String, parity: Int) -> SourceFile {
            var text = ""
            for index in stride(from: parity, through: 40, by: 2) {
                text += index == 0 ? "#define C0 @\"end\"\n" : "#define C\(index) C\(index - 1)\n"
            }
            return SourceFile(path: name, text: text, language: .objectiveC)
        }
        let use = SourceFile(
            path: "Use.m",
            text: "[UNNotificationCategory categoryWithIdentifier:C40 actions:@[] intentIdentifiers:@[] options:0];",
            language: .objectiveC)
        let scan = SourceScanner.scan([
            file("A.h", parity: 0), file("B.h", parity: 1), file("C.h", parity: 0), file("D.h", parity: 1), use,
        ])
        let reason = Self.reason(scan.categories.first?.identifier) ?? ""
        #expect(reason.contains("more than 10000 definitions to follow") || reason.contains("a chain of more than 32"))
        #expect(scan.constants["C10"] == .literal("end"))
    }

    @Test(arguments: [
        ("makeID()", "function call makeID(…)"),
        ("prefix + \".x\"", "concatenation"),
        ("flag ? \"a\" : \"b\"", "conditional expression"),
        (
            "undefinedName",
            "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
        ),
        ("\"a\\(b)\"", "string interpolation"),
        ("42", "a number, not a string"),
    ])
    func expressionsThatAreNotConstantsSayWhy(expression: String, reason: String) {
        let scan = Self.swift(Self.category(expression))
        #expect(scan.categories.first?.identifier == .unresolved(expression: expression, reason: reason))
        #expect(scan.notes.contains { $0.kind == .unresolved && $0.message.contains(reason) })
    }

    @Test func variablesAndWrongKindsAreNotConstants() {
        let scan = Self.swift(
            """
            var mutable = "m"
            enum Numbers: Int { case one = 1 }
            enum Plain { case bare }
            struct S {
                func f() {
                    \(Self.category("mutable"))
                    \(Self.category("Numbers.one.rawValue"))
                    \(Self.category("Plain.bare"))
                    \(Self.category(".missing.rawValue"))
                }
            }
            """)
        let reasons = scan.categories.map { Self.reason($0.identifier) ?? "resolved" }
        #expect(reasons.count == 4)
        #expect(reasons[0].hasPrefix("a variable, not a constant"))
        #expect(
            reasons[1]
                == "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
        )
        #expect(
            reasons[2]
                == "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
        )
        #expect(reasons[3] == "no String enum in the files given has a case 'missing'")
    }

    @Test func localsShadowMembersAndConstantsMayComeAfterTheirUse() {
        let scan = Self.swift(
            """
            struct Registry {
                func register() {
                    let id = "local"
                    let a = UNNotificationCategory(identifier: id, actions: [], intentIdentifiers: [])
                    let b = UNNotificationCategory(identifier: Registry.id, actions: [], intentIdentifiers: [])
                    let c = UNNotificationCategory(identifier: Self.later, actions: [], intentIdentifiers: [])
                    UNUserNotificationCenter.current().setNotificationCategories([a, b, c])
                }
                static let id = "member"
                static let later = Nested.value
                enum Nested { static let value = "nested" }
            }
            """)
        #expect(scan.categories.map(\.identifier) == [.literal("local"), .literal("member"), .literal("nested")])
        #expect(scan.categories.allSatisfy { if case .registered = $0.registration { true } else { false } })
    }

    @Test func actionsDefinedInAnotherFileAreLinkedByName() {
        let scan = SourceScanner.scan([
            SourceFile(
                path: "Actions.swift",
                text:
                    "enum Actions { static let accept = UNNotificationAction(identifier: \"accept\", title: \"OK\") }",
                language: .swift),
            SourceFile(
                path: "Register.swift",
                text:
                    "let c = UNNotificationCategory(identifier: \"c\", actions: [Actions.accept], intentIdentifiers: [])",
                language: .swift),
        ])
        #expect(scan.categories.first?.actions.map(\.identifier) == [.literal("accept")])
    }

    @Test func optionsFromVariablesAreUnresolvedAndFromConstantsRead() {
        let scan = Self.swift(
            """
            func f(flag: Bool) {
                var options: UNNotificationCategoryOptions = []
                if flag { options.insert(.allowInCarPlay) }
                let fixed: UNNotificationCategoryOptions = [.customDismissAction, .hiddenPreviewsShowTitle]
                let a = UNNotificationCategory(identifier: "a", actions: [], intentIdentifiers: [], options: options)
                let b = UNNotificationCategory(identifier: "b", actions: [], intentIdentifiers: [], options: fixed)
                let c = UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [], options: [.unknownOption])
            }
            """)
        #expect(scan.categories[0].options.isEmpty)
        #expect(Self.reason(scan.categories[0].unresolvedOptions)?.hasPrefix("a variable, not a constant") == true)
        #expect(scan.categories[1].options == ["customDismissAction", "hiddenPreviewsShowTitle"])
        #expect(scan.categories[1].unresolvedOptions == nil)
        #expect(scan.categories[2].options == ["unknownOption"])
        #expect(scan.notes.contains { $0.kind == .unrecognized && $0.message.contains("'unknownOption'") })
    }

    // MARK: - iOS 8

    @Test func legacyPropertiesSetTwiceKeepTheLastWithANote() throws {
        let scan = Self.swift(
            """
            let action = UIMutableUserNotificationAction()
            action.identifier = "a"
            if #available(iOS 9.0, *) {
                action.activationMode = .background
            } else {
                action.activationMode = .foreground
            }
            let category = UIMutableUserNotificationCategory()
            category.identifier = "c"
            category.setActions([action], for: .minimal)
            """)
        let category = try #require(scan.categories.first)
        #expect(category.contexts[.minimal]?.map(\.activationMode) == ["foreground"])
        #expect(category.registration == .notSeen)
        #expect(scan.notes.contains { $0.kind == .conflict && $0.message.contains("action.activationMode") })
        #expect(scan.notes.contains { $0.kind == .notRegistered && $0.message.contains("'c'") })
    }

    @Test func legacyCategoryAssignmentNeedsALocalNotificationInTheFile() {
        let without = Self.swift("product.category = \"books\"\n")
        #expect(without.assignments.isEmpty)
        let with = Self.swift("let n = UILocalNotification()\nn.category = \"alert\"\nother.category = \"x\"\n")
        #expect(with.assignments.map(\.confidence) == [.certain, .probable])
        #expect(with.assignments.allSatisfy { $0.isLegacyLocalNotification })
    }

    @Test func objectiveCSettersAndParameters() throws {
        let scan = Self.objectiveC(
            """
            - (void)schedule:(UILocalNotification *)incoming {
                UIMutableUserNotificationAction *reply = [UIMutableUserNotificationAction new];
                [reply setIdentifier:@"reply"];
                [reply setBehavior:UIUserNotificationActionBehaviorTextInput];
                reply.parameters = @{UIUserNotificationTextInputActionButtonTitleKey: @"Send"};
                UIMutableUserNotificationCategory *chat = [[UIMutableUserNotificationCategory alloc] init];
                [chat setIdentifier:@"chat"];
                [chat setActions:@[reply] forContext:UIUserNotificationActionContextDefault];
                [incoming setCategory:@"chat"];
            }
            """)
        let action = try #require(scan.categories.first?.actions.first)
        #expect(action.identifier == .literal("reply"))
        #expect(action.isTextInput)
        #expect(action.textInputButtonTitle == .literal("Send"))
        #expect(scan.assignments.map(\.value) == [.literal("chat")])
        #expect(scan.assignments.first?.confidence == .certain)
        #expect(scan.assignments.first?.receiver == "incoming")
    }

    // MARK: - Registration and dismissal

    @Test func registrationThroughCollectionsAndItsAbsence() {
        let scan = Self.objectiveC(
            """
            UNNotificationCategory *a = [UNNotificationCategory categoryWithIdentifier:@"a" actions:@[] intentIdentifiers:@[] options:0];
            UNNotificationCategory *b = [UNNotificationCategory categoryWithIdentifier:@"b" actions:@[] intentIdentifiers:@[] options:0];
            NSArray *all = @[a];
            [center setNotificationCategories:[NSSet setWithArray:all]];
            """)
        #expect(scan.categories.map(\.registration.isRegistered) == [true, false])
        if case .leftOut = scan.categories[1].registration {
        } else {
            Issue.record("b is built beside a registration that does not pass it: \(scan.categories[1].registration)")
        }
        let opaque = Self.swift(Self.category("\"a\"").replacingOccurrences(of: "([c])", with: "(makeCategories())"))
        #expect(opaque.categories.first?.registration == .notSeen)
    }

    @Test func dismissUsesNameTheirFunction() {
        let swift = Self.swift(
            """
            extension Handler {
                func handle(_ response: UNNotificationResponse, extra: Int) {
                    if response.actionIdentifier == UNNotificationDismissActionIdentifier { return }
                }
            }
            let top = "com.apple.UNNotificationDismissActionIdentifier"
            // UNNotificationDismissActionIdentifier in a comment is not a use
            """)
        #expect(swift.dismissActionUseSites.map(\.enclosingFunction) == ["Handler.handle(_:extra:)", nil])
        #expect(swift.dismissActionUses.map(\.line) == [3, 6])
        let objectiveC = Self.objectiveC(
            "static BOOL isDismiss(NSString *identifier) {\n  return [identifier isEqual:UNNotificationDismissActionIdentifier];\n}\n"
        )
        #expect(objectiveC.dismissActionUseSites.map(\.enclosingFunction) == ["isDismiss"])
    }

    // MARK: - Limits and files

    @Test func filesOverTheSizeLimitAreSkipped() {
        let big = String(repeating: " ", count: SourceScanner.fileSizeLimit) + Self.category("\"a\"")
        let scan = Self.swift(big)
        #expect(scan.categories.isEmpty)
        #expect(scan.notes.map(\.kind) == [.skippedFile])
    }

    @Test func deepNestingIsANoteNotACrash() {
        let depth = SourceScanner.nestingLimit + 10
        let text = String(repeating: "(", count: depth) + Self.category("\"a\"") + String(repeating: ")", count: depth)
        let scan = Self.swift(text)
        #expect(scan.categories.isEmpty)
        #expect(scan.notes.contains { $0.kind == .limit })
    }

    @Test func crlfFilesReportTheRightLines() {
        let scan = Self.swift("// header\r\n\r\n" + Self.category("\"a\"").replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(scan.categories.first?.location.line == 3)
        #expect(scan.categories.first?.location.column == 9)
    }

    @Test func noFilesGiveAnEmptyScan() {
        let scan = SourceScanner.scan([])
        #expect(scan.categories.isEmpty && scan.assignments.isEmpty && scan.notes.isEmpty && scan.constants.isEmpty)
        let two = Self.swift(
            Self.category("\"a\"") + Self.category("\"b\"").replacingOccurrences(of: "let c", with: "let d"))
        #expect(two.categories(withIdentifier: "b").map(\.variable) == ["d"])
        #expect(two.categories(withIdentifier: "z").isEmpty)
    }

    @Test func onlySwiftAndObjectiveCFilesAreScanned() throws {
        #expect(SourceLanguage(path: "a/B.swift") == .swift)
        #expect(SourceLanguage(path: "B.m") == .objectiveC)
        #expect(SourceLanguage(path: "B.mm") == .objectiveC)
        #expect(SourceLanguage(path: "B.h") == .objectiveC)
        #expect(SourceLanguage(path: "AppDelegate.cs") == nil)
        #expect(SourceLanguage(path: ".swift") == nil)
        #expect(SourceFile(path: "x.kt", text: "") == nil)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csharp = folder.appendingPathComponent("AppDelegate.cs")
        try Data("UNNotificationCategory.FromIdentifier(\"x\")".utf8).write(to: csharp)
        let missing = folder.appendingPathComponent("Missing.swift")
        let scan = SourceScanner.scan(contentsOf: [csharp, missing])
        #expect(scan.categories.isEmpty)
        #expect(scan.notes.map(\.kind) == [.skippedFile, .skippedFile])
        #expect(scan.notes.first?.message.contains("not a Swift or Objective-C file") == true)
    }
}

extension CategoryRegistration {
    fileprivate var isRegistered: Bool {
        if case .registered = self { return true }
        return false
    }
}
