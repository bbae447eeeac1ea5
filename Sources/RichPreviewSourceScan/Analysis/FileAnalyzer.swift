/// One file's pass: walks the lexer's marked tokens once, reacting only to the names in `ScannerWord`
/// (and `#define`s and strings), and records
/// constructor calls, declarations, property settings, assignments, registrations and dismiss-action
/// uses as `FileFacts`. Names are not resolved here (they may live in other files).
struct FileAnalyzer {
    let source: LexedSource
    let structure: SourceStructure
    let fileIndex: Int32
    /// What the scan was asked to record beyond its own facts.
    let queries: SourceQueries
    var facts: FileFacts
    /// Where the last location was counted (see `LexedSource.ColumnCursor`).
    private var columns = LexedSource.ColumnCursor()
    /// Messages already split into parts, by their `[`: a message with many interesting labels is
    /// read once, not once per label.
    private var messages: [Int: (receiver: Range<Int>, parts: [MessagePart])?] = [:]
    /// Constructor expressions by their first token, with the token after them.
    var objectAt: [Int32: (id: ObjectID, end: Int)] = [:]
    var deferred: [(target: DeferredTarget, range: Range<Int>)] = []
    /// The file's own functions and methods that build a category from a parameter
    /// (`CategoryTemplates`), found before the pass.
    var templates = CategoryTemplates()
    private var localNotificationNames: Set<String> = []
    private var mentionsLocalNotification = false
    private var legacyCategoryCandidates:
        [(index: Int, receiverName: String?, value: SymbolicString?, receiver: String)] =
            []
    var sawLegacyConstructor = false
    /// Declarations inside functions and other braces, made into symbols only when a fact of this
    /// file names them (locals are visible nowhere else).
    private var pendingLocals: [PendingLocal] = []

    /// A declaration and what is needed to read its value later.
    private struct PendingLocal {
        var nameToken: Int
        var scope: Range<Int32>
        var declaration: Declaration
    }

    /// How a declaration gives its value.
    enum Declaration {
        /// `let/var NAME (: Type)? = initializer` (the initializer's first token).
        case swift(initializer: Int?, isVariable: Bool, typeName: String?, isComputed: Bool)
        /// `Type *NAME = initializer;` or `Type *NAME;` (the initializer's first token).
        case objectiveC(word: ScannerWord, initializer: Int?, isExtern: Bool)
    }

    var isSwift: Bool { source.language == .swift }

    /// Element lists read after the pass, once every constructor written in place is known.
    enum DeferredTarget {
        case categoryActions(Int)
        case symbolCollection(Int)
        case registration(Int)
        case addition(Int)
        case legacyActions(Int)
    }

    init(source: LexedSource, fileIndex: Int, queries: SourceQueries = .none) {
        self.source = source
        self.structure = SourceStructure(source)
        self.fileIndex = Int32(truncatingIfNeeded: fileIndex)
        self.queries = queries
        self.facts = FileFacts(path: source.path)
    }

    /// The facts of the file.
    mutating func run() -> FileFacts {
        facts.notes += source.notes
        guard !structure.tooDeep else {
            facts.notes.append(
                ScanNote(
                    kind: .limit, file: source.path, location: nil,
                    message:
                        "brackets nest more than \(SourceStructure.nestingLimit) deep; no facts were read from this file"
                ))
            return facts
        }
        // Only marked tokens can start a fact: words, `#define`s and strings.
        let asksForCalls = queries.asksForCalls
        for mark in source.marks {
            let index = Int(mark)
            guard index >= 0, index < tokenCount else { continue }
            switch source.tokens[index].kind {
            case .identifier:
                let number = source.tokens[index].word
                if number != 0, let word = ScannerWord(rawValue: number) { handle(word, at: index) }
                if asksForCalls, number != 0, queries.isCalled(number) { queriedCall(at: index) }
            case .atKeyword:
                if source.word(index) == .available { availabilityCheck(at: index, unavailable: false) }
            case .directive:
                define(at: index)
            case .string:
                let length = source.tokens[index].end - source.tokens[index].start
                if length >= 49, length <= 52,
                    source.stringValue(index) == .value(ScannedDismissActionUse.identifier)
                {
                    dismissUse(at: index)
                }
            default:
                break
            }
        }
        // The calls of the file's category templates, found on the way (`CategoryTemplates`).
        if !templates.isEmpty { readTemplateCalls() }
        finish()
        return facts
    }

