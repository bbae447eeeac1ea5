/// Declarations that may hold a constant, an object or a collection: Swift `let`/`var` and enum
/// cases, Objective-C typed variables and `#define`s.
extension FileAnalyzer {
    /// `let NAME = …`, `static let NAME: T = …`, `var NAME = …` (Swift).
    mutating func swiftDeclaration(at index: Int) {
        let previous = index - 1
        switch source.word(previous) {
        case .if, .guard, .while, .case, .for, .catch: return
        default: break
        }
        if source.isPunctuation(previous, UInt8(ascii: ",")) || source.isPunctuation(previous, UInt8(ascii: "(")) {
            return
        }
        let nameToken = index + 1
        guard source.isIdentifier(nameToken) else { return }
        let isVariable = source.word(index) == .var
        var cursor = nameToken + 1
        var typeName: String?
        if source.isPunctuation(cursor, UInt8(ascii: ":")) {
            cursor += 1
            if source.isIdentifier(cursor) { typeName = source.text(cursor) }
            var steps = 0
            while cursor < tokenCount, steps < 64, !isOperator(cursor, "="),
                !source.isPunctuation(cursor, UInt8(ascii: "{")), !source.isPunctuation(cursor, UInt8(ascii: ";")),
                !source.isPunctuation(cursor, UInt8(ascii: "}")),
                !(source.tokens[cursor].flags.contains(.newlineBefore) && steps > 0)
            {
                cursor = isOpener(cursor) ? structure.after(cursor) : cursor + 1
                steps += 1
            }
        }
        if isOperator(cursor, "=") {
            let start = cursor + 1
            if isConstructor(at: start) { return }
            declare(
                nameToken, .swift(initializer: start, isVariable: isVariable, typeName: typeName, isComputed: false))
        } else {
            let isComputed = source.isPunctuation(cursor, UInt8(ascii: "{"))
            declare(
                nameToken, .swift(initializer: nil, isVariable: isVariable, typeName: typeName, isComputed: isComputed))
        }
    }

    /// Whether a constructor this pass binds by itself starts at `index` (in Swift a `[` there
    /// opens an array of them, which is the declaration's to hold).
    func isConstructor(at index: Int) -> Bool {
        guard index < tokenCount else { return false }
        var first = index
        while !isSwift, source.isPunctuation(first, UInt8(ascii: "[")), first < index + 2 { first += 1 }
        switch source.word(first) {
        case .unNotificationCategory, .unNotificationAction, .unTextInputNotificationAction, .legacyMutableAction,
            .legacyMutableCategory:
            return true
        default:
            return false
        }
    }

    /// What an initializer gives its variable.
    func initializerValue(_ range: Range<Int>, isVariable: Bool, typeName: String?) -> Symbol.Value {
        // `.init(systemImageName:)` builds a home-screen shortcut's icon too: only a declared
        // `UNNotificationActionIcon` is an action's.
        if let icon = constructedActionIcon(range, implicitType: typeName == "UNNotificationActionIcon") {
            return .actionIcon(kind: icon.kind, name: icon.name)
        }
        let optionKind: OptionKind? =
            typeName == "UNNotificationActionOptions"
            ? .action : typeName == "UNNotificationCategoryOptions" ? .category : nil
        if optionKind != nil || looksLikeOptions(range) {
            if isVariable { return .variable }
            return .options(readOptions(range, kind: optionKind ?? .category))
        }
        if looksLikeCollection(range) { return .collection([]) }
        if isVariable { return .variable }
        switch readString(range) {
        case .literal(let value): return .string(.literal(value))
        case .reference(let reference): return .alias(reference)
        case .unresolved(let expression, let reason):
            return .string(.unresolved(expression: expression, reason: reason))
        case nil: return .other("nil")
        }
    }

    /// `[…]`, `@[…]`, `Set(…)`, `[NSSet setWithObjects:…]` and the like.
    func looksLikeCollection(_ range: Range<Int>) -> Bool {
        let range = strippingParentheses(range)
        guard let first = range.first else { return false }
        if isSwift {
            if source.isPunctuation(first, UInt8(ascii: "[")) { return true }
            return source.isWord(first, "Set") || source.isWord(first, "Array") || source.isWord(first, "NSSet")
                || source.isWord(first, "NSArray")
        }
        if source.isPunctuation(first, UInt8(ascii: "@")), source.isPunctuation(first + 1, UInt8(ascii: "[")) {
            return true
        }
        return source.isPunctuation(first, UInt8(ascii: "["))
            && (source.isWord(first + 1, "NSSet") || source.isWord(first + 1, "NSMutableSet")
                || source.isWord(first + 1, "NSArray") || source.isWord(first + 1, "NSMutableArray"))
    }

