import Foundation

/// The categories an app registers, read from declarative manifests (JSON, or a property list
/// with the same keys) because apps register them in code.
///
/// Every key is checked when it is read (an unknown key, a wrong type); the manifest rules
/// (`Rules/Categories/`) then find an empty identifier or title, a repeated category or action, and
/// a context naming an unknown action or listing more actions than iOS shows (2 minimal, 4 default),
/// all errors. See the README's "Category manifest" for the keys.
public struct CategoryManifest: Sendable, Equatable {
    /// Every category, in the order declared (files in the order given).
    public private(set) var categories: [NotificationCategory] = []
    /// Where each of `categories` was declared: its file and its index in that file's array (the
    /// key path is made when asked for, so a manifest of 200,000 categories keeps no 200,000 paths).
    private var declarations: [(file: String, index: Int)] = []
    /// The position in `categories` of each identifier.
    private var positions: [String: Int] = [:]

    /// Where a category was declared.
    public struct Origin: Sendable, Equatable {
        /// The manifest file as it was given (`url.relativePath`), or the name given to bytes in
        /// memory.
        public var file: String
        /// `categories[N]`.
        public var keyPath: String

        /// Creates an origin from a file name and a key path such as `categories[2]`.
        public init(file: String, keyPath: String) {
            self.file = file
            self.keyPath = keyPath
        }
    }

    /// No categories: every category is unregistered.
    public init() {}

    /// Categories built in code, checked as a manifest's are; `file` names them in errors.
    /// - Throws: `CategoryManifestError.rejected` for empty, duplicate and context errors.
    public init(_ categories: [NotificationCategory], file: String = Finding.inMemoryFile) throws(CategoryManifestError)
    {
        for (index, category) in categories.enumerated() { append(category, file: file, index: index) }
        _ = try checked()
    }

    /// Adds `category`, declared at `categories[index]` of `file`, after the others.
    mutating func append(_ category: NotificationCategory, file: String, index: Int) {
        add(category, file: file, index: index)
    }

    /// Reads a manifest file; `file` in errors is `url.relativePath`.
    /// - Throws: `CategoryManifestError`: the file cannot be read or is not a manifest, or the
    ///   manifest rules find errors in it (`rejected`, with every finding).
    public static func load(contentsOf url: URL) throws(CategoryManifestError) -> CategoryManifest {
        try read(contentsOf: url).checked()
    }

    /// Reads several manifests into one set, as one `setNotificationCategories` call would register them.
    /// A file given twice (under any spelling) is read once.
    /// - Throws: `CategoryManifestError`, including a category declared in two files.
    public static func load(_ urls: [URL]) throws(CategoryManifestError) -> CategoryManifest {
        try load(urls.map(InputSource.file))
    }

    /// Reads manifests from files and from bytes in memory, in order, into one set, then checks the
    /// set; a file given twice (under any spelling) is read once.
    /// - Throws: `CategoryManifestError`, including a category declared in two inputs.
    public static func load(_ sources: [InputSource]) throws(CategoryManifestError) -> CategoryManifest {
        var manifest = CategoryManifest()
        var seen: Set<String> = []
        for source in sources where seen.insert(source.identity).inserted {
            let next: CategoryManifest =
                switch source {
                case .file(let url): try read(contentsOf: url)
                case .bytes(let data, let name): try read(data, file: name)
                }
            // The first manifest is taken as it is, not copied category by category.
            if manifest.categories.isEmpty { manifest = next } else { manifest.merge(next) }
        }
        return try manifest.checked()
    }

    /// Reads manifest bytes: JSON when they parse as JSON, else an XML, binary or old-style plist;
    /// `file` names them in errors (`<data>` when not given).
    /// - Throws: `CategoryManifestError`, as `load(contentsOf:)`.
    public static func parse(_ data: Data, file: String = Finding.inMemoryFile) throws(CategoryManifestError)
        -> CategoryManifest
    {
        try read(data, file: file).checked()
    }

