/// Reading expressions out of token ranges: arguments, statement ends, strings, option sets and
/// arrays of actions or categories.
extension FileAnalyzer {
    /// Which option set an options expression belongs to.
    enum OptionKind {
        case action
        case category

        var objectiveCPrefix: [UInt8] {
            switch self {
            case .action: Self.actionPrefix
            case .category: Self.categoryPrefix
            }
        }

        private static let actionPrefix = Array("UNNotificationActionOption".utf8)
        private static let categoryPrefix = Array("UNNotificationCategoryOption".utf8)

        var typeName: StaticString {
            switch self {
            case .action: "UNNotificationActionOptions"
            case .category: "UNNotificationCategoryOptions"
            }
        }
    }

    /// One argument of a Swift call.
    struct Argument {
        var label: String?
        var range: Range<Int>
    }

    /// One `label:value` part of an Objective-C message.
    struct MessagePart {
        var label: String
        var labelToken: Int
        var range: Range<Int>
    }

    var tokenCount: Int { source.tokens.count }

    func isOperator(_ index: Int, _ text: StaticString) -> Bool {
        guard index >= 0, index < tokenCount, source.tokens[index].kind == .operatorRun else { return false }
        return source.isWord(index, text)
    }

    func isOpener(_ index: Int) -> Bool {
        source.isPunctuation(index, UInt8(ascii: "(")) || source.isPunctuation(index, UInt8(ascii: "["))
            || source.isPunctuation(index, UInt8(ascii: "{"))
    }

    func isCloser(_ index: Int) -> Bool {
        source.isPunctuation(index, UInt8(ascii: ")")) || source.isPunctuation(index, UInt8(ascii: "]"))
            || source.isPunctuation(index, UInt8(ascii: "}"))
    }

    /// The matching closer of the opener at `index`, if it has one.
    func closer(of index: Int) -> Int? {
        guard index >= 0, index < structure.match.count else { return nil }
        let other = Int(structure.match[index])
        return other > index ? other : nil
    }

    /// The use site of token `index`.
    func site(_ index: Int) -> UseSite {
        let scope = structure.scopeIndex(of: index)
        return UseSite(
            file: fileIndex, token: Int32(index), typePath: structure.scopes[scope].typePath, scope: Int32(scope))
    }

    /// The source text of a token range, whitespace runs collapsed, cut at 200 characters.
    func expressionText(_ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokenCount else { return "" }
        let start = Int(source.tokens[range.lowerBound].start)
        let end = min(Int(source.tokens[range.upperBound - 1].end), start + 800)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(end - start, 256))
        var pendingSpace = false
        var index = start
        while index < end {
            let byte = source.bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
            index += 1
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.count > 200, text.count > 200 else { return text }
        return String(text.prefix(200)) + "…"
    }

    // MARK: - Arguments and statements

    /// The arguments of the Swift call whose `(` is at `open`, split at top-level commas.
    func swiftArguments(open: Int) -> [Argument] {
        guard let close = closer(of: open) else { return [] }
        var arguments: [Argument] = []
        var start = open + 1
        var index = start
        while index <= close {
            if index == close || source.isPunctuation(index, UInt8(ascii: ",")) {
                if start < index {
                    if source.isIdentifier(start), source.isPunctuation(start + 1, UInt8(ascii: ":")) {
                        arguments.append(Argument(label: source.text(start), range: (start + 2)..<index))
                    } else {
                        arguments.append(Argument(label: nil, range: start..<index))
                    }
                }
                index += 1
                start = index
                continue
            }
            index = isOpener(index) ? structure.after(index) : index + 1
        }
        return arguments
    }

    /// The arguments of the Swift call whose `(` is at `open`: each label's token (-1 when
    /// unlabelled) and value range, without making strings.
    func swiftArgumentRanges(open: Int) -> [(label: Int, range: Range<Int>)] {
        guard let close = closer(of: open) else { return [] }
        var arguments: [(label: Int, range: Range<Int>)] = []
        var start = open + 1
        var index = start
        while index <= close {
            if index == close || source.isPunctuation(index, UInt8(ascii: ",")) {
                if start < index {
                    if source.isIdentifier(start), source.isPunctuation(start + 1, UInt8(ascii: ":")) {
                        arguments.append((start, (start + 2)..<index))
                    } else {
                        arguments.append((-1, start..<index))
                    }
                }
                index += 1
                start = index
                continue
            }
            index = isOpener(index) ? structure.after(index) : index + 1
        }
        return arguments
    }

