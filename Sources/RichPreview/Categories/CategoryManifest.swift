import Foundation

/// The categories an app registers, read from declarative manifests (JSON, or a property list
/// with the same keys) because apps register them in code.
///
/// Every key is checked: an unknown key, a wrong type, an empty identifier or title, a repeated
/// category or action, and a context naming an unknown action or listing more actions than iOS
/// shows (2 minimal, 4 default) are errors. See the README's "Category manifest" for the keys.
public struct CategoryManifest: Sendable, Equatable {
    /// Every category, in the order declared (files in the order given).
    public private(set) var categories: [NotificationCategory] = []
    private var origins: [String: Origin] = [:]

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
    /// - Throws: `CategoryManifestError` for empty, duplicate and context errors.
    public init(_ categories: [NotificationCategory], file: String = Finding.inMemoryFile) throws(CategoryManifestError)
    {
        for (index, category) in categories.enumerated() {
            let path = (KeyPath.root / "categories")[index]
            try Self.validate(category, file: file, at: path)
            try add(category, origin: Origin(file: file, keyPath: path.description))
        }
    }

    /// Reads a manifest file; `file` in errors is `url.relativePath`.
    /// - Throws: `CategoryManifestError`; the first problem found.
    public static func load(contentsOf url: URL) throws(CategoryManifestError) -> CategoryManifest {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw .unreadable(file: url.relativePath, reason: error.reason)
        }
        return try parse(data, file: url.relativePath)
    }

    /// Reads several manifests into one set, as one `setNotificationCategories` call would register them.
    /// A file given twice (under any spelling) is read once.
    /// - Throws: `CategoryManifestError`, including a category declared in two files.
    public static func load(_ urls: [URL]) throws(CategoryManifestError) -> CategoryManifest {
        try load(urls.map(InputSource.file))
    }

    /// Reads manifests from files and from bytes in memory, in order, into one set; a file given
    /// twice (under any spelling) is read once.
    /// - Throws: `CategoryManifestError`, including a category declared in two inputs.
    public static func load(_ sources: [InputSource]) throws(CategoryManifestError) -> CategoryManifest {
        var manifest = CategoryManifest()
        var seen: Set<String> = []
        for source in sources where seen.insert(source.identity).inserted {
            switch source {
            case .file(let url): try manifest.merge(try load(contentsOf: url))
            case .bytes(let data, let name): try manifest.merge(try parse(data, file: name))
            }
        }
        return manifest
    }

    /// Reads manifest bytes: JSON when they parse as JSON, else an XML, binary or old-style plist;
    /// `file` names them in errors (`<data>` when not given).
    /// - Throws: `CategoryManifestError`; the first problem found.
    public static func parse(_ data: Data, file: String = Finding.inMemoryFile) throws(CategoryManifestError)
        -> CategoryManifest
    {
        let root: PropertyValue
        do {
            root = try PropertyValue.parseJSON(data)
        } catch let jsonFailure {
            do {
                root = try PropertyValue.parsePropertyList(data).value
            } catch {
                throw .notParseable(file: file, jsonReason: jsonFailure.reason, propertyListReason: error.reason)
            }
        }
        return try CategoryManifest(CategoryManifestReader(file: file).categories(root), file: file)
    }

    /// Adds `other`'s categories after these.
    /// - Throws: `CategoryManifestError.duplicateCategory` when both declare a category.
    public mutating func merge(_ other: CategoryManifest) throws(CategoryManifestError) {
        for category in other.categories {
            guard let origin = other.origins[category.identifier] else { continue }
            try add(category, origin: origin)
        }
    }

    /// The registered category with this identifier.
    public func category(_ identifier: String) -> NotificationCategory? {
        categories.first { $0.identifier == identifier }
    }

    /// Where the category with this identifier was declared.
    public func origin(of identifier: String) -> Origin? {
        origins[identifier]
    }

    private mutating func add(_ category: NotificationCategory, origin: Origin) throws(CategoryManifestError) {
        if let first = origins[category.identifier] {
            throw .duplicateCategory(
                file: origin.file, keyPath: (origin.keyPath + ".identifier"), identifier: category.identifier,
                firstFile: first.file, firstKeyPath: first.keyPath)
        }
        origins[category.identifier] = origin
        categories.append(category)
    }

    private static func validate(_ category: NotificationCategory, file: String, at path: KeyPath)
        throws(CategoryManifestError)
    {
        if category.identifier.isEmpty { throw .emptyValue(file: file, keyPath: (path / "identifier").description) }
        var seen: Set<String> = []
        for (index, action) in category.actions.enumerated() {
            let actionPath = (path / "actions")[index]
            if action.identifier.isEmpty {
                throw .emptyValue(file: file, keyPath: (actionPath / "identifier").description)
            }
            if action.title.isEmpty { throw .emptyValue(file: file, keyPath: (actionPath / "title").description) }
            guard seen.insert(action.identifier).inserted else {
                throw .duplicateAction(
                    file: file, keyPath: (actionPath / "identifier").description, identifier: action.identifier,
                    category: category.identifier)
            }
        }
        for context in ActionContext.allCases {
            guard let listed = category.explicitContext(context) else { continue }
            let contextPath = path / "contexts" / context.rawValue
            var inContext: Set<String> = []
            for (index, identifier) in listed.enumerated() {
                guard category.action(identifier) != nil else {
                    throw .unknownContextAction(
                        file: file, keyPath: contextPath[index].description, action: identifier,
                        category: category.identifier, known: category.actions.map(\.identifier))
                }
                guard inContext.insert(identifier).inserted else {
                    throw .duplicateAction(
                        file: file, keyPath: contextPath[index].description, identifier: identifier,
                        category: category.identifier)
                }
            }
            if listed.count > context.limit {
                throw .tooManyActions(
                    file: file, keyPath: contextPath.description, category: category.identifier, context: context,
                    count: listed.count)
            }
        }
    }
}
