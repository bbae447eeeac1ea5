/// Every file's symbols, and the lookups that resolve names across files.
///
/// A bare name means, in order: a local of the same file whose scope holds the use (innermost
/// scope, latest declaration; assignments to one declared variable in several branches are all
/// returned), a member of the types around the use (innermost first), a global of the same file,
/// a global of any file. `Type.name` / `Outer.Inner.name` is tried as a member of each type around
/// the use, then as any member whose type path ends with it; `Self.name` is a member of the type
/// around the use. `.case.rawValue` is a `String` enum case of that name, when only one enum has it.
/// Constant chains are followed at most `chainLimit` deep; a cycle is unresolved, never a hang.
struct SymbolTable: Sendable {
    static let chainLimit = 32

    let files: [FileFacts]
    /// Every symbol, numbered in file order.
    private var ids: [SymbolID] = []
    /// Every distinct name and type name of the symbols, numbered: the indexes key on numbers, so
    /// each name's text is hashed once. Names equal as strings share a number; no others do.
    private var names: NameTable
    /// Where each file's brace scopes start in one numbering of every file's scopes.
    private var scopeBase: [Int32] = []
    /// Locals by scope and name; globals by file and name; members by their innermost type and
    /// name; globals and enum cases by name. Each lookup reads only the symbols it could mean.
    private var localsByScope: SymbolIndex
    private var byFileAndName: SymbolIndex
    private var membersByTypeAndName: SymbolIndex
    private var globalsByName: SymbolIndex
    private var enumCasesByName: SymbolIndex
    private var stringCache: [SymbolID: (value: ScannedString, isEnumCase: Bool)] = [:]
    /// How many symbols one resolution may visit: with several definitions per name, chains
    /// could otherwise branch exponentially.
    static let stepLimit = 10_000
    /// Why a name that nothing in the files read declares is not resolved.
    static let noConstant =
        "no constant of that name in the files read (a parameter, a local or a value known only at run time)"
    private var steps = 0
    /// Set when a resolution stopped at `chainLimit`: such a result depends on where the chain
    /// started, so it is not cached.
    private var stoppedAtLimit = false
    /// Symbols a resolution read, for the constants table.
    private(set) var consulted: Set<SymbolID> = []

    init(files: [FileFacts]) {
        self.files = files
        var count = 0
        var scopes: Int32 = 0
        // Each index holds at most one key per symbol it files: count them, so no index grows.
        var (locals, members, enumCases) = (0, 0, 0)
        for facts in files {
            scopeBase.append(scopes)
            scopes &+= Int32(truncatingIfNeeded: facts.scopeOpens.count)
            let symbols = facts.symbols
            count += symbols.count
            for index in symbols.indices {
                if symbols[index].localScope != nil {
                    locals += 1
                } else if !symbols[index].qualifier.isEmpty {
                    members += 1
                }
                if case .enumCase = symbols[index].value { enumCases += 1 }
            }
        }
        ids.reserveCapacity(count)
        // Far fewer distinct names than symbols: the table grows as they come.
        names = NameTable(capacity: count / 16)
        let unqualified = count - locals - members
        localsByScope = SymbolIndex(count: count, keys: locals)
        byFileAndName = SymbolIndex(count: count, keys: unqualified)
        membersByTypeAndName = SymbolIndex(count: count, keys: members)
        globalsByName = SymbolIndex(count: count, keys: unqualified)
        enumCasesByName = SymbolIndex(count: count, keys: enumCases)
        // Members of one type follow each other: their type's number is looked up once per run.
        var lastType: (name: String, number: Int32)?
        for (file, facts) in files.enumerated() {
            let file = Int32(file)
            let symbols = facts.symbols
            for index in symbols.indices {
                let ordinal = ids.count
                ids.append(SymbolID(file: file, index: Int32(index)))
                let name = names.number(interning: symbols[index].name)
                if let scope = symbols[index].localScope {
                    // A scope is known by its `{`; a local of no listed scope is one no use can see.
                    if let scope = Self.scopeIndex(opening: scope.lowerBound, in: facts.scopeOpens) {
                        localsByScope.add(ordinal, under: SymbolIndex.key(scopeBase[Int(file)] &+ scope, name))
                    }
                } else if let type = symbols[index].qualifier.last {
                    let typeNumber: Int32
                    if let lastType, lastType.name == type {
                        typeNumber = lastType.number
                    } else {
                        typeNumber = names.number(interning: type)
                        lastType = (type, typeNumber)
                    }
                    membersByTypeAndName.add(ordinal, under: SymbolIndex.key(typeNumber, name))
                } else {
                    byFileAndName.add(ordinal, under: SymbolIndex.key(file, name))
                    globalsByName.add(ordinal, under: UInt64(UInt32(bitPattern: name)))
                }
                if case .enumCase = symbols[index].value {
                    enumCasesByName.add(ordinal, under: UInt64(UInt32(bitPattern: name)))
                }
            }
        }
    }

