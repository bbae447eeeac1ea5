import Foundation

/// A target `@bacons/apple-targets` adds to an Expo app at `expo prebuild`: a folder
/// `targets/NAME/` with an `expo-target.config.js` (or `.ts`, `.mjs`, `.cjs`, `.json`) whose
/// `type` says what it is (`widget`, `notification-service`, `notification-content`, …). Only that
/// literal is read; a config that computes it gives none.
enum ExpoTargetConfig {
    /// The largest config read.
    static let sizeLimit = 64 * 1024

    /// The `type` of a notification service extension.
    static let serviceExtensionType = "notification-service"

    /// Whether a file named `name` is a target's config: `expo-target.config.` and `js`, `ts`,
    /// `mjs`, `cjs` or `json`.
    static func isConfigName(_ name: String) -> Bool {
        let prefix = "expo-target.config."
        return name.hasPrefix(prefix)
            && ["js", "ts", "mjs", "cjs", "json"].contains(String(name.dropFirst(prefix.count)))
    }

    /// The folder holding `targets/` when `path` is a target's config (`…/targets/NAME/expo-target.config.js`),
    /// "" for one at the top of the tree; nil for any other file.
    static func appFolder(of path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[parts.count - 3] == "targets", let name = parts.last,
            isConfigName(String(name))
        else { return nil }
        return parts.dropLast(3).joined(separator: "/")
    }

    /// The first `type: "…"` (or `"type": "…"`) literal of a config's text.
    static func type(in data: Data) -> String? {
        let text = String(decoding: data.prefix(sizeLimit), as: UTF8.self)
        var rest = text[...]
        while let key = rest.range(of: "type") {
            defer { rest = rest[key.upperBound...] }
            let before = key.lowerBound == text.startIndex ? nil : text[text.index(before: key.lowerBound)]
            guard before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true else { continue }
            var after = text[key.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " || $0 == "\t" }
            guard after.first == ":" else { continue }
            after = after.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard let quote = after.first, quote == "\"" || quote == "'" || quote == "`" else { continue }
            let value = after.dropFirst().prefix { $0 != quote && $0 != "\n" }
            guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0 == "-" }) else { continue }
            return String(value)
        }
        return nil
    }
}