    /// The Objective-C message whose `[` is at `open`, read once.
    mutating func cachedMessage(open: Int) -> (receiver: Range<Int>, parts: [MessagePart])? {
        if let cached = messages[open] { return cached }
        let message = objectiveCMessage(open: open)
        messages[open] = message
        return message
    }

    /// The part whose label is token `index` (parts are in token order, so a binary search).
    private static func part(labelledAt index: Int, in parts: [MessagePart]) -> MessagePart? {
        var low = 0, high = parts.count
        while low < high {
            let middle = (low + high) / 2
            if parts[middle].labelToken < index { low = middle + 1 } else { high = middle }
        }
        return low < parts.count && parts[low].labelToken == index ? parts[low] : nil
    }

    /// The location of token `index`, counted on from the last one.
    mutating func location(_ index: Int) -> CodeLocation {
        source.location(index, cursor: &columns)
    }

    private mutating func handle(_ word: ScannerWord, at index: Int) {
        switch word {
        case .unNotificationCategory: categoryConstructor(at: index)
        case .unNotificationAction: actionConstructor(at: index, textInput: false)
        case .unTextInputNotificationAction: actionConstructor(at: index, textInput: true)
        case .unNotificationActionIcon: actionIconConstructor(at: index)
        case .legacyMutableAction, .legacyMutableCategory:
            legacyConstructor(at: index, isAction: word == .legacyMutableAction)
        case .dismissActionIdentifier: dismissUse(at: index)
        case .categoryIdentifier, .category: dotAssignment(at: index, legacy: word == .category)
        case .setCategoryIdentifier, .setCategory: setterAssignment(at: index, legacy: word == .setCategory)
        case .setNotificationCategories: registration(at: index)
        case .userNotificationSettings: swiftLegacyRegistration(at: index)
        case .settingsForTypes: objectiveCLegacyRegistration(at: index)
        case .setActions: setActions(at: index)
        case .identifier, .title, .activationMode, .destructive, .isDestructive, .authenticationRequired,
            .isAuthenticationRequired, .behavior, .parameters:
            legacyProperty(word, at: index)
        case .setIdentifier, .setTitle, .setActivationMode, .setDestructive, .setAuthenticationRequired, .setBehavior,
            .setParameters:
            legacySetter(word, at: index)
        case .insert, .append, .formUnion, .addObject, .addObjectsFromArray: collectionAddition(at: index)
        case .localNotification: localNotificationType(at: index)
        case .wkNotificationScene: if isSwift { queriedCall(at: index) }
        case .timeSensitive, .critical, .interruptionLevelTimeSensitive, .interruptionLevelCritical, .defaultCritical,
            .defaultCriticalSound, .defaultCriticalSoundWithAudioVolume, .criticalSoundNamed, .updating,
            .contentByUpdatingWithProvider:
            capabilityUse(word, at: index)
        case .suiteName, .initWithSuiteName, .forSecurityApplicationGroupIdentifier,
            .containerURLForSecurityApplicationGroupIdentifier:
            appGroupUse(at: index)
        case .let, .var: if isSwift { swiftDeclaration(at: index) }
        case .case: if isSwift { enumCases(at: index) }
        case .nsString, .nsArray, .nsMutableArray, .nsSet, .nsMutableSet, .actionOptions, .categoryOptions:
            if !isSwift { objectiveCDeclaration(word, at: index) }
        case .func, .`init`, .subscript, .deinit, .struct, .class, .enum, .extension, .protocol, .actor, .import,
            .typealias, .if, .guard, .while, .for, .catch:
            break
        case .available, .unavailable: availabilityCheck(at: index, unavailable: word == .unavailable)
        }
    }

    // MARK: - Symbols

    mutating func addSymbol(
        _ name: String, at nameToken: Int, value: Symbol.Value, isDeclaration: Bool = true
    ) -> Int {
        var qualifier: [String] = []
        var localScope: Range<Int32>?
        var order = Int32(nameToken)
        if !isDeclaration, let declaration = visibleDeclaration(name, at: nameToken) {
            qualifier = declaration.qualifier
            localScope = declaration.localScope
            order = declaration.order
        } else {
            let scope = isDeclaration ? structure.scope(of: nameToken) : structure.functionScope(of: nameToken)
            switch scope.kind {
            case .type: qualifier = scope.typePath
            case .file: break
            case .function, .other: localScope = scope.open..<(scope.close &+ 1)
            }
        }
        return appendSymbol(
            name, at: nameToken, qualifier: qualifier, localScope: localScope, order: order, value: value)
    }