    /// The receiver and `label:value` parts of the Objective-C message whose `[` is at `open`.
    func objectiveCMessage(open: Int) -> (receiver: Range<Int>, parts: [MessagePart])? {
        guard source.isPunctuation(open, UInt8(ascii: "[")), let close = closer(of: open) else { return nil }
        var parts: [MessagePart] = []
        var currentLabel: Int?
        var currentStart = open + 1
        var questions = 0
        var index = open + 1
        while index < close {
            if isOpener(index) {
                index = structure.after(index)
                continue
            }
            if source.isPunctuation(index, UInt8(ascii: "?")) {
                questions += 1
            } else if source.isPunctuation(index, UInt8(ascii: ":")) {
                questions = max(0, questions - 1)
            } else if questions == 0, source.isIdentifier(index), source.isPunctuation(index + 1, UInt8(ascii: ":")) {
                if let label = currentLabel {
                    parts.append(MessagePart(label: source.text(label), labelToken: label, range: currentStart..<index))
                }
                currentLabel = index
                currentStart = index + 2
                index += 2
                continue
            }
            index += 1
        }
        if let label = currentLabel {
            parts.append(MessagePart(label: source.text(label), labelToken: label, range: currentStart..<close))
        }
        return (open + 1..<(parts.first?.labelToken ?? close), parts)
    }

