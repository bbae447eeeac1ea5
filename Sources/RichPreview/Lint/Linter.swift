import Foundation

/// Checks that a project's four places agree — content extension plists, the categories the app
/// registers in code or manifests, the payloads the server sends, and the attachments they carry
/// — and that each is right on its own. Walks the paths, reads every file that can matter once,
/// runs the readers' checks and the project rules, and returns the findings, located and sorted.
public struct Linter: Sendable {
    /// The rules run, excludes, build variables and attachment settings the lint uses.
    public var configuration: LintConfiguration
    /// Decodes image attachments whole; nil identifies them by signature only.
    public var imageProbe: ImageProbe?
    /// Whether the `.richpreview.json` at the top of the first folder linted is added to
    /// `configuration`, as `richpreview lint` adds it (the default). An invalid file stops the lint:
    /// `LintResult.configurationError` says why.
    public var readsConfigurationFile: Bool
    /// The same paths as they were before the change being linted (an earlier commit's copy),
    /// for the rules that compare the project with what is already shipped; nil for none. Read by
    /// `lint(_:progress:)`; `lint(files:)` compares with none.
    public var baseline: LintBaseline?

    /// Creates a linter; by default every rule runs, the folder's `.richpreview.json` is read as
    /// the command reads it, and images are identified by signature only (pass
    /// `ImageValidator.attachmentProbe()` from RichPreviewRendering to decode them as the command does).
    public init(
        configuration: LintConfiguration = LintConfiguration(), imageProbe: ImageProbe? = nil,
        readsConfigurationFile: Bool = true
    ) {
        self.configuration = configuration
        self.imageProbe = imageProbe
        self.readsConfigurationFile = readsConfigurationFile
    }

    /// Lints the files and folders at `paths` (a folder is walked; a file is read whatever its name).
    /// The tree is untrusted: no symbolic link is followed out of the folders given (a file given
    /// stands for its folder), and no file the project names (an `.xcconfig` and its includes,
    /// entitlements, build scripts, the `.richpreview.json`'s `xcconfig` and `attachments`) is
    /// read outside them; each is a `path-unreadable` note instead. `progress` is called with the
    /// number of files read so far, every few hundred files.
    public func lint(_ paths: [String], progress: (@Sendable (Int) -> Void)? = nil) -> LintResult {
        lintKeepingModel(paths, progress: progress).result
    }

    /// Lints like `lint(_:progress:)` and hands back, unfreed, everything the lint read and worked
    /// out on the way (`LintModel`): freeing a large tree's model is work a command about to exit
    /// can skip by holding the model until it exits.
    package func lintKeepingModel(
        _ paths: [String], progress: (@Sendable (Int) -> Void)? = nil
    ) -> (result: LintResult, model: LintModel) {
        let started = ContinuousClock.now
        var configuration = self.configuration
        if readsConfigurationFile {
            do throws(LintConfiguration.FileError) {
                configuration = try configuration.addingFile(forPaths: paths)
            } catch {
                return Self.unconfigured(error, configuration: configuration, started: started)
            }
        }
        var walked: [ProjectWalker.Entry] = []
        var problems: [PathProblem] = []
        var unreadablePaths: [String] = []
        var seen: Set<String> = []
        let roots = LintRoots(paths: paths)
        let walker = ProjectWalker(excludes: configuration.excludes, roots: roots)
        for path in paths {
            let (files, walkProblems) = walker.walk(path)
            if files.isEmpty, walkProblems.contains(where: { $0.path == path }) { unreadablePaths.append(path) }
            problems += walkProblems
            // One walk lists each file once; only files reached from two paths given are duplicates.
            guard paths.count > 1 else {
                walked += files
                continue
            }
            for file in files where seen.insert(URL(fileURLWithPath: file.path).standardizedFileURL.path).inserted {
                walked.append(file)
            }
        }
        progress?(walked.count)
        return lint(
            walked, problems: problems, unreadablePaths: unreadablePaths, store: .disk(confinedTo: roots),
            configuration: configuration, started: started, baseline: baselineSources(configuration: configuration))
    }

    /// The Swift and Objective-C facts of the baseline's paths, read as the lint reads the
    /// project's own (the same excludes; nothing followed out of them).
    private func baselineSources(configuration: LintConfiguration) -> BaselineSources? {
        guard let baseline else { return nil }
        let roots = LintRoots(paths: baseline.paths)
        let walker = ProjectWalker(excludes: configuration.excludes, roots: roots)
        let walked = baseline.paths.flatMap { walker.walk($0).files }
        let project = LintProjectLoader(configuration: configuration, imageProbe: nil, store: .disk(confinedTo: roots))
            .load(walked, problems: [])
        return BaselineSources(name: baseline.name, sources: project.sources)
    }

    /// Lints files held in memory, for a service that holds a project rather than a checkout:
    /// `files` maps each file's path (relative or absolute, as the findings name it) to its
    /// contents. The files are chosen and read as `lint(_:progress:)` chooses and reads a tree's
    /// (by name, skipped folders and excludes alike), and nothing is read from disk: a payload's
    /// local attachments, the entitlements and scripts a project names, and an `xcconfig` are
    /// looked for among `files`, by their paths resolved as on disk (`./A/../B/x` is `B/x`). The
    /// `.richpreview.json` in the deepest folder holding every file (the top of the tree they
    /// make) is added to `configuration` when `readsConfigurationFile` is set.
    public func lint(files: [String: Data]) -> LintResult {
        let started = ContinuousClock.now
        let store = LintFileStore(files: files)
        var configuration = self.configuration
        let files = store.filesBelowTop
        if readsConfigurationFile, let file = files.first(where: { $0.relative == LintConfiguration.fileName })?.given {
            do throws(LintConfiguration.FileError) {
                configuration = try configuration.adding(file: file, store: store)
            } catch {
                return Self.unconfigured(error, configuration: configuration, started: started).result
            }
        }
        let walked = ProjectWalker(excludes: configuration.excludes).list(files)
        return lint(
            walked, problems: [], unreadablePaths: [], store: store, configuration: configuration, started: started
        ).result
    }