    /// The index in `opens` (ascending: scopes in the order they open) of the scope whose `{` is
    /// token `open`; nil when none is.
    private static func scopeIndex(opening open: Int32, in opens: [Int32]) -> Int32? {
        var low = 0
        var high = opens.count
        while low < high {
            let middle = (low + high) / 2
            if opens[middle] < open { low = middle + 1 } else { high = middle }
        }
        return low < opens.count && opens[low] == open ? Int32(low) : nil
    }

    /// Adds symbols another copy of the table read.
    mutating func markConsulted(_ ids: Set<SymbolID>) { consulted.formUnion(ids) }

    func symbol(_ id: SymbolID) -> Symbol { files[Int(id.file)].symbols[Int(id.index)] }

    /// Where a symbol's name is written.
    func location(of id: SymbolID) -> CodeLocation {
        let facts = files[Int(id.file)]
        let symbol = facts.symbols[Int(id.index)]
        return CodeLocation(file: facts.path, line: Int(symbol.line), column: Int(symbol.column))
    }

    /// Every symbol, for the constants table.
    var allSymbols: [SymbolID] { ids }

    // MARK: - Lookup

    /// The symbols `reference` means, among those `accept` allows.
    func lookup(_ reference: SymbolReference, accept: (Symbol.Value) -> Bool = { _ in true }) -> [SymbolID] {
        let path = reference.path
        guard let name = path.last else { return [] }
        let site = reference.site
        let typePath = site.typePath
        guard let nameNumber = names.number(name) else { return [] }
        if reference.implicitMember {
            return matching(enumCasesByName.ordinals(UInt64(UInt32(bitPattern: nameNumber))), accept)
        }
        // `written` is path[writtenStart..<path.count - 1]: the qualifier as written.
        var writtenStart = 0
        if path.count > 1, path[0] == "self" || path[0] == "Self" {
            writtenStart = 1
            let members = members(
                nameNumber, typePath: typePath, depth: typePath.count, path: path, writtenStart: 1, accept)
            if !members.isEmpty || path.count > 2 { return members }
        }
        if path.count - 1 == writtenStart {
            let locals = visibleLocals(nameNumber, at: site, accept)
            if !locals.isEmpty { return locals }
            var depth = typePath.count
            while depth > 0 {
                let found = members(
                    nameNumber, typePath: typePath, depth: depth, path: path, writtenStart: writtenStart, accept)
                if !found.isEmpty { return found }
                depth -= 1
            }
            let sameFile = matching(byFileAndName.ordinals(SymbolIndex.key(site.file, nameNumber)), accept)
            return sameFile.isEmpty
                ? matching(globalsByName.ordinals(UInt64(UInt32(bitPattern: nameNumber))), accept) : sameFile
        }
        var depth = typePath.count
        while depth >= 0 {
            let found = members(
                nameNumber, typePath: typePath, depth: depth, path: path, writtenStart: writtenStart, accept)
            if !found.isEmpty { return found }
            depth -= 1
        }
        // Any member whose type path ends with the qualifier as written.
        let written = path[writtenStart..<(path.count - 1)]
        guard let type = names.number(written.last ?? "") else { return [] }
        return matching(membersByTypeAndName.ordinals(SymbolIndex.key(type, nameNumber)), accept).filter {
            symbol($0).qualifier.reversed().starts(with: written.reversed())
        }
    }

    /// The locals named `name` a use can see: those of the innermost enclosing scope declaring one,
    /// the latest declared before the use (with every assignment sharing that declaration).
    private func visibleLocals(_ name: Int32, at site: UseSite, _ accept: (Symbol.Value) -> Bool) -> [SymbolID] {
        let facts = files[Int(site.file)]
        var scope = Int(site.scope)
        var steps = 0
        while scope > 0, scope < facts.scopeOpens.count, steps <= SourceStructure.nestingLimit {
            steps += 1
            guard Int(site.file) < scopeBase.count else { break }
            let key = SymbolIndex.key(scopeBase[Int(site.file)] &+ Int32(scope), name)
            let candidates = matching(localsByScope.ordinals(key), accept).filter { symbol($0).order <= site.token }
            if let best = candidates.max(by: { symbol($0).order < symbol($1).order }) {
                let order = symbol(best).order
                return candidates.filter { symbol($0).order == order }
            }
            scope = Int(facts.scopeParents[scope])
        }
        return []
    }