    private mutating func appendSymbol(
        _ name: String, at nameToken: Int, qualifier: [String], localScope: Range<Int32>?, order: Int32,
        value: Symbol.Value
    ) -> Int {
        facts.symbols.append(
            Symbol(
                name: name, qualifier: qualifier, localScope: localScope, order: order, value: value,
                location: location(nameToken)))
        return facts.symbols.count - 1
    }

    /// The latest earlier declaration of `name` visible at `token`: a symbol, or a pending local
    /// (the 4096 latest are searched).
    private func visibleDeclaration(_ name: String, at token: Int) -> (
        qualifier: [String], localScope: Range<Int32>?, order: Int32
    )? {
        var best: (qualifier: [String], localScope: Range<Int32>?, order: Int32)?
        var checked = 0
        for symbol in facts.symbols.reversed() where checked < 4096 {
            checked += 1
            guard symbol.name == name, Int(symbol.order) < token else { continue }
            if let scope = symbol.localScope, !scope.contains(Int32(token)) { continue }
            best = (symbol.qualifier, symbol.localScope, symbol.order)
            break
        }
        let nameBytes = Array(name.utf8)
        var steps = 0
        for local in pendingLocals.reversed() where steps < 4096 {
            steps += 1
            guard local.nameToken < token, local.scope.contains(Int32(token)), spells(local.nameToken, nameBytes) else {
                continue
            }
            if best == nil || Int32(local.nameToken) > best?.order ?? -1 {
                best = ([], local.scope, Int32(local.nameToken))
            }
            break
        }
        return best
    }

    /// Whether token `index` is exactly `bytes`.
    private func spells(_ index: Int, _ bytes: [UInt8]) -> Bool {
        let token = source.tokens[index]
        guard Int(token.end - token.start) == bytes.count else { return false }
        return source.bytes[Int(token.start)..<Int(token.end)].elementsEqual(bytes)
    }

    /// Records a declaration: a member or global becomes a symbol now; a local waits in `pendingLocals`.
    mutating func declare(_ nameToken: Int, _ declaration: Declaration) {
        let scope = structure.scope(of: nameToken)
        switch scope.kind {
        case .function, .other:
            pendingLocals.append(
                PendingLocal(nameToken: nameToken, scope: scope.open..<(scope.close &+ 1), declaration: declaration))
        case .type, .file:
            materialize(nameToken, declaration, qualifier: scope.kind == .type ? scope.typePath : [], localScope: nil)
        }
    }

    private mutating func materialize(
        _ nameToken: Int, _ declaration: Declaration, qualifier: [String], localScope: Range<Int32>?
    ) {
        let value: Symbol.Value
        var collectionRange: Range<Int>?
        switch declaration {
        case .swift(let start, let isVariable, let typeName, let isComputed):
            if let start {
                let initializer = start..<expressionEnd(from: start)
                value = initializerValue(initializer, isVariable: isVariable, typeName: typeName)
                collectionRange = initializer
            } else if isComputed {
                value = .other("a computed property")
            } else {
                value = isVariable ? .variable : .declaredOnly("declared without a value")
            }
        case .objectiveC(let word, let start, let isExtern):
            if let start {
                let initializer = start..<expressionEnd(from: start)
                value = objectiveCInitializerValue(initializer, word: word)
                collectionRange = initializer
            } else {
                value = .declaredOnly(
                    isExtern
                        ? "declared extern; its definition is in none of the files given" : "declared without a value")
            }
        }
        let symbol = appendSymbol(
            source.text(nameToken), at: nameToken, qualifier: qualifier, localScope: localScope,
            order: Int32(nameToken),
            value: value)
        if case .collection = value, let collectionRange {
            deferred.append((.symbolCollection(symbol), collectionRange))
        }
    }

