/// What `SourceQueries` ask of a file: the calls to a queried name, the types conforming to a
/// queried protocol with their stored properties, and (asked of every file) its conditional
/// compilation blocks.
extension FileAnalyzer {
    // MARK: - Calls

    /// The call whose name is token `index`: `name(…)`, `receiver.name(…)`, `Type.init(…)`, an
    /// Objective-C message whose first selector part (or only word) it is, a C function call.
    /// Declarations (`func name(`) and names that are not called are passed over.
    mutating func queriedCall(at index: Int) {
        if !isSwift, let call = objectiveCCall(at: index) {
            facts.calls.append(call)
            return
        }
        guard source.word(index - 1) != .func else { return }
        var open = index + 1
        if source.isPunctuation(open, UInt8(ascii: ".")), source.isWord(open + 1, "init") { open += 2 }
        guard source.isPunctuation(open, UInt8(ascii: "(")), closer(of: open) != nil else { return }
        let receiver =
            source.isPunctuation(index - 1, UInt8(ascii: ".")) ? receiverText(beforeDot: index - 1) : ""
        let arguments = swiftArgumentRanges(open: open).map { label, range in
            PendingCall.Argument(
                label: label >= 0 ? source.text(label) : nil, expression: expressionText(range),
                value: readString(range), location: location(label >= 0 ? label : range.lowerBound))
        }
        facts.calls.append(
            PendingCall(
                name: source.text(index), language: source.language, selector: nil,
                receiver: receiver.isEmpty ? nil : receiver,
                arguments: arguments, location: location(index),
                enclosingFunction: structure.functionName(around: index, in: source)))
    }

    /// The Objective-C message `[receiver name:…]` or `[receiver name]` whose first selector word
    /// is token `index`.
    private mutating func objectiveCCall(at index: Int) -> PendingCall? {
        let open = structure.parent(of: index)
        guard open >= 0, source.isPunctuation(open, UInt8(ascii: "[")), let close = closer(of: open),
            let message = cachedMessage(open: open)
        else { return nil }
        let selector: String
        if let first = message.parts.first {
            guard first.labelToken == index else { return nil }
            selector = message.parts.map { $0.label + ":" }.joined()
        } else {
            guard index == close - 1, index > open + 1 else { return nil }
            selector = source.text(index)
        }
        let receiverEnd = message.parts.isEmpty ? index : message.receiver.upperBound
        let arguments = message.parts.map { part in
            PendingCall.Argument(
                label: part.label, expression: expressionText(part.range), value: readString(part.range),
                location: location(part.labelToken))
        }
        return PendingCall(
            name: source.text(index), language: source.language, selector: selector,
            receiver: expressionText((open + 1)..<receiverEnd),
            arguments: arguments, location: location(index),
            enclosingFunction: structure.functionName(around: index, in: source))
    }

    // MARK: - Types

    /// The Swift types whose inheritance clause names a queried protocol, and the types declared
    /// inside them, with their stored properties.
    mutating func queriedTypes() {
        let scopes = structure.scopes
        var wanted = [Bool](repeating: false, count: scopes.count)
        for (position, scope) in scopes.enumerated() where scope.kind == .type && scope.declaration >= 0 {
            let keyword = Int(scope.declaration)
            let inheritance = inheritanceClause(keyword: keyword, open: Int(scope.open))
            let parent = Int(scope.parent)
            let insideWanted = parent < position && scopes[parent].kind == .type && wanted[parent]
            let conforms = inheritance.contains { entry in
                queries.conformances.contains { entry == $0 || entry.hasSuffix("." + $0) }
            }
            guard conforms || insideWanted, let kind = ScannedType.Kind(rawValue: source.text(keyword)) else {
                continue
            }
            wanted[position] = true
            let members = marks(inScope: position)
            facts.types.append(
                ScannedType(
                    name: scope.typePath.joined(separator: "."), kind: kind, inheritance: inheritance,
                    properties: kind == .protocol ? [] : storedProperties(among: members, in: scope),
                    cases: kind == .enum ? enumCases(among: members) : [],
                    hasCustomDecoder: declaresDecoder(among: members), location: location(keyword)))
        }
    }