    /// The symbols of `ordinals` that `accept` allows.
    private func matching(_ ordinals: [Int], _ accept: (Symbol.Value) -> Bool) -> [SymbolID] {
        var result: [SymbolID] = []
        for ordinal in ordinals where accept(symbol(ids[ordinal]).value) { result.append(ids[ordinal]) }
        return result
    }

    /// Members named `name` whose qualifier is exactly `typePath[..<depth]` followed by the written
    /// qualifier `path[writtenStart..<path.count - 1]`.
    private func members(
        _ name: Int32, typePath: [String], depth: Int, path: [String], writtenStart: Int,
        _ accept: (Symbol.Value) -> Bool
    ) -> [SymbolID] {
        let writtenCount = path.count - 1 - writtenStart
        let length = depth + writtenCount
        guard length > 0 else { return [] }
        let innermost = writtenCount > 0 ? path[path.count - 2] : typePath[depth - 1]
        guard let type = names.number(innermost) else { return [] }
        var result: [SymbolID] = []
        for ordinal in membersByTypeAndName.ordinals(SymbolIndex.key(type, name)) {
            let symbol = symbol(ids[ordinal])
            let qualifier = symbol.qualifier
            guard qualifier.count == length, accept(symbol.value) else { continue }
            var equal = true
            for position in 0..<length {
                let expected = position < depth ? typePath[position] : path[writtenStart + position - depth]
                if qualifier[position] != expected {
                    equal = false
                    break
                }
            }
            if equal { result.append(ids[ordinal]) }
        }
        return result
    }

    // MARK: - Strings

    /// The string a value stands for; nil stays nil.
    mutating func resolve(_ value: SymbolicString?) -> ScannedString? {
        guard let value else { return nil }
        return resolve(value)
    }

    mutating func resolve(_ value: SymbolicString) -> ScannedString {
        switch value {
        case .literal(let text): return .literal(text)
        case .unresolved(let expression, let reason): return .unresolved(expression: expression, reason: reason)
        case .reference(let reference):
            steps = 0
            return resolve(reference, visiting: [])
        }
    }

    private mutating func resolve(_ reference: SymbolReference, visiting: Set<SymbolID>) -> ScannedString {
        var expression: String { reference.expression }
        if reference.implicitMember {
            guard reference.rawValue else {
                return .unresolved(expression: expression, reason: "an implicit member; its type is not known here")
            }
            let cases = lookup(reference)
            let values = Set(
                cases.compactMap { id -> String? in
                    if case .enumCase(let raw) = symbol(id).value { return raw }
                    return nil
                })
            consulted.formUnion(cases)
            switch values.count {
            case 0:
                return .unresolved(
                    expression: expression,
                    reason: "no String enum in the files given has a case '\(reference.path.last ?? "")'")
            case 1: return .literal(values.first ?? "")
            default:
                let owners = cases.map { symbol($0).qualifier.joined(separator: ".") }.sorted().joined(separator: ", ")
                return .unresolved(
                    expression: expression, reason: "ambiguous: several String enums have this case (\(owners))")
            }
        }
        let candidates = lookup(reference)
        guard !candidates.isEmpty else {
            return .unresolved(
                expression: expression,
                reason:
                    Self.noConstant
            )
        }
        var results: [(value: ScannedString, location: CodeLocation)] = []
        for id in candidates {
            let base = stringValue(of: id, visiting: visiting)
            var value = base.value
            if reference.rawValue, !base.isEnumCase, case .literal = value {
                value = .unresolved(
                    expression: expression, reason: "'.rawValue' of something that is not a String enum case")
            } else if !reference.rawValue, base.isEnumCase {
                value = .unresolved(expression: expression, reason: "an enum case; its string is its '.rawValue'")
            }
            if candidates.count == 1 {
                if case .unresolved(_, let reason) = value {
                    return .unresolved(expression: expression, reason: reason)
                }
                return value
            }
            results.append((value, location(of: id)))
        }
        let literals = Set(results.compactMap { $0.value.literal })
        if literals.count == 1, results.allSatisfy({ $0.value.literal != nil }), let only = literals.first {
            return .literal(only)
        }
        if literals.count > 1 {
            let places = results.map { "\($0.value) at \($0.location)" }.joined(separator: ", ")
            return .unresolved(expression: expression, reason: "assigned or defined more than once: \(places)")
        }
        for result in results {
            if case .unresolved(_, let reason) = result.value {
                return .unresolved(expression: expression, reason: reason)
            }
        }
        return .unresolved(expression: expression, reason: "not a string")
    }

