/// The conditional-compilation names a target builds with, and whether it compiles a branch of
/// an `#if` block: Swift's `SWIFT_ACTIVE_COMPILATION_CONDITIONS`, the preprocessor's
/// `GCC_PREPROCESSOR_DEFINITIONS` and `OTHER_CFLAGS`' `-DNAME[=VALUE]`, and Swift's
/// `OTHER_SWIFT_FLAGS` `-DNAME`.
///
/// A name counts as known when some target of the projects defines it (a flavour's name): a
/// target that does not define it builds without it. A name no target defines (set by a
/// scheme, an `.xcconfig` lint did not read, the compiler itself), `DEBUG` (defined in one
/// configuration and not another), and conditions lint does not evaluate (`canImport`,
/// `targetEnvironment`, `__has_include`, comparisons of values) leave the answer unknown.
struct CompilationConditions {
    /// Swift's active conditions.
    var swift: Set<String>
    /// Preprocessor macros with their values (`1` when given none).
    var macros: [String: String]
    /// The platform, for Swift's `os(…)`.
    var platform: XcodeProject.Platform

    /// The conditions of `target`.
    init(_ target: XcodeProject.Target) {
        var swift = Set(
            (target.setting("SWIFT_ACTIVE_COMPILATION_CONDITIONS") ?? "").split(separator: " ").map(String.init))
        // `OTHER_SWIFT_FLAGS = -DNAME` or `-D NAME`.
        let swiftFlags = (target.setting("OTHER_SWIFT_FLAGS") ?? "").split(separator: " ").map(String.init)
        for (index, flag) in swiftFlags.enumerated() where flag.hasPrefix("-D") {
            let name =
                flag == "-D" ? (index + 1 < swiftFlags.count ? swiftFlags[index + 1] : "") : String(flag.dropFirst(2))
            if !name.isEmpty { swift.insert(name) }
        }
        self.swift = swift
        var macros: [String: String] = [:]
        let definitions = (target.setting("GCC_PREPROCESSOR_DEFINITIONS") ?? "").split(separator: " ").map(String.init)
        let flags = (target.setting("OTHER_CFLAGS") ?? "").split(separator: " ").filter { $0.hasPrefix("-D") }
            .map { String($0.dropFirst(2)) }
        for definition in definitions + flags where !definition.isEmpty {
            let parts = definition.split(separator: "=", maxSplits: 1).map(String.init)
            macros[parts[0]] = parts.count > 1 ? parts[1] : "1"
        }
        self.macros = macros
        platform = target.platform
    }

    /// The names any of `targets` defines, for either language.
    static func knownNames(_ targets: [XcodeProject.Target]) -> Set<String> {
        targets.reduce(into: Set<String>()) { names, target in
            let conditions = CompilationConditions(target)
            names.formUnion(conditions.swift)
            names.formUnion(conditions.macros.keys)
        }
    }

    /// Whether the code at `location` is compiled: false when a branch around it is not, nil
    /// when some branch around it cannot be told, true otherwise (no branch, or every branch
    /// taken).
    func compiles(
        _ location: CodeLocation, in regions: [ConditionalRegion], known: Set<String>
    ) -> Bool? {
        let isSwift = location.file.hasSuffix(".swift")
        var answer: Bool? = true
        for region in regions where region.contains(location) {
            let taken = and(
                [evaluate(region.directive, region.condition, isSwift: isSwift, known: known)]
                    + region.earlierConditions.map { not(evaluate("if", $0, isSwift: isSwift, known: known)) })
            if taken == false { return false }
            if taken == nil { answer = nil }
        }
        return answer
    }

    /// A branch's own condition: `else` is taken; `#ifdef NAME`, `#ifndef NAME`; an expression.
    func evaluate(_ directive: String, _ condition: String, isSwift: Bool, known: Set<String>) -> Bool? {
        switch directive {
        case "else": return true
        case "ifdef": return defined(condition.trimmingCharacters(in: .whitespaces), known: known)
        case "ifndef": return not(defined(condition.trimmingCharacters(in: .whitespaces), known: known))
        default:
            var parser = ConditionParser(text: condition, conditions: self, isSwift: isSwift, known: known)
            let value = parser.expression()
            return parser.atEnd ? value : nil
        }
    }

    /// Whether `name` is defined for this target, when the answer is known.
    func defined(_ name: String, known: Set<String>) -> Bool? {
        guard name != "DEBUG", known.contains(name) else { return nil }
        return swift.contains(name) || macros[name] != nil
    }