    /// The entries of the inheritance clause of the type declared at `keyword`, whose body opens at
    /// `open`: split at top-level commas, up to the body or a `where`.
    private func inheritanceClause(keyword: Int, open: Int) -> [String] {
        var cursor = keyword + 1
        while cursor < open, !source.isPunctuation(cursor, UInt8(ascii: ":")) {
            cursor = isOpener(cursor) ? structure.after(cursor) : cursor + 1
        }
        guard cursor < open else { return [] }
        var entries: [String] = []
        var start = cursor + 1
        var angles = 0
        var index = start
        while index <= open {
            if index == open || source.isWord(index, "where")
                || (angles == 0 && source.isPunctuation(index, UInt8(ascii: ",")))
            {
                if start < index { entries.append(expressionText(start..<index)) }
                if index == open || source.isWord(index, "where") { break }
                index += 1
                start = index
                continue
            }
            if isOperator(index, "<") { angles += 1 } else if isOperator(index, ">") { angles = max(0, angles - 1) }
            index = isOpener(index) ? structure.after(index) : index + 1
        }
        return entries
    }

    /// The marked tokens written directly in type scope `position` (not in its members' bodies),
    /// in order.
    private func marks(inScope position: Int) -> [Int] {
        let scope = structure.scopes[position]
        let marks = source.marks
        var low = 0, high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle] <= scope.open { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        var markIndex = low
        while markIndex < marks.count, marks[markIndex] < scope.close {
            let index = Int(marks[markIndex])
            markIndex += 1
            if structure.scopeIndex(of: index) == position { found.append(index) }
        }
        return found
    }

    /// The stored properties declared by `members`, the marked tokens written directly in `scope`.
    private mutating func storedProperties(among members: [Int], in scope: SourceStructure.Scope) -> [ScannedProperty] {
        members.compactMap { index in
            let word = source.word(index)
            return word == .let || word == .var ? storedProperty(at: index, in: scope) : nil
        }
    }

    /// The cases `members` (the marked tokens written directly in an enum's scope) declare: each
    /// name of a `case a, b = "x"` list, with its raw value as written.
    private mutating func enumCases(among members: [Int]) -> [ScannedEnumCase] {
        var cases: [ScannedEnumCase] = []
        for index in members where source.word(index) == .case {
            var cursor = index + 1
            while source.isIdentifier(cursor) {
                let nameToken = cursor
                cursor += 1
                let hasAssociatedValues = source.isPunctuation(cursor, UInt8(ascii: "("))
                if hasAssociatedValues { cursor = structure.after(cursor) }
                var rawValue: String?
                if isOperator(cursor, "=") {
                    cursor += 1
                    var sign = ""
                    if isOperator(cursor, "-") {
                        sign = "-"
                        cursor += 1
                    }
                    if case .value(let value) = source.stringValue(cursor) {
                        rawValue = value
                    } else if cursor < tokenCount, source.tokens[cursor].kind == .number {
                        rawValue = sign + source.text(cursor)
                    }
                    cursor += 1
                }
                cases.append(
                    ScannedEnumCase(
                        name: String(source.text(nameToken).filter { $0 != "`" }), rawValue: rawValue,
                        hasAssociatedValues: hasAssociatedValues, location: location(nameToken)))
                guard source.isPunctuation(cursor, UInt8(ascii: ",")) else { break }
                cursor += 1
            }
        }
        return cases
    }

    /// Whether `members` (the marked tokens written directly in a type's scope) declare
    /// `init(from:)` (`init(from decoder: Decoder)`).
    private func declaresDecoder(among members: [Int]) -> Bool {
        members.contains { index in
            source.word(index) == ScannerWord.`init` && source.isPunctuation(index + 1, UInt8(ascii: "("))
                && source.isWord(index + 2, "from")
        }
    }