    /// The string a symbol holds (an enum case's raw value flagged), following aliases.
    private mutating func stringValue(of id: SymbolID, visiting: Set<SymbolID>) -> (
        value: ScannedString, isEnumCase: Bool
    ) {
        if let cached = stringCache[id] { return cached }
        let symbol = symbol(id)
        let name = symbol.name
        guard !visiting.contains(id) else {
            return (.unresolved(expression: name, reason: "refers to itself (a cycle of constants)"), false)
        }
        guard visiting.count < Self.chainLimit else {
            stoppedAtLimit = true
            return (.unresolved(expression: name, reason: "a chain of more than \(Self.chainLimit) constants"), false)
        }
        steps += 1
        guard steps <= Self.stepLimit else {
            stoppedAtLimit = true
            return (.unresolved(expression: name, reason: "more than \(Self.stepLimit) definitions to follow"), false)
        }
        consulted.insert(id)
        let outerStopped = stoppedAtLimit
        stoppedAtLimit = false
        defer { stoppedAtLimit = stoppedAtLimit || outerStopped }
        var place: String { location(of: id).description }
        let result: (ScannedString, Bool)
        switch symbol.value {
        case .string(.literal(let text)): result = (.literal(text), false)
        case .string(.unresolved(let expression, let reason)):
            result = (
                .unresolved(expression: name, reason: "\(reason) in its definition at \(place): \(expression)"), false
            )
        case .string(.reference(let reference)), .alias(let reference):
            var inner = visiting
            inner.insert(id)
            result = (resolve(reference, visiting: inner), false)
        case .enumCase(let raw): result = (.literal(raw), true)
        case .variable:
            result = (.unresolved(expression: name, reason: "a variable, not a constant (declared at \(place))"), false)
        case .declaredOnly(let reason):
            result = (.unresolved(expression: name, reason: "\(reason) (at \(place))"), false)
        case .other(let reason):
            result = (.unresolved(expression: name, reason: "not a string constant: \(reason) (at \(place))"), false)
        case .options:
            result = (.unresolved(expression: name, reason: "an option set, not a string (at \(place))"), false)
        case .object:
            result = (.unresolved(expression: name, reason: "an action or category, not a string (at \(place))"), false)
        case .collection:
            result = (.unresolved(expression: name, reason: "a collection, not a string (at \(place))"), false)
        case .actionIcon:
            result = (.unresolved(expression: name, reason: "an action icon, not a string (at \(place))"), false)
        }
        if !stoppedAtLimit { stringCache[id] = result }
        return result
    }

    /// The qualified name of a symbol for the constants table.
    func qualifiedName(_ id: SymbolID) -> String {
        let symbol = symbol(id)
        if symbol.localScope != nil {
            let place = location(of: id)
            return "\(place.file):\(place.line): \(symbol.name)"
        }
        guard !symbol.qualifier.isEmpty else { return symbol.name }
        var name = ""
        for part in symbol.qualifier {
            name += part
            name += "."
        }
        return name + symbol.name
    }

    /// The string of a symbol for the constants table; nil when it does not hold a string.
    mutating func constantValue(_ id: SymbolID) -> ScannedString? {
        switch symbol(id).value {
        case .string(.literal(let text)): return .literal(text)
        case .string, .alias: return stringValue(of: id, visiting: []).value
        case .enumCase(let raw): return .literal(raw)
        default: return nil
        }
    }

    // MARK: - Options

