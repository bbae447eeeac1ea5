import Foundation

/// The cross-file step: resolves every name of every file's facts, applies iOS 8 property
/// settings, links actions to categories and categories to registrations, and writes the notes.
package struct SourceResolver: Sendable {
    private var table: SymbolTable
    private var files: [FileFacts]
    private var notes: [(file: Int, note: ScanNote)] = []
    /// Elements added to collection variables after they were declared.
    private var additions: [SymbolID: [SymbolicElement]] = [:]
    private var actions: [[ScannedAction]] = []
    /// Names followed by the current top-level `objects` call (bounded like `SymbolTable.stepLimit`).
    private var objectSteps = 0

    /// Whether `name` is a `UNNotificationActionOptions` name (a switch: no shared set to contend on).
    private static func isActionOption(_ name: String) -> Bool {
        switch name {
        case "authenticationRequired", "destructive", "foreground": true
        default: false
        }
    }

    /// Whether `name` is a `UNNotificationCategoryOptions` name.
    private static func isCategoryOption(_ name: String) -> Bool {
        switch name {
        case "customDismissAction", "allowInCarPlay", "hiddenPreviewsShowTitle", "hiddenPreviewsShowSubtitle",
            "allowAnnouncement":
            true
        default: false
        }
    }

    /// Which objects an element list should hold.
    private struct Wanted {
        var isCategory: Bool
        var api: ScannedAPI
    }

    init(files: [FileFacts]) {
        self.files = files
        self.table = SymbolTable(files: files)
    }

    /// Everything the files say, resolved; the constants table only `withConstants`.
    mutating func resolve(withConstants: Bool = true) -> SourceScan {
        for (file, facts) in files.enumerated() {
            notes += facts.notes.map { (file, $0) }
        }
        collectAdditions()
        applyLegacyEvents()
        actions = inParallel { worker, range in
            range.map { file in worker.files[file].actions.indices.map { worker.scannedAction(file: file, index: $0) } }
        }.flatMap { $0 }
        let registered = registrations()
        let perFile = inParallel { worker, range in
            range.map { file in
                (
                    worker.files[file].categories.indices.filter { !worker.files[file].categories[$0].isTemplate }.map {
                        worker.scannedCategory(file: file, index: $0, registered: registered)
                    },
                    worker.files[file].assignments.map { worker.scannedAssignment($0, file: file) }
                )
            }
        }.flatMap { $0 }
        var scan = SourceScan()
        for (file, (categories, assignments)) in perFile.enumerated() {
            scan.categories += categories
            scan.assignments += assignments
            scan.dismissActionUseSites += files[file].dismissUses
            scan.capabilityUses += files[file].capabilityUses
            scan.registrationCalls += files[file].registrations.map(\.location)
            scan.availabilityRegions += files[file].availabilityRegions
            for use in files[file].appGroupUses {
                guard let value = table.resolve(use.value) else { continue }
                scan.appGroupUses.append(ScannedAppGroupUse(group: value, location: use.location))
            }
            for call in files[file].calls { scan.calls.append(scannedCall(call)) }
            scan.types += files[file].types
            scan.conditionalRegions += files[file].conditionalRegions
        }
        if withConstants { scan.constants = constants() }
        scan.notes = notes.enumerated().sorted { left, right in
            let a = left.element, b = right.element
            if a.file != b.file { return a.file < b.file }
            switch (a.note.location, b.note.location) {
            case (nil, nil): return left.offset < right.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?): return (x.line, x.column, left.offset) < (y.line, y.column, right.offset)
            }
        }.map(\.element.note)
        return scan
    }

    /// Runs `body` on copies of this resolver, each over a contiguous range of files, in parallel;
    /// returns the results in file order and keeps the copies' notes and consulted symbols.
    private mutating func inParallel<Result: Sendable>(
        _ body: @escaping @Sendable (inout SourceResolver, Range<Int>) -> Result
    ) -> [Result] {
        let count = files.count
        let chunks = min(count, max(1, ProcessInfo.processInfo.activeProcessorCount * 4))
        guard chunks > 0 else { return [] }
        var outputs = [(result: Result, notes: [(file: Int, note: ScanNote)], consulted: Set<SymbolID>)?](
            repeating: nil, count: chunks)
        let base = self
        outputs.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var worker = base
                worker.notes = []
                let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
                let result = body(&worker, range)
                output[chunk] = (result, worker.notes, worker.table.consulted)
            }
        }
        var results: [Result] = []
        for output in outputs.compactMap({ $0 }) {
            results.append(output.result)
            notes += output.notes
            table.markConsulted(output.consulted)
        }
        return results
    }

    private mutating func scannedCall(_ call: PendingCall) -> ScannedCall {
        ScannedCall(
            name: call.name, language: call.language, selector: call.selector, receiver: call.receiver,
            arguments: call.arguments.map {
                ScannedArgument(
                    label: $0.label, expression: $0.expression, value: table.resolve($0.value), location: $0.location)
            },
            location: call.location, enclosingFunction: call.enclosingFunction)
    }

    private mutating func scannedAssignment(_ assignment: PendingAssignment, file: Int) -> ScannedCategoryAssignment {
        let value = table.resolve(assignment.value) ?? .unresolved(expression: "nil", reason: "nil, not a string")
        if case .unresolved(let expression, let reason) = value {
            note(
                file, .unresolved, assignment.location,
                "category assigned to \(assignment.receiver.trimmingCharacters(in: ["?", "!"])) is not resolved: \(expression) (\(reason))"
            )
        }
        return ScannedCategoryAssignment(
            value: value, receiver: assignment.receiver, isLegacyLocalNotification: assignment.isLegacy,
            confidence: assignment.confidence, location: assignment.location)
    }

    private mutating func note(_ file: Int, _ kind: ScanNote.Kind, _ location: CodeLocation?, _ message: String) {
        notes.append((file, ScanNote(kind: kind, file: files[file].path, location: location, message: message)))
    }

    // MARK: - Objects

    private func isWanted(_ value: Symbol.Value, _ wanted: Wanted) -> Bool {
        switch value {
        case .object(let id): return id.isCategory == wanted.isCategory && api(of: id) == wanted.api
        case .alias, .collection: return true
        default: return false
        }
    }

    private func api(of id: ObjectID) -> ScannedAPI {
        id.isCategory
            ? files[Int(id.file)].categories[Int(id.index)].api : files[Int(id.file)].actions[Int(id.index)].api
    }

    /// The objects a list of elements holds, in order, and what could not be linked.
    private mutating func objects(
        _ elements: [SymbolicElement], _ wanted: Wanted, visiting: Set<SymbolID> = []
    ) -> (ids: [ObjectID], unresolved: [ScannedString]) {
        var ids: [ObjectID] = []
        var unresolved: [ScannedString] = []
        for element in elements {
            switch element {
            case .object(let id):
                if id.isCategory == wanted.isCategory, api(of: id) == wanted.api {
                    ids.append(id)
                } else {
                    unresolved.append(.unresolved(expression: "constructor call", reason: "a different kind of object"))
                }
            case .opaque(let expression, let reason):
                unresolved.append(.unresolved(expression: expression, reason: reason))
            case .reference(let reference):
                let found = objects(reference, wanted, visiting: visiting)
                ids += found.ids
                unresolved += found.unresolved
            }
        }
        return (ids, unresolved)
    }

    private mutating func objects(
        _ reference: SymbolReference, _ wanted: Wanted, visiting: Set<SymbolID>
    ) -> (ids: [ObjectID], unresolved: [ScannedString]) {
        objectSteps += 1
        guard objectSteps <= SymbolTable.stepLimit else {
            return (
                [],
                [
                    .unresolved(
                        expression: reference.expression, reason: "more than \(SymbolTable.stepLimit) names to follow")
                ]
            )
        }
        let candidates = table.lookup(reference) { isWanted($0, wanted) }
        guard !candidates.isEmpty else {
            return ([], [.unresolved(expression: reference.expression, reason: whyNotAnObject(reference, wanted))])
        }
        guard visiting.count < SymbolTable.chainLimit else {
            return (
                [],
                [
                    .unresolved(
                        expression: reference.expression, reason: "a chain of more than \(SymbolTable.chainLimit) names"
                    )
                ]
            )
        }
        var ids: [ObjectID] = []
        var unresolved: [ScannedString] = []
        for candidate in candidates where !visiting.contains(candidate) {
            var inner = visiting
            inner.insert(candidate)
            switch table.symbol(candidate).value {
            case .object(let id): ids.append(id)
            case .alias(let next):
                let found = objects(next, wanted, visiting: inner)
                ids += found.ids
                unresolved += found.unresolved
            case .collection(let elements):
                let found = objects(elements + (additions[candidate] ?? []), wanted, visiting: inner)
                ids += found.ids
                unresolved += found.unresolved
            default: break
            }
        }
        return (ids, unresolved)
    }

    private func whyNotAnObject(_ reference: SymbolReference, _ wanted: Wanted) -> String {
        guard let id = table.lookup(reference).first else {
            return SymbolTable.noConstant
        }
        let symbol = table.symbol(id)
        let place = table.location(of: id).description
        let kind = wanted.isCategory ? "a category" : "an action"
        switch symbol.value {
        case .object(let object):
            let other = api(of: object) == .legacyUIKit ? "an iOS 8 object" : "an iOS 10 object"
            return object.isCategory == wanted.isCategory
                ? "\(other), not the API of this \(wanted.isCategory ? "category" : "action") list (at \(place))"
                : "not \(kind) (at \(place))"
        case .declaredOnly(let reason): return "\(reason) (at \(place))"
        case .variable: return "a variable the scanner does not follow (at \(place))"
        case .other(let reason): return "not \(kind): \(reason) (at \(place))"
        default: return "not \(kind) (at \(place))"
        }
    }

    private mutating func collectAdditions() {
        for facts in files {
            for addition in facts.collectionAdditions {
                let targets = table.lookup(addition.target) {
                    if case .collection = $0 { return true }
                    return false
                }
                for target in targets { additions[target, default: []] += addition.elements }
            }
        }
    }

    // MARK: - iOS 8 properties

    /// Applies every `action.property = …` / `setActions` to its object, in source order; a
    /// property set twice to different values keeps the last, with a note.
    private mutating func applyLegacyEvents() {
        var seen: [String: (value: String, location: CodeLocation)] = [:]
        for file in files.indices {
            for event in files[file].legacyEvents {
                let wantsCategory: Bool?
                switch event.change {
                case .identifier, .title: wantsCategory = nil
                case .actions: wantsCategory = true
                default: wantsCategory = false
                }
                let targets = table.lookup(event.target) { value in
                    guard case .object(let id) = value, api(of: id) == .legacyUIKit else { return false }
                    return wantsCategory.map { $0 == id.isCategory } ?? true
                }
                for target in targets {
                    guard case .object(let id) = table.symbol(target).value else { continue }
                    let summary = Self.summary(event.change)
                    let key = "\(id.file)/\(id.index)/\(id.isCategory)/\(summary.property)"
                    if let previous = seen[key], previous.value != summary.value {
                        note(
                            file, .conflict, event.location,
                            "\(event.target.expression).\(summary.property) is set to \(summary.value) here and to "
                                + "\(previous.value) at \(previous.location) (branches?); the one written last is reported"
                        )
                    }
                    seen[key] = (summary.value, event.location)
                    apply(event, to: id, file: file)
                }
            }
        }
    }

    private mutating func apply(_ event: LegacyEvent, to id: ObjectID, file: Int) {
        let objectFile = Int(id.file), index = Int(id.index)
        if id.isCategory {
            switch event.change {
            case .identifier(let value): files[objectFile].categories[index].identifier = value
            case .actions(let elements, let context, _):
                if let context { files[objectFile].categories[index].contexts[context] = elements }
            default: break
            }
            return
        }
        switch event.change {
        case .identifier(let value): files[objectFile].actions[index].identifier = value
        case .title(let value): files[objectFile].actions[index].title = value
        case .activationMode(let mode, let expression):
            files[objectFile].actions[index].activationMode = mode
            if mode == nil {
                note(
                    file, .unrecognized, event.location,
                    "activation mode '\(expression)' is not foreground or background")
            }
        case .destructive(let value, let expression):
            files[objectFile].actions[index].destructive = value
            if value == nil { note(file, .unresolved, event.location, "destructive = \(expression) is not a constant") }
        case .authenticationRequired(let value, let expression):
            files[objectFile].actions[index].authenticationRequired = value
            if value == nil {
                note(file, .unresolved, event.location, "authenticationRequired = \(expression) is not a constant")
            }
        case .textInput(let value, let expression):
            files[objectFile].actions[index].isTextInput = value ?? false
            if value == nil { note(file, .unrecognized, event.location, "behavior '\(expression)' is not known") }
        case .buttonTitle(let value): files[objectFile].actions[index].buttonTitle = value
        case .actions: break
        }
    }

    private static func summary(_ change: LegacyEvent.Change) -> (property: String, value: String) {
        func text(_ value: SymbolicString?) -> String {
            switch value {
            case .literal(let text)?: "\"\(text)\""
            case .reference(let reference)?: reference.expression
            case .unresolved(let expression, _)?: expression
            case nil: "nil"
            }
        }
        switch change {
        case .identifier(let value): return ("identifier", text(value))
        case .title(let value): return ("title", text(value))
        case .activationMode(_, let expression): return ("activationMode", expression)
        case .destructive(_, let expression): return ("destructive", expression)
        case .authenticationRequired(_, let expression): return ("authenticationRequired", expression)
        case .textInput(_, let expression): return ("behavior", expression)
        case .buttonTitle(let value): return ("parameters", text(value))
        case .actions(_, let context, let expression): return ("actions(\(context?.rawValue ?? expression))", "set")
        }
    }

    // MARK: - Actions and categories

    private mutating func scannedAction(file: Int, index: Int) -> ScannedAction {
        let pending = files[file].actions[index]
        let identifier =
            table.resolve(pending.identifier)
            ?? .unresolved(
                expression: pending.variable ?? "action",
                reason: pending.api == .legacyUIKit ? "identifier never set" : "no identifier argument")
        var action = ScannedAction(
            identifier: identifier, title: table.resolve(pending.title), isTextInput: pending.isTextInput,
            textInputButtonTitle: table.resolve(pending.buttonTitle),
            textInputPlaceholder: table.resolve(pending.placeholder), icon: pending.icon.map { table.resolve($0) },
            activationMode: pending.activationMode,
            destructive: pending.destructive, authenticationRequired: pending.authenticationRequired, api: pending.api,
            location: pending.location, variable: pending.variable)
        if case .unresolved(let expression, let reason) = identifier {
            note(file, .unresolved, pending.location, "action identifier is not resolved: \(expression) (\(reason))")
        }
        if pending.api == .legacyUIKit {
            if pending.activationMode == ActivationMode.foreground.rawValue { action.options.insert("foreground") }
            if pending.destructive == true { action.options.insert("destructive") }
            if pending.authenticationRequired == true { action.options.insert("authenticationRequired") }
            return action
        }
        let options = table.resolve(pending.options)
        action.options = options.names
        action.unresolvedOptions = options.unresolved
        if case .unresolved(let expression, let reason)? = options.unresolved {
            note(file, .unresolved, pending.location, "action options are not resolved: \(expression) (\(reason))")
        }
        for name in options.names.allSatisfy(Self.isActionOption) ? [] : options.names.sorted()
        where !Self.isActionOption(name) {
            note(file, .unrecognized, pending.location, "'\(name)' is not a UNNotificationActionOptions name")
        }
        return action
    }

    private func action(_ id: ObjectID) -> ScannedAction { actions[Int(id.file)][Int(id.index)] }

    /// Which categories visible registration calls pass, and each file's registrations per API with
    /// whether all their arguments were understood.
    private mutating func registrations() -> (
        registered: [ObjectID: CodeLocation], calls: [Int: [ScannedAPI: [(CodeLocation, Bool)]]]
    ) {
        let perFile = inParallel { worker, range in
            range.map { file in
                worker.files[file].registrations.map { registration in
                    worker.objectSteps = 0
                    let found = worker.objects(registration.elements, Wanted(isCategory: true, api: registration.api))
                    return (registration, found.ids, found.unresolved.isEmpty)
                }
            }
        }.flatMap { $0 }
        var registered: [ObjectID: CodeLocation] = [:]
        var calls: [Int: [ScannedAPI: [(CodeLocation, Bool)]]] = [:]
        for (file, registrations) in perFile.enumerated() {
            for (registration, ids, understood) in registrations {
                for id in ids where registered[id] == nil { registered[id] = registration.location }
                calls[file, default: [:]][registration.api, default: []].append((registration.location, understood))
            }
        }
        return (registered, calls)
    }

    private mutating func scannedCategory(
        file: Int, index: Int,
        registered: (registered: [ObjectID: CodeLocation], calls: [Int: [ScannedAPI: [(CodeLocation, Bool)]]])
    ) -> ScannedCategory {
        let pending = files[file].categories[index]
        let id = ObjectID(file: Int32(file), index: Int32(index), isCategory: true)
        let identifier =
            table.resolve(pending.identifier)
            ?? .unresolved(
                expression: pending.variable ?? "category",
                reason: pending.api == .legacyUIKit ? "identifier never set" : "no identifier argument")
        let name = identifier.literal.map { "'\($0)'" } ?? "at \(pending.location)"
        var category = ScannedCategory(identifier: identifier, api: pending.api, location: pending.location)
        category.variable = pending.variable
        if case .unresolved(let expression, let reason) = identifier {
            note(file, .unresolved, pending.location, "category identifier is not resolved: \(expression) (\(reason))")
        }
        let wanted = Wanted(isCategory: false, api: pending.api)
        var unresolved: [ScannedString] = []
        if pending.api == .userNotifications {
            objectSteps = 0
            let found = objects(pending.actions, wanted)
            category.actions = found.ids.map(action)
            unresolved = found.unresolved
            let options = table.resolve(pending.options)
            category.options = options.names
            category.unresolvedOptions = options.unresolved
            if case .unresolved(let expression, let reason)? = options.unresolved {
                note(
                    file, .unresolved, pending.location,
                    "options of category \(name) are not resolved: \(expression) (\(reason))")
            }
            for option in options.names.allSatisfy(Self.isCategoryOption) ? [] : options.names.sorted()
            where !Self.isCategoryOption(option) {
                note(file, .unrecognized, pending.location, "'\(option)' is not a UNNotificationCategoryOptions name")
            }
        } else {
            for context in [ActionContext.default, .minimal] {
                guard let elements = pending.contexts[context] else { continue }
                objectSteps = 0
                let found = objects(elements, wanted)
                let contextActions = found.ids.map(action)
                category.contexts[context] = contextActions
                for action in contextActions where !category.actions.contains(action) {
                    category.actions.append(action)
                }
                for item in found.unresolved where !unresolved.contains(item) { unresolved.append(item) }
            }
        }
        category.unresolvedActions = unresolved
        for item in unresolved {
            if case .unresolved(let expression, let reason) = item {
                note(
                    file, .unresolved, pending.location,
                    "an action of category \(name) is not linked: \(expression) (\(reason))")
            }
        }
        let registrationName =
            pending.api == .userNotifications ? "setNotificationCategories" : "registerUserNotificationSettings"
        if let location = registered.registered[id] {
            category.registration = .registered(at: location)
        } else if let calls = registered.calls[file]?[pending.api], let first = calls.first,
            calls.allSatisfy({ $0.1 })
        {
            category.registration = .leftOut(registrationAt: first.0)
            note(
                file, .notRegistered, pending.location,
                "category \(name) is built but not passed to the \(registrationName) registration at \(first.0)")
        } else {
            category.registration = .notSeen
            note(
                file, .notRegistered, pending.location,
                "category \(name) is not passed to \(registrationName) in the files scanned")
        }
        return category
    }

    // MARK: - Constants

    private mutating func constants() -> [String: ScannedString] {
        let consulted = table.consulted
        let entries = inParallel { worker, range in
            var entries: [(key: String, value: ScannedString, location: CodeLocation)] = []
            for file in range {
                for index in worker.files[file].symbols.indices {
                    let id = SymbolID(file: Int32(file), index: Int32(index))
                    let symbol = worker.table.symbol(id)
                    guard symbol.localScope == nil || consulted.contains(id),
                        let value = worker.table.constantValue(id),
                        value.literal != nil || consulted.contains(id)
                    else { continue }
                    entries.append((worker.table.qualifiedName(id), value, worker.table.location(of: id)))
                }
            }
            return entries
        }
        var result: [String: (value: ScannedString, location: CodeLocation)] = [:]
        result.reserveCapacity(entries.reduce(0) { $0 + $1.count })
        for entry in entries.joined() {
            if let existing = result[entry.key] {
                if existing.value != entry.value {
                    result[entry.key]?.value = .unresolved(
                        expression: entry.key,
                        reason:
                            "defined differently at \(existing.location) (\(existing.value)) and \(entry.location) (\(entry.value))"
                    )
                }
            } else {
                result[entry.key] = (entry.value, entry.location)
            }
        }
        return result.mapValues(\.value)
    }
}
