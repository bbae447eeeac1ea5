import Foundation

/// What a CocoaPods `Podfile` says about each target, read line by line without running its
/// Ruby: the `platform :ios` it builds the pods for, and each `target '…' do … end` block with the
/// pods it names (methods defined with `def` and called inside a block count as written there),
/// the blocks it is nested in, and whether it calls a cross-platform framework's installer
/// (`flutter_install_all_ios_pods`, `use_native_modules!`, `use_expo_modules!`,
/// `capacitor_pods`), which brings in every plugin's pods; and how it asks CocoaPods to build them
/// (`use_frameworks!`, modular headers, `$Flag = true` globals an SDK's podspec reads).
struct Podfile: Sendable {
    /// How a `use_frameworks!` line asks for the pods to be built.
    enum Linkage: Sendable, Equatable {
        /// Dynamic frameworks (`use_frameworks!` alone, or `:linkage => :dynamic`).
        case dynamic
        /// Static frameworks (`:linkage => :static`).
        case `static`
        /// Whatever `ios.useFrameworks` in the `Podfile.properties.json` beside it says (Expo's
        /// Podfile).
        case fromProperties
        /// Frameworks only when the environment variable `name` is set when `pod install` runs
        /// (React Native's and Expo's templates read `USE_FRAMEWORKS`); none otherwise.
        case environment(name: String)
        /// Decided by code lint does not run (a method, a variable it cannot follow).
        case decidedElsewhere
    }

    /// A `use_frameworks!` line.
    struct FrameworksLine: Sendable {
        var linkage: Linkage
        /// Its line number, 1-based.
        var line: Int
    }

    /// A `target` block.
    struct Target: Sendable {
        var name: String
        /// The pods named in the block itself (the part before any `/`), with those of the
        /// methods it calls.
        var pods: Set<String>
        /// Whether the block calls a framework's installer of plugin pods.
        var installsPlugins: Bool
        /// Whether it inherits only its parent's search paths (`inherit! :search_paths`) or
        /// nothing (`inherit! :none`): the parent's pods are not linked into it.
        var inheritsPods: Bool
        /// The index of the block it is nested in, in `targets`.
        var parent: Int?
    }

    /// The file, as the walk named it.
    var file: String
    /// `platform :ios, '13.0'`'s version.
    var iosPlatform: String?
    /// The target blocks in file order.
    var targets: [Target] = []
    /// Every `use_frameworks!` line, in file order.
    var frameworks: [FrameworksLine] = []
    /// Whether pods get module maps without frameworks (`use_modular_headers!`, or a pod's
    /// `:modular_headers => true`).
    var modularHeaders = false
    /// The globals set to `true` (`$RNFirebaseDisableSPM = true`), with their line numbers.
    var flags: [String: Int] = [:]
    /// `ios.useFrameworks` of the `Podfile.properties.json` beside it (`static`, `dynamic`), set
    /// by the loader when the file is there.
    var propertiesLinkage: String?
    /// What the local variables assigned so far hold, as linkage (`linkage = ENV['USE_FRAMEWORKS']`).
    private var assignments: [String: Linkage] = [:]

    /// Whether a `use_frameworks!` line takes its linkage from `Podfile.properties.json`.
    var readsPropertiesLinkage: Bool { frameworks.contains { $0.linkage == .fromProperties } }

    /// The linkage the Podfile asks for, with the line that asks: nil when no line asks for
    /// frameworks; `.environment` when only an environment variable would; `.decidedElsewhere`
    /// when code lint does not run decides.
    var linkage: (linkage: Linkage, line: Int)? {
        var decided: (Linkage, Int)?
        var environment: (Linkage, Int)?
        for line in frameworks {
            switch line.linkage {
            case .dynamic, .static:
                return (line.linkage, line.line)
            case .fromProperties:
                switch propertiesLinkage {
                case "static": return (.static, line.line)
                case "dynamic": return (.dynamic, line.line)
                default: continue
                }
            case .environment:
                environment = environment ?? (line.linkage, line.line)
            case .decidedElsewhere:
                decided = decided ?? (.decidedElsewhere, line.line)
            }
        }
        return decided ?? environment
    }