    func not(_ value: Bool?) -> Bool? { value.map { !$0 } }

    func and(_ values: [Bool?]) -> Bool? {
        if values.contains(false) { return false }
        return values.contains(where: { $0 == nil }) ? nil : true
    }

    func or(_ values: [Bool?]) -> Bool? {
        if values.contains(true) { return true }
        return values.contains(where: { $0 == nil }) ? nil : false
    }
}

/// A recursive-descent reading of one `#if` condition with three-valued answers: `!`, `&&`,
/// `||`, parentheses, names, `defined(NAME)`, Swift's `os(…)`, and a preprocessor macro's value
/// as a number. Anything else is unknown.
private struct ConditionParser {
    let tokens: [String]
    var position = 0
    /// How deep the reading has nested (parentheses, `!`): past `depthLimit` the answer is
    /// unknown, so a hostile condition cannot exhaust the stack.
    var depth = 0
    static let depthLimit = 64
    let conditions: CompilationConditions
    let isSwift: Bool
    let known: Set<String>

    init(text: String, conditions: CompilationConditions, isSwift: Bool, known: Set<String>) {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character.isLetter || character.isNumber || character == "_" {
                var end = index
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" {
                    end = text.index(after: end)
                }
                tokens.append(String(text[index..<end]))
                index = end
            } else {
                let next = text.index(after: index)
                let pair = next < text.endIndex ? String(text[index...next]) : ""
                if ["&&", "||", "==", "!="].contains(pair) {
                    tokens.append(pair)
                    index = text.index(after: next)
                } else {
                    tokens.append(String(character))
                    index = next
                }
            }
        }
        self.tokens = tokens
        self.conditions = conditions
        self.isSwift = isSwift
        self.known = known
    }

    var atEnd: Bool { position >= tokens.count }

    private var current: String? { position < tokens.count ? tokens[position] : nil }

    mutating func expression() -> Bool? {
        var values = [conjunction()]
        while current == "||" {
            position += 1
            values.append(conjunction())
        }
        return values.count == 1 ? values[0] : conditions.or(values)
    }

    private mutating func conjunction() -> Bool? {
        var values = [unary()]
        while current == "&&" {
            position += 1
            values.append(unary())
        }
        return values.count == 1 ? values[0] : conditions.and(values)
    }

    private mutating func unary() -> Bool? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else {
            position = tokens.count
            return nil
        }
        if current == "!" {
            position += 1
            return conditions.not(unary())
        }
        return primary()
    }

    private mutating func primary() -> Bool? {
        guard let token = current else { return nil }
        position += 1
        if token == "(" {
            let value = expression()
            guard current == ")" else { return nil }
            position += 1
            return value
        }
        if token == "defined" {
            let parenthesised = current == "("
            if parenthesised { position += 1 }
            guard let name = current else { return nil }
            position += 1
            if parenthesised {
                guard current == ")" else { return nil }
                position += 1
            }
            return conditions.defined(name, known: known)
        }
        if current == "(" {
            // A Swift platform condition: `os(iOS)` is known; `canImport(…)`, `arch(…)` and
            // the rest are not.
            let argumentStart = position + 1
            var depth = 0
            while let next = current {
                position += 1
                if next == "(" { depth += 1 }
                if next == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
            guard token == "os", argumentStart < tokens.count else { return nil }
            guard conditions.platform != .unknown else { return nil }
            return XcodeProject.Platform.osConditionNames[tokens[argumentStart]].map { $0 == conditions.platform }
        }
        if token == "true" || token == "false" { return token == "true" }
        if token.first?.isNumber == true { return Int(token).map { $0 != 0 } }
        // A comparison of a macro's value (`FLAVOUR == 2`) is not evaluated.
        if current == "==" || current == "!=" {
            position += 2
            return nil
        }
        guard let isDefined = conditions.defined(token, known: known) else { return nil }
        if isSwift || !isDefined { return isDefined }
        return conditions.macros[token].map { Int($0).map { $0 != 0 } ?? true } ?? false
    }
}

extension XcodeProject.Platform {
    /// The names Swift's `os(…)` condition takes, with the platform each means.
    static let osConditionNames: [String: XcodeProject.Platform] = [
        "iOS": .iOS, "watchOS": .watchOS, "macOS": .macOS, "OSX": .macOS, "tvOS": .tvOS, "visionOS": .visionOS,
    ]
}
