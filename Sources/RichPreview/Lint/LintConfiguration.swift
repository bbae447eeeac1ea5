import Foundation
import RichPreviewSystem

/// What a lint checks and how: the rules switched off or the only ones on, whether warnings fail
/// it, the paths left out, the build settings for `$(VAR)` in plists, where attachments resolve.
/// Set from the command line and from a `.richpreview.json` file at the root of a linted folder.
public struct LintConfiguration: Sendable, Equatable {
    /// Rules not run.
    public var disabled: Set<String>
    /// When not empty, the only rules run.
    public var enabledOnly: Set<String>
    /// Warnings count as errors for the result.
    public var warningsAsErrors: Bool
    /// Paths left out, besides `.git`, build folders, `Pods`, `Carthage` and `DerivedData`.
    public var excludes: [GlobPattern]
    /// Build settings for `$(NAME)` in Info.plists.
    public var variables: BuildVariables
    /// The folder local attachment paths of payloads resolve under; nil: each payload's folder.
    public var attachmentsRoot: String?
    /// Extra payload key paths searched for attachment URLs.
    public var attachmentKeys: [String]
    /// The limits payloads' attachments are checked against (iOS's sizes, the service
    /// extension's memory).
    public var attachmentLimits: AttachmentLimits
    /// Severities given to a rule's findings (`too-many-actions`) or to one cause's
    /// (`path-unreadable/link-outside`) instead of the declared one; nil turns them off. A cause's
    /// entry wins over its rule's.
    public var severities: [String: Severity?] = [:]

    /// Creates a configuration from its parts; the defaults run every rule, with warnings not
    /// failing the lint, no extra excludes or variables, attachments resolved beside each payload,
    /// only the default attachment keys, and iOS's attachment limits.
    public init(
        disabled: Set<String> = [], enabledOnly: Set<String> = [], warningsAsErrors: Bool = false,
        excludes: [GlobPattern] = [], variables: BuildVariables = BuildVariables(), attachmentsRoot: String? = nil,
        attachmentKeys: [String] = [], attachmentLimits: AttachmentLimits = AttachmentLimits()
    ) {
        self.attachmentLimits = attachmentLimits
        self.disabled = disabled
        self.enabledOnly = enabledOnly
        self.warningsAsErrors = warningsAsErrors
        self.excludes = excludes
        self.variables = variables
        self.attachmentsRoot = attachmentsRoot
        self.attachmentKeys = attachmentKeys
    }

    /// Whether findings of `rule` are reported.
    public func runs(_ rule: String) -> Bool {
        !disabled.contains(rule) && (enabledOnly.isEmpty || enabledOnly.contains(rule))
    }

    /// `finding` as configured: nil when its rule does not run or its severity is turned off,
    /// else with the severity `severities` gives its cause or its rule.
    public func configured(_ finding: Finding) -> Finding? {
        guard runs(finding.rule) else { return nil }
        guard !severities.isEmpty else { return finding }
        let given = finding.cause.flatMap { severities["\(finding.rule)/\($0)"] } ?? severities[finding.rule]
        guard let given else { return finding }
        guard let severity = given else { return nil }
        var configured = finding
        configured.severity = severity
        return configured
    }

    /// The rule or `RULE/CAUSE` a severity may be given to, and the severity written
    /// (`error`, `warning`, `note`, or `off`); nil severity is off.
    /// - Throws: the reason, naming the rule, cause or level that is unknown.
    public static func severity(of key: String, _ level: String) throws(FileError) -> (key: String, severity: Severity?)
    {
        let parts = key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let rule = Rules.descriptor(id: parts[0]) else {
            let hint = Suggester.suggestion(for: parts[0], among: Rules.all.map(\.id)).map { "; did you mean '\($0)'?" }
            throw FileError(file: "", reason: "no rule '\(parts[0])'\(hint ?? "")")
        }
        if parts.count == 2, rule.cause(parts[1]) == nil {
            let causes = rule.causes.map(\.id)
            throw FileError(
                file: "",
                reason: causes.isEmpty
                    ? "the rule '\(rule.id)' has no causes of its own"
                    : "the rule '\(rule.id)' has no cause '\(parts[1])' (its causes: \(causes.joined(separator: ", ")))"
            )
        }
        if level == "off" { return (key, nil) }
        guard let severity = Severity(rawValue: level) else {
            throw FileError(file: "", reason: "'\(key)' must be error, warning, note or off, not '\(level)'")
        }
        return (key, severity)
    }

    /// The name of the configuration file read from the root of a linted folder.
    public static let fileName = ".richpreview.json"

    /// Why a configuration file cannot be used.
    public struct FileError: Error, Equatable, Sendable {
        /// The configuration file (or the `.xcconfig` it names) that is wrong, as its path was
        /// given.
        public var file: String
        /// What is wrong with it, naming the key, for users.
        public var reason: String
    }

    /// This configuration with the `.richpreview.json` at the top of the first of `paths` added,
    /// when that path is a folder holding one (the same file `lint` reads); unchanged otherwise.
    /// The file is the project's, so the paths it names (and the file itself, if a link) must
    /// lead inside the folders at `paths`.
    /// - Throws: `FileError` naming the key that is wrong.
    public func addingFile(forPaths paths: [String]) throws(FileError) -> LintConfiguration {
        guard let root = paths.first, (try? FileStatus.of(path: root))?.kind == .directory else { return self }
        let file = (root as NSString).appendingPathComponent(Self.fileName)
        guard (try? FileStatus.of(path: file, followingLinks: false)) != nil else { return self }
        return try adding(file: file, store: .disk(confinedTo: LintRoots(paths: paths)))
    }

