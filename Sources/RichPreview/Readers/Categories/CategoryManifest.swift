import Foundation

/// The categories an app registers, read from declarative manifests (JSON, or a property list
/// with the same keys) because apps register them in code.
///
/// Every key is checked when it is read (an unknown key, a wrong type); the manifest rules
/// (`Rules/Categories/`, run by `load`, `parse` and `check`) then find an empty identifier or title, a repeated category or action, and
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

    /// Adds `category`, declared at `categories[index]` of `file`, after the others.
    mutating func append(_ category: NotificationCategory, file: String, index: Int) {
        add(category, file: file, index: index)
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
            let position = JSONKeyLocator.Position(ofByte: jsonFailure.offset, in: JSONReader.utf8(data))
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