    /// `let NAME =`, `let NAME: Type =`, `NAME =`, `Type *NAME =` right before the expression at `start`.
    private func binding(before start: Int) -> (name: String, token: Int, isDeclaration: Bool)? {
        guard isOperator(start - 1, "="), source.isIdentifier(start - 2) else { return nil }
        let nameToken = start - 2
        guard !source.isPunctuation(nameToken - 1, UInt8(ascii: ".")) else { return nil }
        let name = source.text(nameToken)
        if isSwift {
            if source.isWord(nameToken - 1, "let") || source.isWord(nameToken - 1, "var") {
                return (name, nameToken, true)
            }
            // `let NAME: Type =`: walk back over the type to the colon.
            var index = nameToken
            while index > max(0, nameToken - 16) {
                if source.isPunctuation(index, UInt8(ascii: ":")), source.isIdentifier(index - 1),
                    source.isWord(index - 2, "let") || source.isWord(index - 2, "var")
                {
                    return (source.text(index - 1), index - 1, true)
                }
                if source.tokens[index].flags.contains(.newlineBefore) || source.isPunctuation(index, UInt8(ascii: ";"))
                {
                    break
                }
                let token = source.tokens[index]
                guard
                    token.kind == .identifier || token.kind == .operatorRun
                        || source.isPunctuation(index, UInt8(ascii: "."))
                        || source.isPunctuation(index, UInt8(ascii: "?"))
                        || source.isPunctuation(index, UInt8(ascii: "!"))
                        || source.isPunctuation(index, UInt8(ascii: "["))
                        || source.isPunctuation(index, UInt8(ascii: "]"))
                        || source.isPunctuation(index, UInt8(ascii: ":"))
                else { break }
                index -= 1
            }
            return (name, nameToken, false)
        }
        let declared =
            source.isPunctuation(nameToken - 1, UInt8(ascii: "*")) || source.isIdentifier(nameToken - 1)
        return (name, nameToken, declared)
    }

    /// Where the symbol of a constructor bound to a name goes, if it is bound.
    mutating func bind(objectAt start: Int, to value: Symbol.Value) -> String? {
        guard let binding = binding(before: start) else { return nil }
        _ = addSymbol(binding.name, at: binding.token, value: value, isDeclaration: binding.isDeclaration)
        return binding.name
    }

    // MARK: - Constructors

    /// The `(` of a Swift constructor call at `index` (`Type(` or `Type.init(`).
    private func swiftConstructorOpen(_ index: Int) -> Int? {
        guard !source.isPunctuation(index - 1, UInt8(ascii: ".")) else { return nil }
        if source.isPunctuation(index + 1, UInt8(ascii: "(")) { return index + 1 }
        if source.isPunctuation(index + 1, UInt8(ascii: ".")), source.isWord(index + 2, "init"),
            source.isPunctuation(index + 3, UInt8(ascii: "("))
        {
            return index + 3
        }
        return nil
    }

    /// A constructor call's arguments by label token (Swift labels, or Objective-C selector parts).
    struct ConstructorCall {
        var arguments: [(label: Int, range: Range<Int>)]
        var start: Int
        var end: Int

        /// The first argument labelled `label` (compared by bytes).
        func argument(_ label: StaticString, in source: LexedSource) -> Range<Int>? {
            arguments.first { $0.label >= 0 && source.isWord($0.label, label) }?.range
        }
    }

    /// The arguments of a constructor at `index` (Swift `Type(…)`, or an Objective-C message to
    /// `Type` whose first part is `firstLabel`), its first token and the token after it.
    func constructorArguments(at index: Int, firstLabel: StaticString) -> ConstructorCall? {
        if isSwift {
            guard let open = swiftConstructorOpen(index) else { return nil }
            let arguments = swiftArgumentRanges(open: open)
            return ConstructorCall(arguments: arguments, start: index, end: structure.after(open))
        }
        guard source.isPunctuation(index - 1, UInt8(ascii: "[")), source.isWord(index + 1, firstLabel),
            source.isPunctuation(index + 2, UInt8(ascii: ":")),
            let message = objectiveCMessage(open: index - 1), message.receiver == index..<(index + 1)
        else { return nil }
        return ConstructorCall(
            arguments: message.parts.map { ($0.labelToken, $0.range) }, start: index - 1,
            end: structure.after(index - 1))
    }

    private mutating func categoryConstructor(at index: Int) {
        guard let call = constructorArguments(at: index, firstLabel: "categoryWithIdentifier") else { return }
        let identifierRange =
            call.argument("identifier", in: source) ?? call.argument("categoryWithIdentifier", in: source)
        var category = PendingCategory(
            identifier: readString(identifierRange), api: .userNotifications, location: location(index))
        category.isTemplate = isTemplate(constructor: index, identifier: identifierRange)
        if let options = call.argument("options", in: source) {
            category.options = readOptions(options, kind: .category)
        }
        if call.argument("minimalActions", in: source) != nil {
            facts.notes.append(
                ScanNote(
                    kind: .unrecognized, file: source.path, location: location(index),
                    message:
                        "'minimalActions:' is from the iOS 10 betas; the released UNNotificationCategory has no such initializer"
                ))
        }
        let id = ObjectID(file: fileIndex, index: Int32(facts.categories.count), isCategory: true)
        facts.categories.append(category)
        objectAt[Int32(call.start)] = (id, call.end)
        if let actions = call.argument("actions", in: source) {
            deferred.append((.categoryActions(facts.categories.count - 1), actions))
        }
        facts.categories[facts.categories.count - 1].variable = bind(objectAt: call.start, to: .object(id))
        templates.categoryOfConstructor[index] = facts.categories.count - 1
        if let identifierRange, identifierRange.count == 1, source.isIdentifier(identifierRange.lowerBound),
            mapInstances(of: facts.categories.count - 1, identifier: identifierRange)
        {
            facts.categories[Int(id.index)].isTemplate = true
        }
    }