    /// `case a = "x", b` inside an `enum …: String`: each case with its raw value.
    mutating func enumCases(at index: Int) {
        let scope = structure.scope(of: index)
        guard scope.kind == .type, scope.isStringEnum else { return }
        var cursor = index + 1
        var count = 0
        while source.isIdentifier(cursor), count < 4096 {
            let nameToken = cursor
            let name = source.text(nameToken)
            cursor += 1
            var rawValue: String? = name
            if isOperator(cursor, "=") {
                if case .value(let value) = source.stringValue(cursor + 1) {
                    rawValue = value
                } else {
                    rawValue = nil
                }
                cursor += 2
            } else if source.isPunctuation(cursor, UInt8(ascii: "(")) {
                rawValue = nil
                cursor = structure.after(cursor)
            }
            let value: Symbol.Value =
                rawValue.map { .enumCase(rawValue: $0) } ?? .other("an enum case without a string raw value")
            facts.symbols.append(
                Symbol(
                    name: name, qualifier: scope.typePath, localScope: nil, order: Int32(nameToken), value: value,
                    location: location(nameToken)))
            count += 1
            guard source.isPunctuation(cursor, UInt8(ascii: ",")) else { break }
            cursor += 1
        }
    }

    /// `NSString *const NAME = @"…";`, `static NSString * const NAME = …;`, `extern NSString *const NAME;`,
    /// `NSArray *NAME = @[…];`, `UNNotificationActionOptions NAME = A | B;` (Objective-C).
    mutating func objectiveCDeclaration(_ word: ScannerWord, at index: Int) {
        guard !source.isPunctuation(index - 1, UInt8(ascii: "(")) else { return }
        var cursor = index + 1
        if isOperator(cursor, "<") {
            var steps = 0
            while cursor < tokenCount, steps < 32, !isOperator(cursor, ">") {
                cursor += 1
                steps += 1
            }
            cursor += 1
        }
        let isOptions = word == .actionOptions || word == .categoryOptions
        if !isOptions {
            guard source.isPunctuation(cursor, UInt8(ascii: "*")) else { return }
            cursor += 1
        }
        while source.isIdentifier(cursor), source.isIdentifier(cursor + 1) { cursor += 1 }
        guard source.isIdentifier(cursor) else { return }
        let nameToken = cursor
        if isOperator(nameToken + 1, "=") {
            let start = nameToken + 2
            if isConstructor(at: start) { return }
            declare(nameToken, .objectiveC(word: word, initializer: start, isExtern: false))
        } else if source.isPunctuation(nameToken + 1, UInt8(ascii: ";"))
            || source.isPunctuation(nameToken + 1, UInt8(ascii: ","))
        {
            var isExtern = false
            var back = index - 1
            while back >= max(0, index - 4) {
                if source.isWord(back, "extern") || source.isWord(back, "FOUNDATION_EXPORT")
                    || source.isWord(back, "UIKIT_EXTERN") || source.isWord(back, "FOUNDATION_EXTERN")
                {
                    isExtern = true
                }
                back -= 1
            }
            declare(nameToken, .objectiveC(word: word, initializer: nil, isExtern: isExtern))
        }
    }

    /// What an Objective-C initializer gives a variable of type `word`.
    func objectiveCInitializerValue(_ range: Range<Int>, word: ScannerWord) -> Symbol.Value {
        if word == .actionOptions || word == .categoryOptions {
            return .options(readOptions(range, kind: word == .actionOptions ? .action : .category))
        }
        if word == .nsString {
            switch readString(range) {
            case .literal(let text): return .string(.literal(text))
            case .reference(let reference): return .alias(reference)
            case .unresolved(let expression, let reason):
                return .string(.unresolved(expression: expression, reason: reason))
            case nil: return .other("nil")
            }
        }
        return looksLikeCollection(range) ? .collection([]) : .other(describe(range))
    }

    /// `#define NAME value`: a global constant (function-like macros are skipped).
    mutating func define(at index: Int) {
        let nameToken = index + 1
        guard source.isIdentifier(nameToken) else { return }
        if source.isPunctuation(nameToken + 1, UInt8(ascii: "(")),
            !source.tokens[nameToken + 1].flags.contains(.spaceBefore)
        {
            return
        }
        var end = nameToken + 1
        while end < tokenCount, source.tokens[end].kind != .directiveEnd { end += 1 }
        let range = (nameToken + 1)..<end
        let value: Symbol.Value
        if range.isEmpty {
            value = .other("an empty macro")
        } else if looksLikeOptions(range) {
            let first = strippingParentheses(range).lowerBound
            let kind: OptionKind = objectiveCOptionName(first, kind: .action) != nil ? .action : .category
            value = .options(readOptions(range, kind: kind))
        } else {
            switch readString(range) {
            case .literal(let text): value = .string(.literal(text))
            case .reference(let reference): value = .alias(reference)
            case .unresolved(let expression, let reason):
                value = .string(.unresolved(expression: expression, reason: reason))
            case nil: value = .other("nil")
            }
        }
        _ = addSymbol(source.text(nameToken), at: nameToken, value: value)
    }
}
