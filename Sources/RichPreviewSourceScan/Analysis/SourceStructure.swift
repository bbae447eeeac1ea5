/// The nesting of a lexed file: matching brackets, the innermost open bracket around every token
/// (Objective-C files), and brace scopes with what opened them (a type, a function, anything else),
/// from which the scope of any token is found.
///
/// One pass with an explicit stack; nesting deeper than `nestingLimit` stops it (`tooDeep`).
/// A closer that matches nothing is ignored; one that matches an opener a few levels down closes
/// the openers above it (they stay unmatched).
struct SourceStructure {
    /// How deep brackets may nest before the file's facts are not extracted.
    static let nestingLimit = 256

    /// For a bracket, the index of its counterpart; -1 for unmatched brackets and other tokens.
    private(set) var match: [Int32]
    /// For an Objective-C file, the innermost unclosed `(`, `[` or `{` around each token (-1 at the
    /// top); empty for Swift, whose reading never asks (see `parent(of:)`).
    private var parents: [Int32]
    /// The brace scopes in the order they open (0 is the file).
    private(set) var scopes: [Scope]
    private(set) var tooDeep: Bool

    /// A `{ … }` region (or the whole file).
    struct Scope {
        enum Kind { case file, type, function, other }
        var kind: Kind
        /// The enclosing scope (the file scope is its own parent).
        var parent: Int32
        /// The `{` token, and its `}` (the token count when unclosed); -1 and the count for the file.
        var open: Int32
        var close: Int32
        /// The enclosing types' names, outermost first, including this scope's own for a type.
        var typePath: [String]
        /// An enum declared with `String` raw values (`enum X: String`).
        var isStringEnum: Bool
        /// The innermost function scope around (or being) this one; -1 when there is none.
        var function: Int32
        /// For a function scope: where its declaration starts (`func`, `init`, an Objective-C `-`/`+`,
        /// a C function's name), how to read it, and the Objective-C class it is in (-1 when none).
        /// For a Swift type: its keyword (`struct`, `extension`, …).
        var declaration: Int32 = -1
        var declarationStyle: DeclarationStyle = .swift
        var objectiveCClass: Int32 = -1
    }

    /// How a function's declaration is written.
    enum DeclarationStyle { case swift, objectiveCMethod, cFunction }

    private enum Pending {
        case type(path: [String], stringEnum: Bool)
        case function(declaration: Int)
    }

    init(_ source: LexedSource) {
        let count = source.tokens.count
        var match = [Int32](repeating: -1, count: count)
        var parents = [Int32](repeating: -1, count: source.language == .objectiveC ? count : 0)
        var scopes = [
            Scope(
                kind: .file, parent: 0, open: -1, close: Int32(count), typePath: [], isStringEnum: false, function: -1)
        ]
        var tooDeep = false
        match.withUnsafeMutableBufferPointer { match in
            parents.withUnsafeMutableBufferPointer { parents in
                tooDeep = !Self.build(
                    source, match: match, parents: parents.isEmpty ? nil : parents, scopes: &scopes)
            }
        }
        self.match = match
        self.parents = parents
        self.scopes = scopes
        self.tooDeep = tooDeep
    }

    /// The innermost unclosed `(`, `[` or `{` around token `index` in an Objective-C file; -1 at
    /// the top, outside the tokens, and in a Swift file.
    func parent(of index: Int) -> Int {
        index >= 0 && index < parents.count ? Int(parents[index]) : -1
    }

    /// The innermost brace scope of token `index` (an index into `scopes`; 0, the file, for an
    /// index outside the tokens): the scope opened last before the token that its closer has not
    /// passed. A brace's own `{` is outside its scope and its `}` inside.
    func scopeIndex(of index: Int) -> Int {
        guard index >= 0, index < match.count else { return 0 }
        // The last scope whose `{` comes before the token (scopes are in the order they open).
        var low = 1
        var high = scopes.count
        while low < high {
            let middle = (low + high) / 2
            if Int(scopes[middle].open) < index { low = middle + 1 } else { high = middle }
        }
        // Out through the scopes around it (nested at most `nestingLimit` deep) to the first one
        // still open at the token.
        var current = low - 1
        var steps = 0
        while current > 0, current < scopes.count, Int(scopes[current].close) < index, steps <= Self.nestingLimit {
            current = Int(scopes[current].parent)
            steps += 1
        }
        return current >= 0 && current < scopes.count ? current : 0
    }