    private mutating func actionConstructor(at index: Int, textInput: Bool) {
        guard let call = constructorArguments(at: index, firstLabel: "actionWithIdentifier") else { return }
        let identifierRange =
            call.argument("identifier", in: source) ?? call.argument("actionWithIdentifier", in: source)
        var action = PendingAction(
            identifier: readString(identifierRange), title: readString(call.argument("title", in: source)),
            isTextInput: textInput, api: .userNotifications, location: location(index))
        if let options = call.argument("options", in: source) { action.options = readOptions(options, kind: .action) }
        if let icon = call.argument("icon", in: source) { action.icon = readActionIcon(icon) }
        if textInput {
            action.buttonTitle = readString(call.argument("textInputButtonTitle", in: source))
            action.placeholder = readString(call.argument("textInputPlaceholder", in: source))
        }
        let id = ObjectID(file: fileIndex, index: Int32(facts.actions.count), isCategory: false)
        facts.actions.append(action)
        objectAt[Int32(call.start)] = (id, call.end)
        facts.actions[facts.actions.count - 1].variable = bind(objectAt: call.start, to: .object(id))
    }

    /// `UIMutableUserNotificationAction()`, `[[UIMutableUserNotificationAction alloc] init]`, `[… new]`.
    private mutating func legacyConstructor(at index: Int, isAction: Bool) {
        let start: Int
        if isSwift {
            guard let open = swiftConstructorOpen(index), closer(of: open) == open + 1 else { return }
            start = index
        } else {
            guard source.isPunctuation(index - 1, UInt8(ascii: "[")) else { return }
            if source.isWord(index + 1, "new") {
                start = index - 1
            } else if source.isWord(index + 1, "alloc"), source.isPunctuation(index - 2, UInt8(ascii: "[")) {
                start = index - 2
            } else {
                return
            }
        }
        sawLegacyConstructor = true
        let end = structure.after(start)
        let location = location(index)
        if isAction {
            let id = ObjectID(file: fileIndex, index: Int32(facts.actions.count), isCategory: false)
            facts.actions.append(PendingAction(api: .legacyUIKit, location: location))
            objectAt[Int32(start)] = (id, end)
            facts.actions[facts.actions.count - 1].variable = bind(objectAt: start, to: .object(id))
        } else {
            let id = ObjectID(file: fileIndex, index: Int32(facts.categories.count), isCategory: true)
            facts.categories.append(PendingCategory(api: .legacyUIKit, location: location))
            objectAt[Int32(start)] = (id, end)
            facts.categories[facts.categories.count - 1].variable = bind(objectAt: start, to: .object(id))
        }
    }

    /// A use of what needs an entitlement: the time-sensitive or critical interruption level, a
    /// critical sound, a content updated from a message intent (communication notifications).
    private mutating func capabilityUse(_ word: ScannerWord, at index: Int) {
        let kind: ScannedCapabilityUse.Kind
        switch word {
        case .timeSensitive:
            // `.timeSensitive`, a member of UNNotificationInterruptionLevel, in Swift.
            guard isSwift, source.isPunctuation(index - 1, UInt8(ascii: ".")) else { return }
            kind = .timeSensitive
        case .interruptionLevelTimeSensitive:
            kind = .timeSensitive
        case .critical:
            // `.critical` only as the interruption level: `interruptionLevel = .critical`,
            // `interruptionLevel: .critical` or `UNNotificationInterruptionLevel.critical` (a
            // logger's `.critical` is no alert).
            guard isSwift, index >= 3, source.isPunctuation(index - 1, UInt8(ascii: ".")) else { return }
            let assigning =
                source.isPunctuation(index - 2, UInt8(ascii: "=")) || source.isPunctuation(index - 2, UInt8(ascii: ":"))
            let assigned = assigning && spells(index - 3, Array("interruptionLevel".utf8))
            guard assigned || spells(index - 2, Array("UNNotificationInterruptionLevel".utf8)) else { return }
            kind = .criticalAlert
        case .updating:
            // `content.updating(from: intent)`.
            guard isSwift, source.isPunctuation(index + 1, UInt8(ascii: "(")), index + 2 < source.tokens.count,
                spells(index + 2, Array("from".utf8))
            else { return }
            kind = .communication
        case .contentByUpdatingWithProvider:
            kind = .communication
        default:
            kind = .criticalAlert
        }
        facts.capabilityUses.append(ScannedCapabilityUse(kind: kind, location: location(index)))
    }

