import Foundation

/// What an Expo app's config says about its iOS side: the config plugins it runs at `expo
/// prebuild`, each with its options flattened to key paths. Read from `app.json` or
/// `app.config.json` (under `expo`, or at the top), or from the plain literals of
/// `app.config.js` / `app.config.ts`: a `plugins` array written as strings, numbers, booleans,
/// arrays and objects. A config whose plugins are built by code (a variable, a call, a spread)
/// cannot be read, and says why.
struct ExpoConfig: Sendable {
    /// A config plugin: `"expo-notifications"` or `["expo-notifications", { … }]`.
    struct Plugin: Sendable {
        var name: String
        /// Each string, number or boolean option by its key path (`ios.mode`), as written.
        var options: [(keyPath: String, value: String)]
    }

    /// The config file, as the walk named it.
    var file: String
    /// The plugins in order; empty when there are none or they could not be read.
    var plugins: [Plugin] = []
    /// Why the plugins could not be read; nil when they were.
    var unreadable: String?
    /// Whether the file writes a `plugins` key (as a literal or by code): an `app.config.*` that
    /// does not leaves `app.json`'s in place (Expo hands it `app.json`'s config).
    var writesPlugins = false
    /// The first of its local plugins (`./plugins/…`) whose code edits what the Podfile asks
    /// CocoaPods for (`use_frameworks!`, modular headers, React Native Firebase's globals), set by
    /// the loader: the linkage is then decided by code.
    var podfileEditingPlugin: String?

    /// Whether `path` names an Expo config file.
    static func isConfig(_ path: String) -> Bool {
        ["app.json", "app.config.json", "app.config.js", "app.config.ts"].contains(path.pathName)
    }

    /// The config in `data`, the file `file`; nil for an `app.json` that is not an Expo app's
    /// (no `expo` key and no `plugins`), unless `isExpoApp` (its folder's `package.json` depends
    /// on `expo`).
    static func read(_ data: Data, file: String, isExpoApp: Bool) -> ExpoConfig? {
        var config = ExpoConfig(file: file)
        let text = String(decoding: data.prefix(DependencyFile.sizeLimit), as: UTF8.self)
        if file.hasSuffix(".json") {
            var reader = LiteralReader(text[...])
            guard case .object(let top)? = reader.value() else {
                config.unreadable = "not a JSON object"
                return isExpoApp ? config : nil
            }
            var members = top
            if case .object(let expo)? = top.first(where: { $0.0 == "expo" })?.1 {
                members = expo
            } else if !isExpoApp, !top.contains(where: { $0.0 == "plugins" }) {
                return nil
            }
            config.writesPlugins = members.contains { $0.0 == "plugins" }
            if case .list(let items)? = members.first(where: { $0.0 == "plugins" })?.1 {
                config.plugins = items.compactMap(plugin)
            }
            return config
        }
        guard let range = text.range(of: #"\bplugins\s*:\s*\["#, options: .regularExpression) else {
            if text.range(of: #"\bplugins\b"#, options: .regularExpression) != nil {
                config.writesPlugins = true
                config.unreadable = "its plugins are not written as a literal array"
            }
            return config
        }
        config.writesPlugins = true
        var literal = LiteralReader(text[text.index(before: range.upperBound)...])
        if case .list(let items)? = literal.value() {
            config.plugins = items.compactMap(plugin)
        } else {
            config.unreadable =
                "its plugins array is built by code (at \(literal.stoppedAt ?? "a value that is not a literal"))"
        }
        return config
    }

    /// A plugin entry: a name, or a name with options. A package's plugin named by its file
    /// (`@react-native-firebase/app/app.plugin.js`) is named as the package.
    private static func plugin(_ entry: LiteralReader.Value) -> Plugin? {
        if case .text(let name) = entry { return Plugin(name: packageName(name), options: []) }
        guard case .list(let pair) = entry, case .text(let written)? = pair.first else { return nil }
        let name = packageName(written)
        var options: [(String, String)] = []
        func flatten(_ value: LiteralReader.Value, _ path: String) {
            switch value {
            case .object(let members):
                for (key, member) in members { flatten(member, path.isEmpty ? key : path + "." + key) }
            case .list(let items):
                for (index, item) in items.enumerated() { flatten(item, "\(path).\(index)") }
            case .text(let text), .number(let text):
                options.append((path, text))
            case .flag(let flag):
                options.append((path, flag ? "true" : "false"))
            case .null:
                break
            }
        }
        if pair.count > 1 { flatten(pair[1], "") }
        return Plugin(name: name, options: options)
    }