    /// The token after the bracket group starting at `index` (or `index + 1` when it is not an opener
    /// or is unmatched).
    func after(_ index: Int) -> Int {
        guard index >= 0, index < match.count else { return index + 1 }
        let other = Int(match[index])
        return other > index ? other + 1 : index + 1
    }

    /// The scope of token `index`.
    func scope(of index: Int) -> Scope {
        scopes[scopeIndex(of: index)]
    }

    /// The function around token `index`, as reported: `Type.name(label:)`, `-[Class selector:]`,
    /// `cFunction`; nil at file level.
    func functionName(around index: Int, in source: LexedSource) -> String? {
        let functionIndex = Int(scope(of: index).function)
        guard functionIndex > 0, functionIndex < scopes.count else { return nil }
        let function = scopes[functionIndex]
        let start = Int(function.declaration)
        switch function.declarationStyle {
        case .swift:
            let name: String
            if source.isWord(start, "func") {
                name = source.text(start + 1) + Self.swiftLabels(source, from: start + 2)
            } else if source.isWord(start, "deinit") {
                name = "deinit"
            } else {
                name = source.text(start) + Self.swiftLabels(source, from: start + 1)
            }
            return function.typePath.isEmpty ? name : function.typePath.joined(separator: ".") + "." + name
        case .objectiveCMethod:
            let className = function.objectiveCClass >= 0 ? source.text(Int(function.objectiveCClass)) : nil
            return Self.objectiveCMethodName(
                source, from: start, to: Int(function.open), className: className, match: match)
        case .cFunction:
            return source.text(start)
        }
    }

    /// The innermost function scope around token `index` (or the file scope).
    func functionScope(of index: Int) -> Scope {
        guard index >= 0, index < match.count else { return scopes[0] }
        var current = scopeIndex(of: index)
        var steps = 0
        while current != 0, scopes[current].kind != .function, steps < Self.nestingLimit {
            current = Int(scopes[current].parent)
            steps += 1
        }
        return scopes[current]
    }