    /// `suiteName: value`, `forSecurityApplicationGroupIdentifier: value` and their Objective-C
    /// parts: the value up to the next `,` or closing bracket.
    private mutating func appGroupUse(at index: Int) {
        guard source.isPunctuation(index + 1, UInt8(ascii: ":")) else { return }
        var end = index + 2
        while end < tokenCount, !source.isPunctuation(end, UInt8(ascii: ",")),
            !source.isPunctuation(end, UInt8(ascii: ")")), !source.isPunctuation(end, UInt8(ascii: "]")),
            !(isSwift == false && source.isIdentifier(end) && source.isPunctuation(end + 1, UInt8(ascii: ":")))
        {
            end = isOpener(end) ? structure.after(end) : end + 1
        }
        guard end > index + 2 else { return }
        facts.appGroupUses.append((readString((index + 2)..<end), location(index)))
    }

    // MARK: - Category assignments

    /// `receiver.categoryIdentifier = value` / `receiver.category = value`.
    private mutating func dotAssignment(at index: Int, legacy: Bool) {
        guard source.isPunctuation(index - 1, UInt8(ascii: ".")), isOperator(index + 1, "="), index >= 2 else { return }
        let value = readString((index + 2)..<expressionEnd(from: index + 2))
        let receiver = receiverText(beforeDot: index - 1)
        let name =
            source.isIdentifier(index - 2) && !source.isPunctuation(index - 3, UInt8(ascii: "."))
            ? source.text(index - 2) : nil
        recordAssignment(at: index, receiverName: name, value: value, receiver: receiver, legacy: legacy)
    }

    /// An iOS 8 `category` assignment becomes a candidate, judged once the file's
    /// `UILocalNotification` names are known; a `categoryIdentifier` one a fact, unless it is
    /// not a notification content's.
    private mutating func recordAssignment(
        at index: Int, receiverName: String?, value: SymbolicString?, receiver: String, legacy: Bool
    ) {
        if legacy {
            legacyCategoryCandidates.append((index, receiverName, value, receiver))
            return
        }
        guard !Self.isNotNotificationContent(receiver: receiver, value: value) else { return }
        facts.assignments.append(
            PendingAssignment(
                value: value, receiver: receiver, isLegacy: false, confidence: .certain,
                location: location(index)))
    }

    /// Whether a `categoryIdentifier` assignment is not a notification content's: one to `self`
    /// (a type's own property, set in its initialiser, `-initWithCoder:` or `-copyWithZone:`;
    /// nothing subclasses `UNMutableNotificationContent`), or a copy of another object's
    /// (`copy.categoryIdentifier = self.categoryIdentifier`, `request.content.categoryIdentifier`),
    /// which sets no category of its own.
    static func isNotNotificationContent(receiver: String, value: SymbolicString?) -> Bool {
        if receiver == "self" || receiver == "self?" { return true }
        guard case .reference(let reference)? = value, !reference.implicitMember, reference.path.count >= 2,
            reference.path.last == "categoryIdentifier", let first = reference.path.first?.first
        else { return false }
        return first.isLowercase || first == "_"
    }

    /// `[receiver setCategoryIdentifier:value]` / `[receiver setCategory:value]`.
    private mutating func setterAssignment(at index: Int, legacy: Bool) {
        guard !isSwift, source.isPunctuation(index + 1, UInt8(ascii: ":")) else { return }
        let open = structure.parent(of: index)
        guard let message = cachedMessage(open: open), let part = message.parts.first, part.labelToken == index,
            message.parts.count == 1
        else { return }
        let value = readString(part.range)
        let receiver = expressionText(message.receiver)
        let name = message.receiver.count == 1 ? source.text(message.receiver.lowerBound) : nil
        recordAssignment(at: index, receiverName: name, value: value, receiver: receiver, legacy: legacy)
    }

