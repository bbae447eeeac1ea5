import Foundation

/// Category manifests read and checked: the manifest rules (`Rules/Categories/`) run on what
/// `CategoryManifestReader` read, or on why it could not.
extension CategoryManifest {
    /// Categories built in code, checked as a manifest's are; `file` names them in errors.
    /// - Throws: `CategoryManifestError.rejected` for empty, duplicate and context errors.
    public init(_ categories: [NotificationCategory], file: String = Finding.inMemoryFile) throws(CategoryManifestError)
    {
        for (index, category) in categories.enumerated() { append(category, file: file, index: index) }
        _ = try checked()
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
}

extension CategoryManifestError: FindingConvertible {
    /// The finding of a manifest that cannot be read (`manifest-unreadable`) or is not a manifest
    /// (`manifest-invalid`); for `rejected`, its first error.
    public var finding: Finding {
        if case .rejected(let findings) = self {
            return findings.first { $0.severity == .error } ?? findings.first
                ?? Finding(rule: Rules.ManifestInvalid.descriptor, message: "rejected")
        }
        return Rules.check(self).first ?? Finding(rule: Rules.ManifestInvalid.descriptor, message: "not a manifest")
    }
}