    /// Where the expression starting at `start` ends: at `;`, `,`, a closer, an assignment `=` (a
    /// chained assignment's next target) or (Swift) a line break that does not continue the
    /// expression; at most 256 steps, bracket groups counting as one.
    func expressionEnd(from start: Int) -> Int {
        var index = start
        var steps = 0
        while index < tokenCount, steps < 256 {
            let token = source.tokens[index]
            if token.kind == .directiveEnd || (token.kind == .operatorRun && index > start && isOperator(index, "=")) {
                break
            }
            if isSwift, index > start, token.flags.contains(.newlineBefore), !continuesExpression(index) { break }
            if token.kind == .punctuation {
                let c = source.bytes[Int(token.start)]
                if c == UInt8(ascii: ";") || c == UInt8(ascii: ",") || c == UInt8(ascii: ")") || c == UInt8(ascii: "]")
                    || c == UInt8(ascii: "}")
                {
                    break
                }
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    index = structure.after(index)
                    steps += 1
                    continue
                }
            }
            index += 1
            steps += 1
        }
        return min(index, tokenCount)
    }

    /// A Swift token on a new line that still belongs to the expression before it.
    private func continuesExpression(_ index: Int) -> Bool {
        source.isPunctuation(index, UInt8(ascii: ".")) || source.tokens[index].kind == .operatorRun
            || source.tokens[index - 1].kind == .operatorRun || source.isPunctuation(index - 1, UInt8(ascii: "."))
    }

    /// `range` without parentheses around all of it.
    func strippingParentheses(_ range: Range<Int>) -> Range<Int> {
        var range = range
        var steps = 0
        while range.count >= 2, steps < 64, source.isPunctuation(range.lowerBound, UInt8(ascii: "(")),
            closer(of: range.lowerBound) == range.upperBound - 1
        {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
            steps += 1
        }
        return range
    }

    /// The expression before the `.` at `dot`: `bestAttemptContent?`, `self.content`, `request.content`.
    func receiverText(beforeDot dot: Int) -> String {
        var start = dot
        var index = dot - 1
        var steps = 0
        while index >= 0, steps < 64 {
            if isCloser(index) {
                let opener = Int(structure.match[index])
                guard opener >= 0, opener < index else { break }
                start = opener
                index = opener - 1
            } else if source.isIdentifier(index) || source.isPunctuation(index, UInt8(ascii: "."))
                || source.isPunctuation(index, UInt8(ascii: "?")) || source.isPunctuation(index, UInt8(ascii: "!"))
            {
                if source.isIdentifier(index), index + 1 < dot, source.isIdentifier(index + 1) { break }
                start = index
                if isSwift, source.tokens[index].flags.contains(.newlineBefore),
                    !source.isPunctuation(index, UInt8(ascii: "."))
                {
                    break
                }
                index -= 1
            } else {
                break
            }
            steps += 1
        }
        return expressionText(start..<dot)
    }

    // MARK: - Strings

    /// The string of an argument that may be absent; nil when it is absent or `nil`.
    func readString(_ range: Range<Int>?) -> SymbolicString? {
        guard let range else { return nil }
        return readString(range)
    }

    /// A string-valued expression: a literal, a name to resolve later, or why it is neither.
    /// Whether token `index` is `nil`, `Nil` or `NULL`.
    func isNilLiteral(_ index: Int) -> Bool {
        source.isWord(index, "nil") || source.isWord(index, "Nil") || source.isWord(index, "NULL")
    }

    /// Nil for `nil`.
    func readString(_ range: Range<Int>) -> SymbolicString? {
        let range = strippingParentheses(range)
        var text: String { expressionText(range) }
        guard !range.isEmpty else { return .unresolved(expression: "", reason: "no value") }
        if range.count == 1 {
            let index = range.lowerBound
            switch source.tokens[index].kind {
            case .string:
                switch source.stringValue(index) {
                case .value(let value): return .literal(value)
                case .interpolated: return .unresolved(expression: text, reason: "string interpolation")
                case .unterminated, nil: return .unresolved(expression: text, reason: "unterminated string literal")
                }
            case .identifier:
                if isNilLiteral(index) { return nil }
                // A parameter of the function around: its value comes from the callers (a file's
                // own helpers are followed to their calls, `CategoryTemplates`), never from a
                // constant of the same name elsewhere.
                if let function = parameterOwner(of: index) {
                    return .unresolved(
                        expression: text, reason: "a parameter of \(function), known only at run time")
                }
            case .number:
                return .unresolved(expression: text, reason: "a number, not a string")
            default:
                break
            }
        }
        if let reference = referenceChain(range) { return .reference(reference) }
        return .unresolved(expression: text, reason: describe(range))
    }

    /// `name`, `A.b.c`, `Self.x`, `.case.rawValue`: a reference covering all of `range`.
    func referenceChain(_ range: Range<Int>) -> SymbolReference? {
        var index = range.lowerBound
        var implicit = false
        if source.isPunctuation(index, UInt8(ascii: ".")) {
            implicit = true
            index += 1
        }
        var path: [String] = []
        while index < range.upperBound {
            guard source.isIdentifier(index), path.count < 16 else { return nil }
            path.append(source.text(index))
            index += 1
            if index == range.upperBound { break }
            guard source.isPunctuation(index, UInt8(ascii: ".")), index + 1 < range.upperBound else { return nil }
            index += 1
        }
        guard !path.isEmpty else { return nil }
        var rawValue = false
        if path.count > 1, path.last == "rawValue" {
            rawValue = true
            path.removeLast()
        }
        return SymbolReference(path: path, implicitMember: implicit, rawValue: rawValue, site: site(range.lowerBound))
    }

    /// Why an expression is not a constant, in words.
    func describe(_ range: Range<Int>) -> String {
        var index = range.lowerBound
        var reason: String?
        while index < range.upperBound {
            let token = source.tokens[index]
            if token.kind == .string, token.flags.contains(.interpolated) { return "string interpolation" }
            if token.kind == .operatorRun {
                if source.isWord(index, "+") { return "concatenation" }
                if source.isWord(index, "??") { reason = reason ?? "nil-coalescing expression" }
                if source.isWord(index, "?") { reason = reason ?? "conditional expression" }
            }
            if source.isPunctuation(index, UInt8(ascii: "?")), token.flags.contains(.spaceBefore) {
                reason = reason ?? "conditional expression"
            }
            if source.isPunctuation(index, UInt8(ascii: "(")), index > range.lowerBound, source.isIdentifier(index - 1)
            {
                reason = reason ?? "function call \(source.text(index - 1))(…)"
            }
            if !isSwift, source.isPunctuation(index, UInt8(ascii: "[")), index == range.lowerBound {
                reason = reason ?? "message send"
            }
            index = isOpener(index) && index != range.lowerBound ? structure.after(index) : index + 1
        }
        return reason ?? "an expression the scanner does not evaluate"
    }

    // MARK: - Options

    /// Whether a Swift initializer is an option set (`.a`, `[.a, .b]`, `UNNotificationActionOptions.a`).
    func looksLikeOptions(_ range: Range<Int>) -> Bool {
        let range = strippingParentheses(range)
        guard !range.isEmpty else { return false }
        let first = range.lowerBound
        if isSwift {
            if source.isPunctuation(first, UInt8(ascii: ".")) { return true }
            if source.isWord(first, "UNNotificationActionOptions")
                || source.isWord(first, "UNNotificationCategoryOptions")
            {
                return true
            }
            if source.isPunctuation(first, UInt8(ascii: "[")), closer(of: first) == range.upperBound - 1,
                range.count > 2
            {
                return swiftArguments(open: first).allSatisfy { argument in
                    argument.label == nil && source.isPunctuation(argument.range.lowerBound, UInt8(ascii: "."))
                }
            }
            return false
        }
        return objectiveCOptionName(first, kind: .action) != nil || objectiveCOptionName(first, kind: .category) != nil
    }

    /// The option set written in `range`.
    func readOptions(_ range: Range<Int>, kind: OptionKind) -> SymbolicOptions {
        let range = strippingParentheses(range)
        guard !range.isEmpty else { return .names([]) }
        return isSwift ? readSwiftOptions(range, kind: kind) : readObjectiveCOptions(range, kind: kind)
    }

    private func readSwiftOptions(_ range: Range<Int>, kind: OptionKind) -> SymbolicOptions {
        var text: String { expressionText(range) }
        let first = range.lowerBound
        if source.isPunctuation(first, UInt8(ascii: "[")), closer(of: first) == range.upperBound - 1 {
            var names: Set<String> = []
            for argument in swiftArguments(open: first) {
                guard let name = swiftOptionName(argument.range, kind: kind) else {
                    return .unresolved(expression: text, reason: "an option the scanner does not read")
                }
                names.insert(name)
            }
            return .names(names)
        }
        if let name = swiftOptionName(range, kind: kind) { return .names([name]) }
        // `UNNotificationCategoryOptions()`, `.init()`, `UNNotificationCategoryOptions(rawValue: 0)`.
        var index = first
        if source.isPunctuation(index, UInt8(ascii: ".")) { index += 1 }
        if source.isWord(index, "init") || source.isWord(index, kind.typeName) {
            var open = index + 1
            if source.isPunctuation(open, UInt8(ascii: ".")), source.isWord(open + 1, "init") { open += 2 }
            if source.isPunctuation(open, UInt8(ascii: "(")), closer(of: open) == range.upperBound - 1 {
                if open + 1 == range.upperBound - 1 { return .names([]) }
                return .unresolved(expression: text, reason: "an option set built from a raw value")
            }
        }
        if let reference = referenceChain(range) { return .reference(reference) }
        return .unresolved(expression: text, reason: describe(range))
    }

    /// `.name` or `UNNotification…Options.name` covering `range`.
    private func swiftOptionName(_ range: Range<Int>, kind: OptionKind) -> String? {
        let start = range.lowerBound
        if range.count == 2, source.isPunctuation(start, UInt8(ascii: ".")), source.isIdentifier(start + 1) {
            return Self.lowercasingFirst(source.text(start + 1))
        }
        if range.count == 3,
            source.isWord(start, "UNNotificationActionOptions")
                || source.isWord(start, "UNNotificationCategoryOptions"),
            source.isPunctuation(start + 1, UInt8(ascii: ".")), source.isIdentifier(start + 2)
        {
            return Self.lowercasingFirst(source.text(start + 2))
        }
        return nil
    }

    private func readObjectiveCOptions(_ range: Range<Int>, kind: OptionKind) -> SymbolicOptions {
        var text: String { expressionText(range) }
        var names: Set<String> = []
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = start
        while index <= range.upperBound {
            if index == range.upperBound || source.isPunctuation(index, UInt8(ascii: "|")) {
                parts.append(start..<index)
                start = index + 1
                index += 1
                continue
            }
            index = isOpener(index) ? structure.after(index) : index + 1
        }
        if parts.count == 1, let only = parts.first {
            let part = strippingParentheses(only)
            if part.count == 1, source.isIdentifier(part.lowerBound),
                objectiveCOptionName(part.lowerBound, kind: kind) == nil,
                !source.isWord(part.lowerBound, "kNilOptions"), let reference = referenceChain(part)
            {
                return .reference(reference)
            }
        }
        for part in parts.map({ strippingParentheses($0) }) {
            guard part.count == 1 else { return .unresolved(expression: text, reason: describe(range)) }
            let index = part.lowerBound
            if source.isWord(index, "0") || source.isWord(index, "kNilOptions") { continue }
            guard let name = objectiveCOptionName(index, kind: kind) else {
                return .unresolved(expression: text, reason: "an option the scanner does not read")
            }
            if name != "none" { names.insert(name) }
        }
        return .names(names)
    }

    /// `UNNotificationActionOptionForeground` → `foreground` (for the given kind), `…None` → `none`.
    func objectiveCOptionName(_ index: Int, kind: OptionKind) -> String? {
        guard source.isIdentifier(index) else { return nil }
        let token = source.tokens[index]
        let prefix = kind.objectiveCPrefix
        let start = Int(token.start), end = Int(token.end)
        guard end - start > prefix.count, source.bytes[start..<(start + prefix.count)].elementsEqual(prefix) else {
            return nil
        }
        return Self.lowercasingFirst(source.text(from: start + prefix.count, to: end))
    }

    static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    // MARK: - Arrays of objects

    /// Names that build arrays and sets, skipped inside element lists.
    static func isCollectionWord(_ word: String) -> Bool {
        switch word {
        case "Set", "NSSet", "NSMutableSet", "NSArray", "NSMutableArray", "Array", "setWithObjects", "setWithObject",
            "setWithArray", "arrayWithObjects", "arrayWithObject", "arrayWithArray", "initWithObjects", "initWithArray",
            "alloc", "init", "new", "arrayLiteral", "array", "nil", "Nil", "NULL", "as", "Any", "AnyHashable",
            "UNNotificationCategory", "UNNotificationAction", "UNTextInputNotificationAction",
            "UIUserNotificationCategory", "UIMutableUserNotificationCategory", "UIUserNotificationAction",
            "UIMutableUserNotificationAction":
            true
        default: false
        }
    }

    /// The objects an array, set or variable expression holds: constructor calls written in place,
    /// names to resolve later, and anything else as opaque.
    func elements(in range: Range<Int>) -> [SymbolicElement] {
        var elements: [SymbolicElement] = []
        var index = range.lowerBound
        while index < range.upperBound, elements.count < 4096 {
            if let object = objectAt[Int32(index)] {
                elements.append(.object(object.id))
                index = max(index + 1, object.end)
                continue
            }
            let token = source.tokens[index]
            switch token.kind {
            case .identifier:
                if source.isPunctuation(index + 1, UInt8(ascii: ":")) {
                    index += 2
                    continue
                }
                let word = source.text(index)
                if Self.isCollectionWord(word) {
                    index += 1
                    continue
                }
                var end = index + 1
                while source.isPunctuation(end, UInt8(ascii: ".")), source.isIdentifier(end + 1),
                    end + 1 < range.upperBound
                {
                    end += 2
                }
                if source.isPunctuation(end, UInt8(ascii: "(")) {
                    let callEnd = structure.after(end)
                    elements.append(
                        .opaque(
                            expression: expressionText(index..<min(callEnd, range.upperBound)), reason: "function call")
                    )
                    index = callEnd
                    continue
                }
                if end == index + 1, let function = parameterOwner(of: index) {
                    // A parameter: its elements come from the callers.
                    elements.append(
                        .opaque(
                            expression: word, reason: "a parameter of \(function), known only at run time"))
                } else if let reference = referenceChain(index..<end) {
                    elements.append(.reference(reference))
                }
                index = end
            case .punctuation where source.isPunctuation(index, UInt8(ascii: ".")) && source.isIdentifier(index + 1):
                if index > range.lowerBound, source.isIdentifier(index - 1) || isCloser(index - 1) {
                    // `[a, b].filter { … }`: a method on the collection.
                    let end =
                        source.isPunctuation(index + 2, UInt8(ascii: "(")) ? structure.after(index + 2) : index + 2
                    elements.append(
                        .opaque(expression: expressionText(index..<min(end, range.upperBound)), reason: "method call"))
                    index = end
                    continue
                }
                var end = index + 2
                while source.isPunctuation(end, UInt8(ascii: ".")), source.isIdentifier(end + 1),
                    end + 1 < range.upperBound
                {
                    end += 2
                }
                if let reference = referenceChain(index..<end) { elements.append(.reference(reference)) }
                index = end
            case .punctuation where source.isPunctuation(index, UInt8(ascii: "[")) && !isSwift:
                // A message send that builds nothing we know: `[self categories]`.
                if source.isIdentifier(index + 1), source.isIdentifier(index + 2),
                    !Self.isCollectionWord(source.text(index + 1))
                {
                    let end = structure.after(index)
                    elements.append(
                        .opaque(expression: expressionText(index..<min(end, range.upperBound)), reason: "message send"))
                    index = end
                    continue
                }
                index += 1
            case .string, .number, .character:
                elements.append(.opaque(expression: expressionText(index..<index + 1), reason: "not an object"))
                index += 1
            default:
                index += 1
            }
        }
        return elements
    }
}