    /// `name` without a trailing `/app.plugin.js` (or `/app.plugin`), unless it is a local path.
    private static func packageName(_ name: String) -> String {
        guard !name.hasPrefix("."), !name.hasPrefix("/") else { return name }
        for suffix in ["/app.plugin.js", "/app.plugin"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// Whether a plugin's code (a local plugin's file) edits what the Podfile asks for.
    static func editsPodfileLinkage(_ code: Data) -> Bool {
        let text = String(decoding: code.prefix(DependencyFile.sizeLimit), as: UTF8.self)
        return ["use_frameworks", "modular_headers", "RNFirebaseDisableSPM", "RNFirebaseAsStaticFramework"].contains {
            text.contains($0)
        }
    }

    /// A reader of JavaScript literals (strings without `${`, numbers, `true`, `false`, `null`,
    /// arrays, objects with plain or quoted keys); anything else stops it.
    private struct LiteralReader {
        enum Value {
            case text(String), number(String), flag(Bool), null, list([Value]), object([(String, Value)])
        }

        var rest: Substring
        /// What stopped the reader, as written (a few characters).
        var stoppedAt: String?
        private var depth = 0

        init(_ text: Substring) { rest = text }

        mutating func value() -> Value? {
            skipSpace()
            guard let first = rest.first, depth < 32 else { return stop() }
            switch first {
            case "[":
                rest.removeFirst()
                depth += 1
                defer { depth -= 1 }
                var items: [Value] = []
                while true {
                    skipSpace()
                    if rest.first == "]" {
                        rest.removeFirst()
                        return .list(items)
                    }
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipSpace()
                    if rest.first == "," { rest.removeFirst() } else if rest.first != "]" { return stop() }
                }
            case "{":
                rest.removeFirst()
                depth += 1
                defer { depth -= 1 }
                var members: [(String, Value)] = []
                while true {
                    skipSpace()
                    if rest.first == "}" {
                        rest.removeFirst()
                        return .object(members)
                    }
                    let key: String
                    if let quote = rest.first, quote == "'" || quote == "\"" {
                        guard case .text(let text)? = value() else { return nil }
                        key = text
                    } else {
                        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
                        guard !word.isEmpty else { return stop() }
                        key = String(word)
                        rest = rest.dropFirst(word.count)
                    }
                    skipSpace()
                    guard rest.first == ":" else { return stop() }
                    rest.removeFirst()
                    guard let member = value() else { return nil }
                    members.append((key, member))
                    skipSpace()
                    if rest.first == "," { rest.removeFirst() } else if rest.first != "}" { return stop() }
                }
            case "'", "\"", "`":
                rest.removeFirst()
                var text = ""
                while let character = rest.first, character != first {
                    rest.removeFirst()
                    if character == "\\", let escaped = rest.first {
                        rest.removeFirst()
                        text.append(escaped)
                        continue
                    }
                    if first == "`", character == "$", rest.first == "{" { return stop() }
                    text.append(character)
                }
                guard !rest.isEmpty else { return stop() }
                rest.removeFirst()
                return .text(text)
            default:
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
                switch word {
                case "true", "false":
                    rest = rest.dropFirst(word.count)
                    return .flag(word == "true")
                case "null", "undefined":
                    rest = rest.dropFirst(word.count)
                    return .null
                default:
                    guard let number = Double(word), !word.isEmpty else { return stop() }
                    rest = rest.dropFirst(word.count)
                    return .number(String(number))
                }
            }
        }

        private mutating func skipSpace() {
            while true {
                rest = rest.drop { $0.isWhitespace }
                if rest.hasPrefix("//") {
                    rest = rest.drop { $0 != "\n" }
                } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                    rest = rest[end.upperBound...]
                } else {
                    return
                }
            }
        }

        private mutating func stop() -> Value? {
            if stoppedAt == nil {
                stoppedAt = rest.prefix(24).split(separator: "\n").first.map { "'\($0)'" } ?? "the end of the file"
            }
            return nil
        }
    }
}

extension ExpoConfig {
    /// The value of the option `keyPath` of the plugin `name`, as written.
    func option(_ name: String, _ keyPath: String) -> String? {
        plugins.first { $0.name == name }?.options.first { $0.keyPath == keyPath }?.value
    }
}