    /// The names of the framework installers that add every plugin's pods.
    static let pluginInstallers = [
        "flutter_install_all_ios_pods", "use_native_modules!", "use_expo_modules!", "capacitor_pods",
    ]

    /// The Podfile in `data`.
    init(_ data: Data, file: String) {
        self.file = file
        let text = String(decoding: data.prefix(DependencyFile.sizeLimit), as: UTF8.self)
        // Methods first: a block may call one defined below it.
        var methods: [String: (pods: Set<String>, installs: Bool)] = [:]
        var open: [(kind: Character, target: Int?, method: String?)] = []
        var lines: [String] = []
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if let hash = line.firstIndex(of: "#"), !line[..<hash].contains("'"), !line[..<hash].contains("\"") {
                line = String(line[..<hash]).trimmingCharacters(in: .whitespaces)
            }
            guard !line.isEmpty else { continue }
            lines.append(line)
            readBuildOptions(line, number: number + 1)
        }
        for line in lines {
            if line.hasPrefix("def ") {
                let name = line.dropFirst(4).prefix { $0 != "(" && $0 != " " }
                open.append(("d", nil, String(name)))
                methods[String(name)] = ([], false)
            } else if line == "end" {
                if !open.isEmpty { open.removeLast() }
            } else if Self.opensBlock(line) {
                open.append(("b", nil, nil))
            } else if let method = open.last(where: { $0.kind == "d" })?.method {
                if let pod = Self.pod(line) { methods[method]?.pods.insert(pod) }
                if Self.pluginInstallers.contains(where: { line.hasPrefix($0) }) { methods[method]?.installs = true }
            }
        }
        open = []
        for line in lines {
            let current = open.last(where: { $0.kind == "t" })?.target
            if line.hasPrefix("def ") {
                open.append(("d", nil, nil))
            } else if line == "end" {
                if !open.isEmpty { open.removeLast() }
            } else if open.contains(where: { $0.kind == "d" }) {
                if Self.opensBlock(line) { open.append(("b", nil, nil)) }
            } else if line.hasPrefix("target "), line.hasSuffix(" do") || line.contains(" do |") {
                let name = Self.quoted(line.dropFirst(7)) ?? String(line.dropFirst(7).prefix { $0 != " " })
                targets.append(
                    Target(
                        name: name.hasPrefix(":") ? String(name.dropFirst()) : name, pods: [], installsPlugins: false,
                        inheritsPods: true, parent: current))
                open.append(("t", targets.count - 1, nil))
            } else if Self.opensBlock(line) {
                open.append(("b", nil, nil))
            } else if line.hasPrefix("platform "), line.contains(":ios") {
                iosPlatform = Self.quoted(Substring(line.drop { $0 != "," }))
            } else if let current {
                if let pod = Self.pod(line) {
                    targets[current].pods.insert(pod)
                } else if Self.pluginInstallers.contains(where: { line.hasPrefix($0) }) {
                    targets[current].installsPlugins = true
                } else if line.hasPrefix("inherit!"), !line.contains(":complete") {
                    targets[current].inheritsPods = false
                } else if let method = methods[String(line.prefix { $0 != "(" && $0 != " " })] {
                    targets[current].pods.formUnion(method.pods)
                    if method.installs { targets[current].installsPlugins = true }
                }
            }
        }
    }

    /// The block for the target named `name`, if the Podfile has one.
    func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// The pods linked into the target named `name` (its own, and those of the blocks it inherits
    /// from), and whether a framework installer of plugin pods reaches it; nil without a block.
    func linked(into name: String) -> (pods: Set<String>, installsPlugins: Bool)? {
        guard var index = targets.firstIndex(where: { $0.name == name }) else { return nil }
        var pods = targets[index].pods
        var installs = targets[index].installsPlugins
        var seen: Set<Int> = [index]
        while targets[index].inheritsPods, let parent = targets[index].parent, seen.insert(parent).inserted {
            pods.formUnion(targets[parent].pods)
            installs = installs || targets[parent].installsPlugins
            index = parent
        }
        return (pods, installs)
    }

    /// Notes a line's `use_frameworks!`, modular headers, `$Flag = true` or `name = ENV['X']`.
    private mutating func readBuildOptions(_ line: String, number: Int) {
        if line.hasPrefix("use_frameworks!") {
            frameworks.append(FrameworksLine(linkage: frameworksLinkage(line.dropFirst(15)), line: number))
        } else if line.hasPrefix("use_modular_headers!") {
            modularHeaders = true
        } else if line.hasPrefix("pod "),
            line.range(of: #"modular_headers\s*(=>|:)\s*true"#, options: .regularExpression) != nil,
            let name = Self.quoted(line.dropFirst(3)), name.hasPrefix("Firebase") || name.hasPrefix("Google")
        {
            // Module maps for Firebase's own pods (and Google's they depend on) are what its
            // Swift pods need; another pod's say nothing of them.
            modularHeaders = true
        } else if line.hasPrefix("$"),
            let match = line.range(of: #"^\$[A-Za-z_][A-Za-z0-9_]*\s*=\s*true$"#, options: .regularExpression)
        {
            let name = line[match].prefix { $0 != " " && $0 != "=" }
            flags[String(name)] = number
        } else if let match = line.firstMatch(of: #/^([a-z_][A-Za-z0-9_]*)\s*=\s*([^=].*)$/#) {
            let value = match.2.trimmingCharacters(in: .whitespaces)
            if let name = Self.environmentVariable(in: Substring(value)) {
                assignments[String(match.1)] = .environment(name: name)
            } else if let literal = Self.literalLinkage(Substring(value)) {
                assignments[String(match.1)] = literal
            }
        }
    }

    /// What the arguments of a `use_frameworks!` line (after its name) ask for.
    private func frameworksLinkage(_ arguments: Substring) -> Linkage {
        guard let value = arguments.firstMatch(of: #/linkage\s*(?:=>|:)\s*(.+)$/#)?.1 else { return .dynamic }
        if value.contains("ios.useFrameworks") { return .fromProperties }
        if let literal = Self.literalLinkage(value) { return literal }
        if let name = Self.environmentVariable(in: value) { return .environment(name: name) }
        if let variable = value.firstMatch(of: #/^([a-z_][A-Za-z0-9_]*)\.to_sym/#)?.1,
            let assigned = assignments[String(variable)]
        {
            return assigned
        }
        return .decidedElsewhere
    }

    /// `:static`, `'dynamic'`, `"static".to_sym` and the like at the start of `value`.
    private static func literalLinkage(_ value: Substring) -> Linkage? {
        guard let word = value.firstMatch(of: #/^:?["']?(static|dynamic)\b["']?(?:\.to_sym)?(?:\s|$|,)/#)?.1 else {
            return nil
        }
        return word == "static" ? .static : .dynamic
    }

    /// The environment variable `ENV['NAME']` (or `ENV["NAME"]`, `ENV.fetch('NAME'…)`) that
    /// `text` reads, if it reads one.
    private static func environmentVariable(in text: Substring) -> String? {
        text.firstMatch(of: #/ENV(?:\[|\.fetch\()\s*["']([A-Za-z_][A-Za-z0-9_]*)["']/#).map { String($0.1) }
    }

    /// Whether a line opens a Ruby block that an `end` closes.
    private static func opensBlock(_ line: String) -> Bool {
        let words = ["if ", "unless ", "case ", "while ", "until ", "begin", "for "]
        if words.contains(where: { line.hasPrefix($0) }) { return true }
        return line.hasSuffix(" do") || line.range(of: #" do \|[^|]*\|$"#, options: .regularExpression) != nil
    }

    /// The pod a `pod 'Name/Sub', …` line names, before any `/`.
    private static func pod(_ line: String) -> String? {
        guard line.hasPrefix("pod ") || line.hasPrefix("pod(") else { return nil }
        return quoted(line.dropFirst(3)).map { String($0.prefix { $0 != "/" }) }
    }

    /// The first quoted string in `text`.
    private static func quoted(_ text: Substring) -> String? {
        guard let open = text.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let body = text[text.index(after: open)...]
        return body.firstIndex(of: text[open]).map { String(body[..<$0]) }
    }
}