    /// Fills the per-token tables (each as long as the token list, or nil; every index below is a
    /// token index, so in range) and the scopes; false when nesting passes the limit.
    private static func build(
        _ source: LexedSource, match: UnsafeMutableBufferPointer<Int32>, parents: UnsafeMutableBufferPointer<Int32>?,
        scopes: inout [Scope]
    ) -> Bool {
        let tokens = source.tokens
        let swift = source.language == .swift
        var stack: [(token: Int32, scope: Int32, outer: Int32)] = []
        stack.reserveCapacity(Self.nestingLimit + 1)
        // About one mark in eight opens a brace: room for the scopes without regrowing, mostly.
        scopes.reserveCapacity(source.marks.count / 8 + 1)
        var currentScope: Int32 = 0
        var pending: Pending?
        var pendingDepth = 0
        // The keyword of the pending declaration.
        var pendingKeyword: Int32 = -1
        var objectiveCClass: Int32 = -1
        var methodStart: Int?
        // Only the marked tokens can change anything here; the tokens between two marks share
        // the innermost bracket of the first.
        var parentsFilled = 0
        for mark in source.marks {
            let index = Int(mark)
            guard index >= 0, index < tokens.count else { continue }
            if let parents {
                let top = stack.last?.token ?? -1
                while parentsFilled <= index {
                    parents[parentsFilled] = top
                    parentsFilled += 1
                }
            }
            let token = tokens[index]
            switch token.kind {
            case .identifier where swift:
                guard token.word != 0, let keyword = ScannerWord(rawValue: token.word) else { break }
                if let found = Self.swiftDeclaration(keyword, source, at: index) {
                    pending = found
                    pendingKeyword = Int32(index)
                    pendingDepth = stack.count
                } else if keyword == .var || keyword == .let || keyword == .import || keyword == .typealias {
                    pending = nil
                }
            case .atKeyword:
                if source.isWord(index, "implementation") || source.isWord(index, "interface")
                    || source.isWord(index, "protocol")
                {
                    objectiveCClass = source.isIdentifier(index + 1) ? Int32(index + 1) : -1
                } else if source.isWord(index, "end") {
                    objectiveCClass = -1
                }
            case .operatorRun where !swift && stack.isEmpty:
                if (source.isPunctuation(index, UInt8(ascii: "-")) || source.isPunctuation(index, UInt8(ascii: "+")))
                    && source.isPunctuation(index + 1, UInt8(ascii: "("))
                {
                    methodStart = index
                }
            case .punctuation:
                let c = source.bytes[Int(token.start)]
                switch c {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard stack.count < Self.nestingLimit else { return false }
                    var scope: Int32 = -1
                    if c == UInt8(ascii: "{") {
                        var kind = Scope.Kind.other
                        var typePath = scopes[Int(currentScope)].typePath
                        var stringEnum = false
                        var declaration: Int32 = -1
                        var style = DeclarationStyle.swift
                        if swift, let declared = pending, pendingDepth == stack.count {
                            switch declared {
                            case .type(let path, let isStringEnum):
                                kind = .type
                                declaration = pendingKeyword
                                // A type at the top (most are) takes its own path as it is.
                                typePath = typePath.isEmpty ? path : typePath + path
                                stringEnum = isStringEnum
                            case .function(let start):
                                kind = .function
                                declaration = Int32(start)
                            }
                            pending = nil
                        } else if !swift, stack.isEmpty {
                            if let start = methodStart {
                                kind = .function
                                declaration = Int32(start)
                                style = .objectiveCMethod
                            } else if let nameToken = Self.cFunctionNameToken(
                                source, before: index, match: index > 0 ? match[index - 1] : -1)
                            {
                                kind = .function
                                declaration = Int32(nameToken)
                                style = .cFunction
                            }
                            methodStart = nil
                        }
                        let newIndex = Int32(scopes.count)
                        scopes.append(
                            Scope(
                                kind: kind, parent: currentScope, open: Int32(index), close: Int32(tokens.count),
                                typePath: typePath, isStringEnum: stringEnum,
                                function: kind == .function ? newIndex : scopes[Int(currentScope)].function,
                                declaration: declaration, declarationStyle: style,
                                objectiveCClass: kind == .function ? objectiveCClass : -1))
                        scope = Int32(scopes.count - 1)
                    }
                    stack.append((Int32(index), scope, currentScope))
                    if scope >= 0 { currentScope = scope }
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let opener: UInt8 =
                        c == UInt8(ascii: ")")
                        ? UInt8(ascii: "(") : c == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    var depth = stack.count - 1
                    let lowest = max(0, stack.count - 4)
                    while depth >= lowest, source.bytes[Int(tokens[Int(stack[depth].token)].start)] != opener {
                        depth -= 1
                    }
                    guard depth >= lowest, depth >= 0 else { break }
                    while stack.count > depth {
                        guard let top = stack.popLast() else { break }
                        if top.scope >= 0 {
                            scopes[Int(top.scope)].close = Int32(index)
                            currentScope = top.outer
                        }
                        if stack.count == depth {
                            match[Int(top.token)] = Int32(index)
                            match[index] = top.token
                        }
                    }
                    if c == UInt8(ascii: "}") { pending = nil }
                case UInt8(ascii: ";"):
                    if !swift, stack.isEmpty { methodStart = nil }
                default:
                    break
                }
            default:
                break
            }
        }
        if let parents {
            let top = stack.last?.token ?? -1
            while parentsFilled < parents.count {
                parents[parentsFilled] = top
                parentsFilled += 1
            }
        }
        return true
    }

    private static let classModifierFollowers: Set<String> = [
        "func", "var", "let", "override", "final", "static", "private", "fileprivate", "internal", "public", "open",
        "required", "convenience", "subscript", "init", "dynamic", "lazy", "weak", "unowned", "mutating",
        "nonmutating", "indirect", "async", "nonisolated",
    ]