    /// Names declared or created as `UILocalNotification`.
    private mutating func localNotificationType(at index: Int) {
        mentionsLocalNotification = true
        if isSwift {
            if source.isPunctuation(index - 1, UInt8(ascii: ":")) || isOperator(index - 1, "="),
                source.isIdentifier(index - 2)
            {
                localNotificationNames.insert(source.text(index - 2))
            }
        } else if source.isPunctuation(index + 1, UInt8(ascii: "*")) {
            if source.isIdentifier(index + 2) {
                localNotificationNames.insert(source.text(index + 2))
            } else if source.isPunctuation(index + 2, UInt8(ascii: ")")), source.isIdentifier(index + 3) {
                localNotificationNames.insert(source.text(index + 3))
            }
        }
    }

    // MARK: - Registration and dismissal

    private mutating func registration(at index: Int) {
        var range: Range<Int>?
        if isSwift {
            guard source.isPunctuation(index + 1, UInt8(ascii: "(")) else { return }
            range = swiftArguments(open: index + 1).first?.range
        } else {
            guard source.isPunctuation(index + 1, UInt8(ascii: ":")),
                let message = cachedMessage(open: structure.parent(of: index))
            else { return }
            range = Self.part(labelledAt: index, in: message.parts)?.range
        }
        addRegistration(api: .userNotifications, range: range ?? index..<index, at: index)
    }

    private mutating func addRegistration(api: ScannedAPI, range: Range<Int>, at index: Int) {
        facts.registrations.append(PendingRegistration(api: api, elements: [], location: location(index)))
        deferred.append((.registration(facts.registrations.count - 1), range))
    }

    /// `UIUserNotificationSettings(types: …, categories: …)`.
    private mutating func swiftLegacyRegistration(at index: Int) {
        guard isSwift, let open = swiftConstructorOpen(index) else { return }
        let categories = swiftArguments(open: open).first { $0.label == "categories" }?.range
        guard let categories else { return }
        addRegistration(api: .legacyUIKit, range: categories, at: index)
    }

    /// `[UIUserNotificationSettings settingsForTypes:… categories:…]`.
    private mutating func objectiveCLegacyRegistration(at index: Int) {
        guard !isSwift, source.isPunctuation(index + 1, UInt8(ascii: ":")),
            source.isWord(index - 1, "UIUserNotificationSettings"), source.isPunctuation(index - 2, UInt8(ascii: "[")),
            let message = objectiveCMessage(open: index - 2),
            let categories = message.parts.first(where: { $0.label == "categories" })
        else { return }
        addRegistration(api: .legacyUIKit, range: categories.range, at: index)
    }

    private mutating func dismissUse(at index: Int) {
        facts.dismissUses.append(
            ScannedDismissActionUse(
                location: location(index), enclosingFunction: structure.functionName(around: index, in: source)))
    }

    /// `set.insert(x)`, `array.append(x)`, `set.formUnion(x)`, `[set addObject:x]`.
    private mutating func collectionAddition(at index: Int) {
        var range: Range<Int>?
        var target = index
        if isSwift {
            guard source.isPunctuation(index - 1, UInt8(ascii: ".")), source.isIdentifier(index - 2),
                !source.isPunctuation(index - 3, UInt8(ascii: ".")), source.isPunctuation(index + 1, UInt8(ascii: "("))
            else { return }
            target = index - 2
            range = swiftArguments(open: index + 1).first?.range
        } else {
            guard source.isPunctuation(index + 1, UInt8(ascii: ":")), source.isIdentifier(index - 1),
                source.isPunctuation(index - 2, UInt8(ascii: "[")), let message = objectiveCMessage(open: index - 2)
            else { return }
            target = index - 1
            range = message.parts.first?.range
        }
        guard let range else { return }
        facts.collectionAdditions.append(CollectionAddition(target: reference(to: target), elements: []))
        deferred.append((.addition(facts.collectionAdditions.count - 1), range))
    }

    // MARK: - After the pass