    /// The stored property declared by the `let` or `var` at `index`; nil for a computed one, a
    /// pattern, or a `let` of a condition.
    private mutating func storedProperty(at index: Int, in scope: SourceStructure.Scope) -> ScannedProperty? {
        switch source.word(index - 1) {
        case .if, .guard, .while, .case, .for, .catch: return nil
        default: break
        }
        let nameToken = index + 1
        guard source.isIdentifier(nameToken) else { return nil }
        var isStatic = false
        var back = index - 1
        while back > Int(scope.open), source.isIdentifier(back),
            !source.tokens[back + 1].flags.contains(.newlineBefore)
        {
            if source.isWord(back, "static") || source.isWord(back, "class") { isStatic = true }
            back -= 1
        }
        var cursor = nameToken + 1
        var type: String?
        if source.isPunctuation(cursor, UInt8(ascii: ":")) {
            let start = cursor + 1
            cursor = start
            var steps = 0
            while cursor < tokenCount, steps < 64, !isOperator(cursor, "="),
                !source.isPunctuation(cursor, UInt8(ascii: "{")), !source.isPunctuation(cursor, UInt8(ascii: ";")),
                !source.isPunctuation(cursor, UInt8(ascii: "}")),
                !(source.tokens[cursor].flags.contains(.newlineBefore) && steps > 0)
            {
                cursor = isOpener(cursor) ? structure.after(cursor) : cursor + 1
                steps += 1
            }
            if start < cursor { type = expressionText(start..<cursor) }
        }
        var initialValue: String?
        if isOperator(cursor, "=") {
            let start = cursor + 1
            let end = expressionEnd(from: start)
            if start < end { initialValue = expressionText(start..<end) }
        } else if source.isPunctuation(cursor, UInt8(ascii: "{")),
            !(source.isWord(cursor + 1, "willSet") || source.isWord(cursor + 1, "didSet"))
        {
            return nil
        }
        let isOptional = type.map { $0.hasSuffix("?") || $0.hasSuffix("!") || $0.hasPrefix("Optional<") } ?? false
        return ScannedProperty(
            name: source.text(nameToken), type: type, isOptional: isOptional, isConstant: source.word(index) == .let,
            isStatic: isStatic, initialValue: initialValue, location: location(nameToken))
    }

    // MARK: - Conditional compilation

    /// Every branch of the file's `#if` blocks, in the order they start (outer before inner).
    mutating func conditionalRegions() {
        guard !source.conditionals.isEmpty else { return }
        struct Branch {
            var directive: String
            var condition: String
            var earlier: [String]
            var line: Int
        }
        var open: [Branch] = []
        var regions: [ConditionalRegion] = []
        func close(_ branch: Branch, at line: Int, depth: Int) {
            regions.append(
                ConditionalRegion(
                    file: source.path, directive: branch.directive, condition: branch.condition,
                    earlierConditions: branch.earlier, lines: branch.line...max(branch.line, line), depth: depth))
        }
        var cursor = LexedSource.ColumnCursor()
        for directive in source.conditionals {
            let line = source.location(ofOffset: Int(directive.offset), cursor: &cursor).line
            let kind = directive.kind
            let condition = kind == .else || kind == .endif ? "" : conditionText(directive.condition)
            if kind.opens {
                open.append(Branch(directive: kind.rawValue, condition: condition, earlier: [], line: line))
            } else if let branch = open.popLast() {
                close(branch, at: line, depth: open.count)
                if kind.continues {
                    let earlier = branch.condition.isEmpty ? branch.earlier : branch.earlier + [branch.condition]
                    open.append(Branch(directive: kind.rawValue, condition: condition, earlier: earlier, line: line))
                }
            }
        }
        let lastLine = source.lineCount
        while let branch = open.popLast() { close(branch, at: lastLine, depth: open.count) }
        facts.conditionalRegions = regions.sorted { ($0.lines.lowerBound, $0.depth) < ($1.lines.lowerBound, $1.depth) }
    }

    /// A directive's condition: whitespace and line splices collapsed, at most 200 characters.
    private func conditionText(_ range: Range<Int32>) -> String {
        let start = max(0, min(Int(range.lowerBound), source.bytes.count))
        let end = max(start, min(Int(range.upperBound), source.bytes.count, start + 800))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        var pendingSpace = false
        for byte in source.bytes[start..<end] {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x5C {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.count > 200 && text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