    /// A Swift `struct`/`class`/`enum`/`extension`/`protocol`/`actor`, `func`, `init`, `deinit` or
    /// `subscript` starting at `index`.
    private static func swiftDeclaration(_ keyword: ScannerWord, _ source: LexedSource, at index: Int) -> Pending? {
        switch keyword {
        case .func, .`init`, .subscript, .deinit, .struct, .class, .enum, .extension, .protocol, .actor: break
        default: return nil
        }
        guard !source.isPunctuation(index - 1, UInt8(ascii: ".")) else { return nil }
        switch keyword {
        case .func, .`init`, .subscript, .deinit:
            return .function(declaration: index)
        default:
            break
        }
        guard source.isIdentifier(index + 1) else { return nil }
        if keyword == .class, classModifierFollowers.contains(source.text(index + 1)) { return nil }
        var path = [source.text(index + 1)]
        var cursor = index + 2
        while path.count < 8, source.isPunctuation(cursor, UInt8(ascii: ".")), source.isIdentifier(cursor + 1) {
            path.append(source.text(cursor + 1))
            cursor += 2
        }
        var stringEnum = false
        if keyword == .enum, source.isPunctuation(cursor, UInt8(ascii: ":")) {
            stringEnum =
                source.isWord(cursor + 1, "String")
                || (source.isWord(cursor + 1, "Swift") && source.isPunctuation(cursor + 2, UInt8(ascii: "."))
                    && source.isWord(cursor + 3, "String"))
        }
        return .type(path: path, stringEnum: stringEnum)
    }

    /// `(label:label:)` from the parameter list that starts at or a little after `start` (generic
    /// parameters and `?`/`!` skipped); "" when there is none.
    private static func swiftLabels(_ source: LexedSource, from start: Int) -> String {
        var cursor = start
        let limit = min(source.tokens.count, start + 32)
        while cursor < limit, !source.isPunctuation(cursor, UInt8(ascii: "(")) {
            if source.isPunctuation(cursor, UInt8(ascii: "{")) { return "" }
            cursor += 1
        }
        guard cursor < limit else { return "" }
        var labels: [String] = []
        var depth = 0
        var expectLabel = true
        var index = cursor + 1
        while index < source.tokens.count, labels.count < 64 {
            let token = source.tokens[index]
            if token.kind == .punctuation {
                let c = source.bytes[Int(token.start)]
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    depth += 1
                } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    if depth == 0 { break }
                    depth -= 1
                } else if c == UInt8(ascii: ","), depth == 0 {
                    expectLabel = true
                    index += 1
                    continue
                }
            }
            if expectLabel, depth == 0, token.kind == .identifier {
                labels.append(source.text(index))
                expectLabel = false
            }
            index += 1
        }
        return "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// `-[Class part:part:]` for the Objective-C method whose `-`/`+` is at `start` and body at `brace`.
    private static func objectiveCMethodName(
        _ source: LexedSource, from start: Int, to brace: Int, className: String?, match: [Int32]
    ) -> String {
        var selector = ""
        var index = start + 1
        var sawColon = false
        var lastName: String?
        while index < brace {
            if source.isPunctuation(index, UInt8(ascii: "(")) {
                let close = Int(match[index])
                index = close > index ? close + 1 : index + 1
                continue
            }
            if source.isIdentifier(index) {
                if source.isPunctuation(index + 1, UInt8(ascii: ":")) {
                    selector += source.text(index) + ":"
                    sawColon = true
                    index += 2
                    continue
                }
                if lastName == nil { lastName = source.text(index) }
            }
            index += 1
        }
        if !sawColon { selector = lastName ?? "" }
        let kind = source.isPunctuation(start, UInt8(ascii: "+")) ? "+" : "-"
        return "\(kind)[\(className ?? "?") \(selector)]"
    }

    /// The name token of a C function whose body starts at `brace`: `name(…) {`; `match` is the
    /// counterpart of the token before the brace.
    private static func cFunctionNameToken(_ source: LexedSource, before brace: Int, match: Int32) -> Int? {
        guard source.isPunctuation(brace - 1, UInt8(ascii: ")")) else { return nil }
        let open = Int(match)
        guard open >= 1, source.isIdentifier(open - 1) else { return nil }
        return open - 1
    }
}