    /// The option names an options value stands for, or why it could not be read.
    mutating func resolve(_ options: SymbolicOptions, depth: Int = 0) -> (
        names: Set<String>, unresolved: ScannedString?
    ) {
        if depth == 0 { steps = 0 }
        steps += 1
        guard steps <= Self.stepLimit else {
            return ([], .unresolved(expression: "options", reason: "more than \(Self.stepLimit) definitions to follow"))
        }
        switch options {
        case .names(let names): return (names, nil)
        case .unresolved(let expression, let reason): return ([], .unresolved(expression: expression, reason: reason))
        case .reference(let reference):
            let expression = reference.expression
            let candidates = lookup(reference)
            guard !candidates.isEmpty else {
                return (
                    [],
                    .unresolved(
                        expression: expression,
                        reason:
                            Self.noConstant
                    )
                )
            }
            guard depth < Self.chainLimit else {
                return (
                    [], .unresolved(expression: expression, reason: "a chain of more than \(Self.chainLimit) constants")
                )
            }
            var sets: [Set<String>] = []
            for id in candidates {
                consulted.insert(id)
                let symbol = symbol(id)
                let place = location(of: id).description
                switch symbol.value {
                case .options(let inner):
                    let resolved = resolve(inner, depth: depth + 1)
                    if let unresolved = resolved.unresolved {
                        if case .unresolved(_, let reason) = unresolved {
                            return ([], .unresolved(expression: expression, reason: reason))
                        }
                    }
                    sets.append(resolved.names)
                case .alias(let inner):
                    let resolved = resolve(.reference(inner), depth: depth + 1)
                    if let unresolved = resolved.unresolved { return ([], unresolved) }
                    sets.append(resolved.names)
                case .variable:
                    return (
                        [],
                        .unresolved(
                            expression: expression,
                            reason: "a variable, not a constant; its value may change (declared at \(place))")
                    )
                default:
                    return ([], .unresolved(expression: expression, reason: "not an option set (at \(place))"))
                }
            }
            if let first = sets.first, sets.allSatisfy({ $0 == first }) { return (first, nil) }
            return (
                [],
                .unresolved(expression: expression, reason: "assigned or defined more than once with different options")
            )
        }
    }
}

extension SymbolTable {
    /// The icon an action's `icon:` argument stands for: its kind and its name resolved, following
    /// names bound to a `UNNotificationActionIcon`; the kind is nil, and the name says why, when
    /// the argument does not lead to one.
    mutating func resolve(_ icon: PendingActionIcon) -> ScannedActionIcon {
        switch icon {
        case .constructed(let kind, let name): return resolvedIcon(kind: kind, name: name)
        case .unresolved(let expression, let reason):
            return ScannedActionIcon(kind: nil, name: .unresolved(expression: expression, reason: reason))
        case .reference(let reference):
            var budget = Self.stepLimit
            return resolveIcon(reference, depth: 0, budget: &budget)
        }
    }

    private mutating func resolvedIcon(kind: ActionIcon.Kind, name: SymbolicString?) -> ScannedActionIcon {
        ScannedActionIcon(
            kind: kind, name: resolve(name) ?? .unresolved(expression: kind.rawValue, reason: "no image name given"))
    }

    /// `reference`'s icon, visiting at most `budget` definitions in all: with several definitions
    /// per name, chains could otherwise branch exponentially.
    private mutating func resolveIcon(_ reference: SymbolReference, depth: Int, budget: inout Int) -> ScannedActionIcon
    {
        func unresolved(_ reason: String) -> ScannedActionIcon {
            ScannedActionIcon(kind: nil, name: .unresolved(expression: reference.expression, reason: reason))
        }
        budget -= 1
        guard budget >= 0 else { return unresolved("more than \(Self.stepLimit) definitions to follow") }
        let candidates = lookup(reference)
        guard !candidates.isEmpty else {
            return unresolved(
                Self.noConstant)
        }
        guard depth < Self.chainLimit else { return unresolved("a chain of more than \(Self.chainLimit) constants") }
        var icons: [ScannedActionIcon] = []
        for id in candidates {
            consulted.insert(id)
            let place = location(of: id).description
            switch symbol(id).value {
            case .actionIcon(let kind, let name): icons.append(resolvedIcon(kind: kind, name: name))
            case .alias(let inner): icons.append(resolveIcon(inner, depth: depth + 1, budget: &budget))
            case .variable: return unresolved("a variable, not a constant; its value may change (declared at \(place))")
            default: return unresolved("not a UNNotificationActionIcon (at \(place))")
            }
        }
        if let first = icons.first, icons.allSatisfy({ $0 == first }) { return first }
        // A definition that does not lead to an icon says why; only icons that differ are a conflict.
        if let stopped = icons.first(where: { $0.icon == nil }), case .unresolved(_, let reason) = stopped.name {
            return unresolved(reason)
        }
        return unresolved("assigned or defined more than once with different icons")
    }
}