    /// This configuration with the settings of a `.richpreview.json` added: `disable`,
    /// `enableOnly` (arrays of rule ids), `warningsAsErrors` (bool), `exclude` (array of patterns),
    /// `xcconfig` (a path relative to the file), `variables` (an object of strings), `attachments`
    /// (a folder relative to the file), `attachmentKeys` (array of key paths), `severity` (an
    /// object of rule ids or `RULE/CAUSE` and `error`, `warning`, `note` or `off`; the command
    /// line's win). Unknown keys, rule ids, causes and levels are errors.
    /// - Throws: `FileError` naming the key that is wrong.
    public func adding(file path: String) throws(FileError) -> LintConfiguration {
        try adding(file: path, store: .disk)
    }

    /// This configuration with the settings of the `.richpreview.json` at `path` in `store` added,
    /// its `xcconfig` read from the store too; the file, its `xcconfig` (with what that includes)
    /// and its `attachments` folder must lead inside the store's roots.
    /// - Throws: `FileError` naming the key that is wrong.
    func adding(file path: String, store: LintFileStore) throws(FileError) -> LintConfiguration {
        let data: Data
        do {
            data = try store.namedData(path: path, limit: 1024 * 1024)
        } catch {
            switch error {
            case .outsideRoots(let resolved): throw FileError(file: path, reason: Self.outside(resolved))
            case .unreadable(let failure): throw FileError(file: path, reason: failure.reason)
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FileError(file: path, reason: "not a JSON object")
        }
        let known = [
            "disable", "enableOnly", "warningsAsErrors", "exclude", "xcconfig", "variables", "attachments",
            "attachmentKeys", "severity",
        ]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            let hint = Suggester.suggestion(for: unknown, among: known).map { "; did you mean '\($0)'?" } ?? ""
            throw FileError(file: path, reason: "unknown key '\(unknown)'\(hint)")
        }
        func strings(_ key: String) throws(FileError) -> [String] {
            guard let value = object[key] else { return [] }
            guard let list = value as? [String] else {
                throw FileError(file: path, reason: "'\(key)' must be an array of strings")
            }
            return list
        }
        var result = self
        let folder = (path as NSString).deletingLastPathComponent
        func relative(_ name: String) -> String { name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name }
        for (key, ids) in [("disable", try strings("disable")), ("enableOnly", try strings("enableOnly"))] {
            if let bad = ids.first(where: { Rules.descriptor(id: $0) == nil }) {
                throw FileError(file: path, reason: "'\(key)' names no rule '\(bad)'")
            }
        }
        result.disabled.formUnion(try strings("disable"))
        result.enabledOnly.formUnion(try strings("enableOnly"))
        if let flag = object["warningsAsErrors"] {
            guard let value = flag as? Bool else {
                throw FileError(file: path, reason: "'warningsAsErrors' must be true or false")
            }
            result.warningsAsErrors = result.warningsAsErrors || value
        }
        if let given = object["severity"] {
            guard let levels = given as? [String: String] else {
                throw FileError(file: path, reason: "'severity' must be an object of rule ids and levels")
            }
            for (key, level) in levels.sorted(by: { $0.key < $1.key }) where result.severities[key] == nil {
                do {
                    let (key, severity) = try Self.severity(of: key, level)
                    result.severities[key] = .some(severity)
                } catch {
                    throw FileError(file: path, reason: "'severity': \(error.reason)")
                }
            }
        }
        result.excludes += try strings("exclude").map(GlobPattern.init)
        result.attachmentKeys += try strings("attachmentKeys")
        if let xcconfig = object["xcconfig"] {
            guard let name = xcconfig as? String else {
                throw FileError(file: path, reason: "'xcconfig' must be a path")
            }
            let contents: XcconfigReader.Contents
            do {
                contents = try XcconfigReader.read(relative(name), store: store)
            } catch {
                throw FileError(file: error.file, reason: error.reason)
            }
            if let (includer, resolved) = contents.outsideIncludes.first {
                throw FileError(file: includer, reason: "an include " + Self.outside(resolved))
            }
            result.variables.values.merge(contents.settings) { current, _ in current }
        }
        if let variables = object["variables"] {
            guard let values = variables as? [String: String] else {
                throw FileError(file: path, reason: "'variables' must be an object of strings")
            }
            result.variables.values.merge(values) { current, _ in current }
        }
        if let attachments = object["attachments"] {
            guard let name = attachments as? String else {
                throw FileError(file: path, reason: "'attachments' must be a folder")
            }
            if result.attachmentsRoot == nil, let resolved = store.roots.outsidePath(relative(name)) {
                throw FileError(file: path, reason: "'attachments' " + Self.outside(resolved))
            }
            result.attachmentsRoot = result.attachmentsRoot ?? relative(name)
        }
        return result
    }

    /// Why a path the file names is not read: where it leads, and how to read it anyway.
    private static func outside(_ resolved: String) -> String {
        "leads to \(resolved), outside the folders linted; not read (give it on the command line to use it)"
    }
}
