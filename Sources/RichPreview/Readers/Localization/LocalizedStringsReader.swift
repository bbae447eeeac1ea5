import Foundation

/// Reads an app's `Localizable` table for one language from `Localizable.strings` (old-style
/// property list text, UTF-8 or UTF-16), `Localizable.stringsdict` (plural rules) and
/// `Localizable.xcstrings` (a string catalog), as iOS reads it for a payload's `loc-key`.
///
/// The language is looked for first, then its base language (`pt` for `pt-BR`), then `Base`, then
/// a catalog's source language; a key takes the first that has it.
public enum LocalizedStringsReader {
    /// The table name iOS fills notification keys from.
    public static let tableName = "Localizable"
    /// The largest strings file read, in bytes.
    public static let fileSizeLimit = 16 << 20
    /// The most entries of a project folder walked looking for strings.
    public static let walkLimit = 50_000

    /// The table of `language` from `path`: an `.lproj` folder, one strings file, or a project
    /// folder searched (without following links, never outside it) for
    /// `*.lproj/Localizable.strings(dict)` and `Localizable.xcstrings`.
    /// - Throws: `LocalizedStringsError.notFound` when the path is missing or holds no strings,
    ///   `.unreadable` or `.malformed` naming the file that is.
    public static func read(path: String, language: String = "en") throws(LocalizedStringsError) -> LocalizedStrings {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path: path) }
        let files = isFolder.boolValue ? stringsFiles(in: path) : [path]
        guard !files.isEmpty else { throw .notFound(path: path) }
        return try table(of: files, language: language)
    }

    /// The table of `language` from `files` (`.strings`, `.stringsdict` and `.xcstrings`; a
    /// `.strings` or `.stringsdict` file's language is its `.lproj` folder's).
    public static func table(of files: [String], language: String) throws(LocalizedStringsError) -> LocalizedStrings {
        let order = languageOrder(language)
        var texts: [String: (rank: Int, value: String)] = [:]
        var plurals: [String: (rank: Int, value: LocalizedStrings.PluralEntry)] = [:]
        var used: [String] = []
        for file in files.sorted() {
            let url = URL(fileURLWithPath: file)
            let ext = url.pathExtension.lowercased()
            if ext == "xcstrings" {
                let catalog = try readCatalog(file)
                var ranks = order
                if let source = catalog.sourceLanguage, !ranks.contains(source) { ranks.append(source) }
                var found = false
                for (key, entry) in catalog.entries {
                    for (rank, name) in ranks.enumerated() {
                        guard let localization = entry[name] ?? (name == catalog.sourceLanguage ? .text(key) : nil)
                        else { continue }
                        found = true
                        switch localization {
                        case .text(let value):
                            if rank < texts[key]?.rank ?? .max { texts[key] = (rank, value) }
                        case .plural(let forms):
                            let plural = LocalizedStrings.PluralEntry(
                                format: "%#@count@", variables: ["count": .init(forms: forms)])
                            if rank < plurals[key]?.rank ?? .max { plurals[key] = (rank, plural) }
                        }
                        break
                    }
                }
                if found { used.append(file) }
                continue
            }
            let folder = url.deletingLastPathComponent()
            guard folder.pathExtension == "lproj" || files.count == 1 else { continue }
            let folderLanguage =
                folder.pathExtension == "lproj" ? folder.deletingPathExtension().lastPathComponent : language
            guard let rank = order.firstIndex(of: folderLanguage) else { continue }
            switch ext {
            case "strings":
                for (key, value) in try readStrings(file) where rank < texts[key]?.rank ?? .max {
                    texts[key] = (rank, value)
                }
                used.append(file)
            case "stringsdict":
                for (key, value) in try readStringsDictionary(file) where rank < plurals[key]?.rank ?? .max {
                    plurals[key] = (rank, value)
                }
                used.append(file)
            default:
                throw .malformed(file: file, reason: "not a .strings, .stringsdict or .xcstrings file")
            }
        }
        return LocalizedStrings(
            language: language, files: used, texts: texts.mapValues(\.value), plurals: plurals.mapValues(\.value))
    }

    /// `language`, its base language, then `Base`.
    static func languageOrder(_ language: String) -> [String] {
        var order = [language]
        let base = String(language.prefix { $0 != "-" && $0 != "_" })
        if base != language { order.append(base) }
        order.append("Base")
        return order
    }

    /// The `Localizable` strings files under `root`, links neither followed nor taken, hidden
    /// folders and build products skipped, at most `walkLimit` entries looked at.
    static func stringsFiles(in root: String) -> [String] {
        let rootURL = URL(fileURLWithPath: root).resolvingSymlinksInPath()
        let names: Set<String> = ["\(tableName).strings", "\(tableName).stringsdict", "\(tableName).xcstrings"]
        let keys: [URLResourceKey] = [.isSymbolicLinkKey, .isRegularFileKey, .isDirectoryKey]
        guard
            let walker = FileManager.default.enumerator(
                at: rootURL, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var found: [String] = []
        var seen = 0
        for case let url as URL in walker {
            seen += 1
            if seen > walkLimit { break }
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isSymbolicLink == true {
                walker.skipDescendants()
                continue
            }
            if values?.isDirectory == true {
                if [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"].contains(
                    url.lastPathComponent)
                {
                    walker.skipDescendants()
                }
                continue
            }
            guard values?.isRegularFile == true, names.contains(url.lastPathComponent) else { continue }
            let resolved = url.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(rootURL.path + "/") else { continue }
            if isTableFile(url.path) { found.append(url.path) }
        }
        return found
    }

    /// Whether `path` is a file of the `Localizable` table, as a project holds it: a
    /// `Localizable.xcstrings` anywhere, a `Localizable.strings` or `.stringsdict` in an `.lproj`
    /// folder.
    public static func isTableFile(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        switch url.lastPathComponent {
        case "\(tableName).xcstrings": return true
        case "\(tableName).strings", "\(tableName).stringsdict":
            return url.deletingLastPathComponent().pathExtension == "lproj"
        default: return false
        }
    }

    /// Every key of one table file's `data` (a `.strings`, `.stringsdict` or `.xcstrings` file,
    /// by `file`'s extension), in whatever language it holds.
    /// - Throws: `LocalizedStringsError.malformed` naming `file` when it is not what its kind holds.
    public static func keys(in data: Data, file: String) throws(LocalizedStringsError) -> Set<String> {
        switch URL(fileURLWithPath: file).pathExtension.lowercased() {
        case "strings": Set(try parseStrings(data, file: file).keys)
        case "stringsdict": Set(try parseStringsDictionary(data, file: file).keys)
        case "xcstrings": Set(try parseCatalog(data, file: file).entries.keys)
        default: throw .malformed(file: file, reason: "not a .strings, .stringsdict or .xcstrings file")
        }
    }

    static func contents(_ file: String) throws(LocalizedStringsError) -> Data {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            data = try handle.read(upToCount: fileSizeLimit + 1) ?? Data()
        } catch {
            throw .unreadable(file: file, reason: error.localizedDescription)
        }
        guard data.count <= fileSizeLimit else {
            throw .unreadable(file: file, reason: "larger than \(fileSizeLimit >> 20) MiB")
        }
        return data
    }

    /// The keys and values of an old-style strings table, UTF-8 or UTF-16 (with its byte order mark).
    static func readStrings(_ file: String) throws(LocalizedStringsError) -> [String: String] {
        try parseStrings(contents(file), file: file)
    }

    /// The keys and values of the strings table `data`, the file `file`.
    static func parseStrings(_ data: Data, file: String) throws(LocalizedStringsError) -> [String: String] {
        var data = data
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else {
                throw .malformed(file: file, reason: "not valid UTF-16")
            }
            data = Data(text.utf8)
        } else if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            data = data.dropFirst(3)
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw .malformed(file: file, reason: reason(error))
        }
        guard let table = list as? [String: Any] else {
            throw .malformed(file: file, reason: "not a table of keys and values")
        }
        var strings: [String: String] = [:]
        for (key, value) in table {
            guard let text = value as? String else {
                throw .malformed(file: file, reason: "the value of '\(key)' is not a string")
            }
            strings[key] = text
        }
        return strings
    }

    /// The plural entries of a `.stringsdict`: each key's `NSStringLocalizedFormatKey` and its
    /// `NSStringPluralRuleType` variables.
    static func readStringsDictionary(_ file: String) throws(LocalizedStringsError) -> [String: LocalizedStrings
        .PluralEntry]
    {
        try parseStringsDictionary(contents(file), file: file)
    }

    /// The plural entries of the `.stringsdict` `data`, the file `file`.
    static func parseStringsDictionary(_ data: Data, file: String) throws(LocalizedStringsError) -> [String:
        LocalizedStrings.PluralEntry]
    {
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw .malformed(file: file, reason: reason(error))
        }
        guard let table = list as? [String: Any] else {
            throw .malformed(file: file, reason: "not a dictionary of keys")
        }
        var entries: [String: LocalizedStrings.PluralEntry] = [:]
        for (key, value) in table {
            guard let entry = value as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String
            else {
                throw .malformed(file: file, reason: "'\(key)' has no NSStringLocalizedFormatKey string")
            }
            var variables: [String: LocalizedStrings.PluralVariable] = [:]
            for (name, rule) in entry where name != "NSStringLocalizedFormatKey" {
                guard let rule = rule as? [String: Any] else { continue }
                let type = rule["NSStringFormatSpecTypeKey"] as? String
                guard type == "NSStringPluralRuleType" else {
                    throw .malformed(
                        file: file, reason: "'\(key).\(name)' is \(type ?? "no rule type"), not NSStringPluralRuleType")
                }
                var forms: [String: String] = [:]
                for category in ["zero", "one", "two", "few", "many", "other"] {
                    if let form = rule[category] as? String { forms[category] = form }
                }
                guard forms["other"] != nil else {
                    throw .malformed(file: file, reason: "'\(key).\(name)' has no 'other' form")
                }
                variables[name] = .init(forms: forms)
            }
            entries[key] = .init(format: format, variables: variables)
        }
        return entries
    }

    /// One key's localization in a catalog: a text, or plural forms by category.
    enum CatalogLocalization {
        case text(String)
        case plural([String: String])
    }

    /// A string catalog: its source language and, per key, its localizations by language.
    struct Catalog {
        var sourceLanguage: String?
        var entries: [String: [String: CatalogLocalization]]
    }

    /// The keys of a `.xcstrings` catalog with their `stringUnit` values and plural variations.
    static func readCatalog(_ file: String) throws(LocalizedStringsError) -> Catalog {
        try parseCatalog(contents(file), file: file)
    }

    /// The string catalog `data`, the file `file`.
    static func parseCatalog(_ data: Data, file: String) throws(LocalizedStringsError) -> Catalog {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformed(file: file, reason: reason(error))
        }
        guard let root = json as? [String: Any], let strings = root["strings"] as? [String: Any] else {
            throw .malformed(file: file, reason: "no \"strings\" object")
        }
        var entries: [String: [String: CatalogLocalization]] = [:]
        for (key, value) in strings {
            guard let entry = value as? [String: Any] else {
                throw .malformed(file: file, reason: "the entry of '\(key)' is not an object")
            }
            var localizations: [String: CatalogLocalization] = [:]
            for (language, body) in entry["localizations"] as? [String: Any] ?? [:] {
                guard let body = body as? [String: Any] else { continue }
                if let value = (body["stringUnit"] as? [String: Any])?["value"] as? String {
                    localizations[language] = .text(value)
                } else if let plural = (body["variations"] as? [String: Any])?["plural"] as? [String: Any] {
                    var forms: [String: String] = [:]
                    for (category, form) in plural {
                        if let value = ((form as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
                        {
                            forms[category] = value
                        }
                    }
                    if forms["other"] != nil { localizations[language] = .plural(forms) }
                }
            }
            entries[key] = localizations
        }
        return Catalog(sourceLanguage: root["sourceLanguage"] as? String, entries: entries)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
