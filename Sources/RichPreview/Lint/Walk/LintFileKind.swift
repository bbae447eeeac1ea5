/// What a file can be to a lint, by its name's extension (ASCII letters compared without case):
/// told apart from the UTF-8 bytes of the path without building any string.
enum LintFileKind {
    /// `.plist`: an Info.plist, a settings plist or a category manifest.
    case propertyList
    /// `.json`: a payload, a category manifest, or JSON of no interest.
    case json
    /// `.apns`: a Simulator payload.
    case apns
    /// `.swift`.
    case swift
    /// `.m`, `.mm` or `.h`.
    case objectiveC
    /// `.pbxproj`: an Xcode project's `project.pbxproj`.
    case xcodeProject
    /// `.jsx`, `.tsx`, `.dart`, `.kt`: code of a cross-platform framework (React Native,
    /// Flutter, Kotlin Multiplatform), not read, only counted: it may register the categories.
    /// (Plain `.js` and `.ts` files are often a native app's web assets or test data.)
    case otherLanguage
    /// `Podfile`, `Podfile.lock`, `Cartfile`, `Cartfile.resolved`, `Package.resolved`,
    /// `pubspec.yaml` (by name): the dependencies that bring in a push SDK. (A `package.json` is
    /// `.json`.)
    case dependencyFile
    /// `app.config.js`, `app.config.ts`, `capacitor.config.ts`, `capacitor.config.js` (by name):
    /// an Expo or Capacitor app's config written as code; or `targets/*/expo-target.config.*`, a
    /// target `@bacons/apple-targets` adds (`ExpoTargetConfig`).
    case appConfig
    /// `Localizable.strings`, `Localizable.stringsdict`, `Localizable.xcstrings` (by name): the
    /// app's table that payloads' `*-loc-key`s are looked up in.
    case localizedStrings

    /// The kind of the file at `path`, from the extension of its last component (trailing slashes
    /// ignored; a leading dot starts a hidden name, not an extension), or its whole name for a
    /// dependency file; nil for any other file.
    init?(path: String) {
        var path = path
        if let kind = path.withUTF8({ Self.kind(of: $0) }) {
            self = kind
        } else if DependencyFile.kind(of: path) != nil, !path.hasSuffix("package.json") {
            self = .dependencyFile
        } else if ["config.js", "config.ts", "config.mjs", "config.cjs"].contains(where: path.hasSuffix),
            let name = path.split(separator: "/").last.map(String.init),
            Self.appConfigNames.contains(name) || ExpoTargetConfig.isConfigName(name)
        {
            self = .appConfig
        } else if path.contains(LocalizedStringsReader.tableName),
            let name = path.split(separator: "/").last, Self.localizedStringsNames.contains(String(name))
        {
            self = .localizedStrings
        } else {
            return nil
        }
    }

    /// The source language the kind is read with, for sources.
    var sourceLanguage: SourceLanguage? {
        switch self {
        case .swift: .swift
        case .objectiveC: .objectiveC
        case .propertyList, .json, .apns, .xcodeProject, .otherLanguage, .dependencyFile, .appConfig,
            .localizedStrings:
            nil
        }
    }

    /// The names of the app configs written as code.
    static let appConfigNames: Set<String> = [
        "app.config.js", "app.config.ts", "capacitor.config.ts", "capacitor.config.js",
    ]

    /// The names of the `Localizable` table's files.
    static let localizedStringsNames: Set<String> = Set(
        ["strings", "stringsdict", "xcstrings"].map { "\(LocalizedStringsReader.tableName).\($0)" })

    private static func kind(of bytes: UnsafeBufferPointer<UInt8>) -> LintFileKind? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var dot = end
        while dot > 0, bytes[dot - 1] != UInt8(ascii: ".") {
            if bytes[dot - 1] == UInt8(ascii: "/") { return nil }
            dot -= 1
        }
        // `dot` is just past the last dot of the name; the dot must not be the name's first byte.
        guard dot >= 2, bytes[dot - 2] != UInt8(ascii: "/") else { return nil }
        let length = end - dot
        guard length >= 1, length <= 8 else { return nil }
        var word: UInt64 = 0
        for index in dot..<end {
            let byte = bytes[index]
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            word = word << 8 | UInt64(lower)
        }
        return known[word]
    }

    /// The extensions, each packed into an integer (first byte highest), with their kinds.
    private static let known: [UInt64: LintFileKind] = {
        let names: [(String, LintFileKind)] = [
            ("plist", .propertyList), ("json", .json), ("apns", .apns), ("swift", .swift), ("m", .objectiveC),
            ("mm", .objectiveC), ("h", .objectiveC), ("pbxproj", .xcodeProject), ("jsx", .otherLanguage),
            ("tsx", .otherLanguage), ("dart", .otherLanguage), ("kt", .otherLanguage),
        ]
        var table: [UInt64: LintFileKind] = [:]
        for (name, kind) in names { table[name.utf8.reduce(0) { $0 << 8 | UInt64($1) }] = kind }
        return table
    }()
}
