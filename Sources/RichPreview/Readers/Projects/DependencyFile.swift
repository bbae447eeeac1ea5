import Foundation

/// The dependencies an app's dependency files declare, read by name and line, building nothing
/// else: a `Podfile` or `Podfile.lock` (pods), a `Cartfile` or `Cartfile.resolved` and
/// `Package.resolved` (repositories), a React Native `package.json` (npm packages) and a Flutter
/// `pubspec.yaml` (pub packages). Swift packages an Xcode project names are read with the
/// project file (`XcodeProject.packageRepositories`).
enum DependencyFile {
    /// The kind of dependency file `path` names, by its file name; nil for any other file.
    enum Kind {
        case podfile, podfileLock, cartfile, packageResolved, packageJSON, pubspec
    }

    /// The kind of the file at `path`.
    static func kind(of path: String) -> Kind? {
        switch path.pathName {
        case "Podfile": .podfile
        case "Podfile.lock": .podfileLock
        case "Cartfile", "Cartfile.resolved": .cartfile
        case "Package.resolved": .packageResolved
        case "package.json": .packageJSON
        case "pubspec.yaml": .pubspec
        default: nil
        }
    }

    /// The largest dependency file read.
    static let sizeLimit = 1024 * 1024

    /// The dependencies in `data`, the file `file` of `kind`.
    static func dependencies(in data: Data, kind: Kind, file: String) -> [Dependency] {
        let text = String(decoding: data.prefix(sizeLimit), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        func quoted(after word: String, in line: String) -> String? {
            guard line.hasPrefix(word + " ") || line.hasPrefix(word + "(") else { return nil }
            let rest = line.dropFirst(word.count)
            guard let open = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
            let quote = rest[open]
            let body = rest[rest.index(after: open)...]
            return body.firstIndex(of: quote).map { String(body[..<$0]) }
        }
        switch kind {
        case .podfile:
            return lines.compactMap { quoted(after: "pod", in: $0) }.map {
                Dependency(kind: .cocoaPod, name: $0, file: file)
            }
        case .podfileLock:
            // "  - Name (1.0):" and "  - Name/Sub (1.0)" under PODS and DEPENDENCIES.
            return lines.compactMap { line -> Dependency? in
                guard line.hasPrefix("- ") else { return nil }
                let name = line.dropFirst(2).prefix { $0 != " " && $0 != ":" && $0 != "(" }
                let unquoted = name.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                let version = line.firstIndex(of: "(").flatMap { open in
                    line[line.index(after: open)...].firstIndex(of: ")").map {
                        String(line[line.index(after: open)..<$0])
                    }
                }
                return unquoted.isEmpty
                    ? nil : Dependency(kind: .cocoaPod, name: unquoted, file: file, version: version)
            }
        case .cartfile:
            return lines.compactMap { line in
                ["github", "git", "binary"].lazy.compactMap { quoted(after: $0, in: line) }.first
            }.map { Dependency(kind: .repository, name: $0, file: file) }
        case .packageResolved:
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
            let pins =
                (object["pins"] as? [[String: Any]])
                ?? ((object["object"] as? [String: Any])?["pins"] as? [[String: Any]]) ?? []
            return pins.compactMap { ($0["location"] ?? $0["repositoryURL"]) as? String }.map {
                Dependency(kind: .repository, name: $0, file: file)
            }
        case .packageJSON:
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
            var names: Set<String> = []
            var versions: [String: String] = [:]
            for section in ["devDependencies", "dependencies"] {
                for (name, version) in (object[section] as? [String: Any]) ?? [:] {
                    names.insert(name)
                    versions[name] = version as? String
                }
            }
            return names.sorted().map { Dependency(kind: .npmPackage, name: $0, file: file, version: versions[$0]) }
        case .pubspec:
            // The keys of the `dependencies:` block: names ending in a colon, indented as its
            // first one is (two spaces by `flutter create`, four in some apps).
            var inDependencies = false
            var keyIndent: Int?
            var found: [Dependency] = []
            for raw in text.split(whereSeparator: \.isNewline) {
                guard let first = raw.first, first != "#" else { continue }
                if first != " " && first != "\t" {
                    inDependencies = raw.hasPrefix("dependencies:") || raw.hasPrefix("dev_dependencies:")
                    keyIndent = nil
                    continue
                }
                guard inDependencies else { continue }
                let indent = raw.prefix { $0 == " " }.count
                let line = raw.trimmingCharacters(in: .whitespaces)
                guard !line.isEmpty, !line.hasPrefix("#") else { continue }
                if keyIndent == nil { keyIndent = indent }
                guard indent == keyIndent, let colon = line.firstIndex(of: ":") else { continue }
                found.append(Dependency(kind: .pubPackage, name: String(line[..<colon]), file: file))
            }
            return found
        }
    }
}