    /// Reads manifest bytes and runs the manifest rules on them without throwing: the manifest
    /// when it has no error, and every finding (a manifest that cannot be read has one, and none).
    public static func check(_ data: Data, file: String = Finding.inMemoryFile) -> (
        manifest: CategoryManifest?, findings: [Finding]
    ) {
        let manifest: CategoryManifest
        do {
            manifest = try read(data, file: file)
        } catch {
            return (nil, error.findings)
        }
        let findings = manifest.findings
        return (findings.contains { $0.severity == .error } ? nil : manifest, findings)
    }

    /// What the manifest rules find, in the order of the key paths (`categories[2]` before
    /// `categories[10]`) within each file.
    var findings: [Finding] {
        Rules.check(self).enumerated().sorted { a, b in
            let (fileA, fileB) = (a.element.file ?? "", b.element.file ?? "")
            if fileA != fileB { return fileA < fileB }
            switch (a.element.keyPath ?? "").compare(b.element.keyPath ?? "", options: .numeric) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// The manifest when the manifest rules find no error in it.
    /// - Throws: `CategoryManifestError.rejected` with every finding, errors first.
    func checked() throws(CategoryManifestError) -> CategoryManifest {
        let findings = self.findings
        guard findings.contains(where: { $0.severity == .error }) else { return self }
        throw .rejected(findings: findings.filter { $0.severity == .error } + findings.filter { $0.severity != .error })
    }

    /// Reads a manifest file without checking it.
    static func read(contentsOf url: URL) throws(CategoryManifestError) -> CategoryManifest {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw .unreadable(file: url.relativePath, reason: error.reason)
        }
        return try read(data, file: url.relativePath)
    }

    /// Reads manifest bytes without checking them: only what cannot be read throws.
    static func read(_ data: Data, file: String) throws(CategoryManifestError) -> CategoryManifest {
        let reader = CategoryManifestReader(file: file)
        var manifest = CategoryManifest()
        guard let jsonFailure = JSONReader.check(data) else {
            try reader.readCategories(json: data) { category, index throws(CategoryManifestError) in
                manifest.append(category, file: file, index: index)
            }
            return manifest
        }
        let root: PropertyValue
        do {
            root = try PropertyValue.parsePropertyList(data).value
        } catch {
            let position = JSONSyntax.position(ofByte: jsonFailure.offset, in: JSONReader.utf8(data))
            throw .notParseable(
                file: file, jsonReason: "\(jsonFailure.reason) at line \(position.line), column \(position.column)",
                propertyListReason: error.reason)
        }
        for (index, category) in try reader.categories(root).enumerated() {
            manifest.append(category, file: file, index: index)
        }
        return manifest
    }

    /// Adds `other`'s categories after these (a category declared in both is a finding of the
    /// manifest rules, `category-registered-twice`; the first declaration is the one used).
    public mutating func merge(_ other: CategoryManifest) {
        for (category, declaration) in zip(other.categories, other.declarations) {
            add(category, file: declaration.file, index: declaration.index)
        }
    }

    /// The registered category with this identifier (the first declared, when one is declared twice).
    public func category(_ identifier: String) -> NotificationCategory? {
        positions[identifier].map { categories[$0] }
    }

    /// Where the category with this identifier was declared (first).
    public func origin(of identifier: String) -> Origin? {
        positions[identifier].map(origin(at:))
    }

    /// Every category with where it was declared, in order, a category declared twice each time.
    var declared: LazyMapSequence<Range<Int>, (category: NotificationCategory, origin: Origin)> {
        categories.indices.lazy.map { (categories[$0], origin(at: $0)) }
    }

    private func origin(at position: Int) -> Origin {
        let (file, index) = declarations[position]
        return Origin(file: file, keyPath: (KeyPath.root / "categories")[index].description)
    }

    private mutating func add(_ category: NotificationCategory, file: String, index: Int) {
        if positions[category.identifier] == nil { positions[category.identifier] = categories.count }
        categories.append(category)
        declarations.append((file, index))
    }

    public static func == (lhs: CategoryManifest, rhs: CategoryManifest) -> Bool {
        lhs.categories == rhs.categories && lhs.declarations.elementsEqual(rhs.declarations) { $0 == $1 }
    }
}
