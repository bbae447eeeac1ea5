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
    /// - Throws: `CategoryManifestError` for empty, duplicate and context errors.
    public init(_ categories: [NotificationCategory], file: String = Finding.inMemoryFile) throws(CategoryManifestError)
    {
        for (index, category) in categories.enumerated() { try append(category, file: file, index: index) }
    }

    /// Checks `category`, declared at `categories[index]` of `file`, and adds it after the others.
    /// - Throws: `CategoryManifestError` for empty, duplicate and context errors.
    mutating func append(_ category: NotificationCategory, file: String, index: Int) throws(CategoryManifestError) {
        try Self.validate(category, file: file, at: (KeyPath.root / "categories")[index])
        try add(category, file: file, index: index)
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
            let next: CategoryManifest =
                switch source {
                case .file(let url): try load(contentsOf: url)
                case .bytes(let data, let name): try parse(data, file: name)
                }
            // The first manifest is taken as it is, not copied category by category.
            if manifest.categories.isEmpty { manifest = next } else { try manifest.merge(next) }
        }
        return manifest
    }

    /// Reads manifest bytes: JSON when they parse as JSON, else an XML, binary or old-style plist;
    /// `file` names them in errors (`<data>` when not given).
    /// - Throws: `CategoryManifestError`; the first problem found.
    public static func parse(_ data: Data, file: String = Finding.inMemoryFile) throws(CategoryManifestError)
        -> CategoryManifest
    {
        let reader = CategoryManifestReader(file: file)
        var manifest = CategoryManifest()
        guard let jsonFailure = JSONReader.check(data) else {
            try reader.readCategories(json: data) { category, index throws(CategoryManifestError) in
                try manifest.append(category, file: file, index: index)
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
            try manifest.append(category, file: file, index: index)
        }
        return manifest
    }

    /// Adds `other`'s categories after these.
    /// - Throws: `CategoryManifestError.duplicateCategory` when both declare a category.
    public mutating func merge(_ other: CategoryManifest) throws(CategoryManifestError) {
        for (category, declaration) in zip(other.categories, other.declarations) {
            try add(category, file: declaration.file, index: declaration.index)
        }
    }

    /// The registered category with this identifier.
    public func category(_ identifier: String) -> NotificationCategory? {
        positions[identifier].map { categories[$0] }
    }

    /// Where the category with this identifier was declared.
    public func origin(of identifier: String) -> Origin? {
        positions[identifier].map(origin(at:))
    }

    private func origin(at position: Int) -> Origin {
        let (file, index) = declarations[position]
        return Origin(file: file, keyPath: (KeyPath.root / "categories")[index].description)
    }

    private mutating func add(_ category: NotificationCategory, file: String, index: Int) throws(CategoryManifestError)
    {
        if let first = positions[category.identifier].map(origin(at:)) {
            throw .duplicateCategory(
                file: file, keyPath: (KeyPath.root / "categories")[index].description + ".identifier",
                identifier: category.identifier, firstFile: first.file, firstKeyPath: first.keyPath)
        }
        positions[category.identifier] = categories.count
        categories.append(category)
        declarations.append((file, index))
    }

    public static func == (lhs: CategoryManifest, rhs: CategoryManifest) -> Bool {
        lhs.categories == rhs.categories && lhs.declarations.elementsEqual(rhs.declarations) { $0 == $1 }
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