    /// The result of a lint stopped by its configuration file.
    private static func unconfigured(
        _ error: LintConfiguration.FileError, configuration: LintConfiguration, started: ContinuousClock.Instant
    ) -> (result: LintResult, model: LintModel) {
        let result = LintResult(
            findings: [], filesWalked: 0, counts: [:], notes: [], unreadablePaths: [],
            milliseconds: (ContinuousClock.now - started).milliseconds,
            warningsAsErrors: configuration.warningsAsErrors, configurationError: error)
        return (result, LintModel(project: nil, walked: []))
    }

    /// Reads the `walked` files from `store` into a project and runs the rules on it.
    private func lint(
        _ walked: [ProjectWalker.Entry], problems: [PathProblem], unreadablePaths: [String], store: LintFileStore,
        configuration: LintConfiguration, started: ContinuousClock.Instant, baseline: BaselineSources? = nil
    ) -> (result: LintResult, model: LintModel) {
        var project = LintProjectLoader(configuration: configuration, imageProbe: imageProbe, store: store).load(
            walked, problems: problems)
        project.baseline = baseline
        var findings = project.findings
        // Cancelled through the `async` form: what is found so far is dropped by it, so stop here.
        if Self.stopsWhenCancelled, Task.isCancelled {
            return (LintResult.cancelled, LintModel(project: nil, walked: []))
        }
        for payload in project.payloads {
            findings += payload.report.findings
            findings += payload.attachments.flatMap(\.findings)
        }
        for rule in Rules.projectRules {
            if Self.stopsWhenCancelled, Task.isCancelled {
                return (LintResult.cancelled, LintModel(project: nil, walked: []))
            }
            findings += rule.check(project)
        }
        findings = Self.placed(findings.compactMap(configuration.configured), in: project)
        var unique: Set<Finding> = []
        findings = findings.filter { unique.insert($0).inserted }.sorted(by: Self.order)
        var notes: [String] = []
        if !project.hasRegistrations, !project.registersNothing,
            project.hasContentExtension || !project.payloads.isEmpty
        {
            notes.append(
                "no category registrations found (Swift or Objective-C sources, category manifests): checks that compare categories with them were skipped"
            )
        }
        if let table = project.unreadableLocalizationTable {
            notes.append("payloads' loc-keys were not checked against the Localizable tables: \(table)")
        }
        let result = LintResult(
            findings: findings, filesWalked: walked.count, counts: project.counts, notes: notes,
            unreadablePaths: unreadablePaths, milliseconds: (ContinuousClock.now - started).milliseconds,
            warningsAsErrors: configuration.warningsAsErrors, apps: project.crossPlatform.map(\.app))
        return (result, LintModel(project: project, walked: walked))
    }

    /// The findings with their line and column filled in from where their key is written, when
    /// known: each file's source map placing that file's findings at once.
    static func placed(_ findings: [Finding], in project: LintProject) -> [Finding] {
        var byFile: [String: [Int]] = [:]
        for (index, finding) in findings.enumerated() where finding.line == nil && finding.keyPath != nil {
            guard let file = finding.file, project.sourceMaps[file] != nil else { continue }
            byFile[file, default: []].append(index)
        }
        var placed = findings
        for (file, indices) in byFile {
            guard let map = project.sourceMaps[file] else { continue }
            for (index, finding) in zip(indices, map.place(indices.map { findings[$0] })) { placed[index] = finding }
        }
        return placed
    }

    static func order(_ a: Finding, _ b: Finding) -> Bool {
        (a.file ?? "", a.line ?? 0, a.column ?? 0, a.rule, a.message)
            < (b.file ?? "", b.line ?? 0, b.column ?? 0, b.rule, b.message)
    }
}

/// What a lint found, and what it read.
public struct LintResult: Sendable, Equatable {
    /// Every finding, sorted by file, line, column and rule.
    public var findings: [Finding]
    /// How many files the walk found that could matter.
    public var filesWalked: Int
    /// How many of each kind were read (`payloads`, `extension plists`, `sources`, …).
    public var counts: [String: Int]
    /// What the lint could not check, for the summary.
    public var notes: [String]
    /// Paths given that could not be read at all.
    public var unreadablePaths: [String]
    /// Wall-clock time the lint took, in milliseconds.
    public var milliseconds: Double
    /// Whether warnings fail the lint, as configured.
    public var warningsAsErrors: Bool
    /// Why the folder's `.richpreview.json` could not be used; nothing was linted then.
    public var configurationError: LintConfiguration.FileError? = nil
    /// The Flutter, React Native, Expo and Capacitor apps the tree holds, whose iOS side was
    /// checked; empty for a native app.
    public var apps: [CrossPlatformApp] = []

    /// The number of findings of `severity`.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Whether the lint fails: an unusable configuration file, errors, or warnings when they count
    /// as errors.
    public var failed: Bool {
        configurationError != nil || count(.error) > 0 || (warningsAsErrors && count(.warning) > 0)
    }
}