    private mutating func finish() {
        copyTemplateOptions()
        processDeferred()
        // Make the locals that facts name into symbols, then the locals those name, and so on.
        var needed = Set<String>()
        if !pendingLocals.isEmpty { collectNames(into: &needed) }
        var done = Array(repeating: false, count: pendingLocals.count)
        var rounds = 0
        var checkedSymbols = facts.symbols.count
        while rounds < 64, !needed.isEmpty {
            rounds += 1
            var materialized = false
            for (position, local) in pendingLocals.enumerated() where !done[position] {
                guard needed.contains(source.text(local.nameToken)) else { continue }
                done[position] = true
                materialized = true
                materialize(local.nameToken, local.declaration, qualifier: [], localScope: local.scope)
            }
            guard materialized else { break }
            processDeferred()
            needed = []
            for symbol in facts.symbols[checkedSymbols...] { Self.names(in: symbol.value, into: &needed) }
            checkedSymbols = facts.symbols.count
        }
        for candidate in legacyCategoryCandidates {
            let known = candidate.receiverName.map(localNotificationNames.contains) ?? false
            guard known || mentionsLocalNotification else { continue }
            facts.assignments.append(
                PendingAssignment(
                    value: candidate.value, receiver: candidate.receiver, isLegacy: true,
                    confidence: known ? .certain : .probable, location: location(candidate.index)))
        }
        facts.assignments.sort { $0.location < $1.location }
        if !queries.conformances.isEmpty { queriedTypes() }
        if queries.conditionalRegions { conditionalRegions() }
        facts.scopeOpens = structure.scopes.map(\.open)
        facts.scopeParents = structure.scopes.map(\.parent)
    }

    /// Reads the element lists waiting in `deferred`.
    private mutating func processDeferred() {
        let waiting = deferred
        deferred = []
        for (target, range) in waiting {
            let elements = elements(in: range)
            switch target {
            case .categoryActions(let index): facts.categories[index].actions = elements
            case .symbolCollection(let index): facts.symbols[index].value = .collection(elements)
            case .registration(let index): facts.registrations[index].elements = elements
            case .addition(let index): facts.collectionAdditions[index].elements = elements
            case .legacyActions(let index):
                if case .actions(_, let context, let expression) = facts.legacyEvents[index].change {
                    facts.legacyEvents[index].change = .actions(elements, context: context, expression: expression)
                }
            }
        }
    }

    /// The one-word names the facts of this file refer to (the only ones a local can answer).
    private func collectNames(into names: inout Set<String>) {
        for category in facts.categories {
            Self.names(in: category.identifier, into: &names)
            Self.names(in: category.options, into: &names)
            Self.names(in: category.actions, into: &names)
            for elements in category.contexts.values { Self.names(in: elements, into: &names) }
        }
        for action in facts.actions {
            for value in [action.identifier, action.title, action.buttonTitle, action.placeholder] {
                Self.names(in: value, into: &names)
            }
            Self.names(in: action.options, into: &names)
            switch action.icon {
            case .reference(let reference)?: Self.names(in: reference, into: &names)
            case .constructed(_, let name)?: Self.names(in: name, into: &names)
            case .unresolved?, nil: break
            }
        }
        for event in facts.legacyEvents {
            Self.names(in: event.target, into: &names)
            if case .actions(let elements, _, _) = event.change { Self.names(in: elements, into: &names) }
        }
        for addition in facts.collectionAdditions {
            Self.names(in: addition.target, into: &names)
            Self.names(in: addition.elements, into: &names)
        }
        for registration in facts.registrations { Self.names(in: registration.elements, into: &names) }
        for assignment in facts.assignments { Self.names(in: assignment.value, into: &names) }
        for call in facts.calls {
            for argument in call.arguments { Self.names(in: argument.value, into: &names) }
        }
        for candidate in legacyCategoryCandidates { Self.names(in: candidate.value, into: &names) }
        for symbol in facts.symbols { Self.names(in: symbol.value, into: &names) }
    }

    private static func names(in reference: SymbolReference, into names: inout Set<String>) {
        if !reference.implicitMember, reference.path.count == 1, let name = reference.path.first { names.insert(name) }
    }

    private static func names(in value: SymbolicString?, into names: inout Set<String>) {
        if case .reference(let reference)? = value { Self.names(in: reference, into: &names) }
    }

    private static func names(in options: SymbolicOptions, into names: inout Set<String>) {
        if case .reference(let reference) = options { Self.names(in: reference, into: &names) }
    }

    private static func names(in elements: [SymbolicElement], into names: inout Set<String>) {
        for element in elements {
            if case .reference(let reference) = element { Self.names(in: reference, into: &names) }
        }
    }

    private static func names(in value: Symbol.Value, into names: inout Set<String>) {
        switch value {
        case .alias(let reference): Self.names(in: reference, into: &names)
        case .options(let options): Self.names(in: options, into: &names)
        case .collection(let elements): Self.names(in: elements, into: &names)
        case .string(let string): Self.names(in: string, into: &names)
        case .actionIcon(_, let name): Self.names(in: name, into: &names)
        default: break
        }
    }
}
