import Foundation

/// Turns a parsed manifest (JSON or property list values) into categories, checking every key's
/// name and type. Semantic checks (empty, duplicate, contexts) are `CategoryManifest.validate`'s.
struct CategoryManifestReader {
    let file: String

    static let topKeys = ["categories"]
    static let categoryKeys = ["identifier", "options", "actions", "contexts"]
    static let actionKeys = [
        "identifier", "title", "options", "response", "textInput", "activationMode", "destructive",
        "authenticationRequired", "icon",
    ]
    static let textInputKeys = ["buttonTitle", "placeholder"]
    static let iconKeys = ActionIcon.Kind.allCases.map(\.rawValue)
    static let contextKeys = ActionContext.allCases.map(\.rawValue)

    /// Reads the categories of a JSON manifest that `JSONReader.check` has found to be JSON, one
    /// at a time, handing each to `body` with its index: only one category's values are held at
    /// once, never the document's.
    func readCategories(
        json data: Data, _ body: (NotificationCategory, Int) throws(CategoryManifestError) -> Void
    ) throws(CategoryManifestError) {
        let result = JSONReader.reading(data) {
            reader throws(JSONReader.SyntaxError) -> Result<
                Void, CategoryManifestError
            > in
            guard try reader.peekKind() == .object else {
                return .failure(
                    .wrongType(
                        file: file, keyPath: KeyPath.root.description, expected: "a dictionary",
                        found: try reader.value().summary))
            }
            // The top level's keys first (the first unknown one is the error, as for any
            // dictionary), then the categories from where their array starts.
            try reader.beginObject()
            var keys: [String] = []
            var categoriesStart: Int?
            while let (key, _) = try reader.nextKey(first: keys.isEmpty) {
                keys.append(key)
                _ = try reader.peekKind()
                if key == "categories" { categoriesStart = reader.offset }
                try reader.skipValue()
            }
            do throws(CategoryManifestError) {
                try checkKeys(keys, at: .root, allowed: Self.topKeys)
            } catch {
                return .failure(error)
            }
            let path = KeyPath.root / "categories"
            guard let categoriesStart else { return .failure(.missingKey(file: file, keyPath: path.description)) }
            reader.seek(to: categoriesStart, depth: 1)
            guard try reader.peekKind() == .array else {
                return .failure(
                    .wrongType(
                        file: file, keyPath: path.description, expected: "an array", found: try reader.value().summary))
            }
            try reader.beginArray()
            var index = 0
            while try reader.nextElement(first: index == 0) {
                let category = try streamedCategory(&reader, at: path[index])
                do throws(CategoryManifestError) {
                    try body(try category.get(), index)
                } catch {
                    return .failure(error)
                }
                index += 1
            }
            return .success(())
        }
        switch result {
        case .success(.success): return
        case .success(.failure(let error)): throw error
        case .failure(let syntax):
            // The document was checked first, so this is not reached; said as a reading failure all the same.
            throw .notParseable(file: file, jsonReason: syntax.reason, propertyListReason: "not tried")
        }
    }

    /// The category at the reader's position, its actions read one at a time (a category may have
    /// a hundred thousand); the same result and errors as `category(_:at:)` on its whole value.
    private func streamedCategory(
        _ reader: inout JSONReader, at path: KeyPath
    ) throws(JSONReader.SyntaxError) -> Result<NotificationCategory, CategoryManifestError> {
        guard try reader.peekKind() == .object else {
            let value = try reader.value()
            return Result { () throws(CategoryManifestError) in try category(value, at: path) }
        }
        try reader.beginObject()
        var keys: [String: PropertyValue] = [:]
        var actions: Result<[NotificationAction], CategoryManifestError>?
        while let (key, _) = try reader.nextKey(first: keys.isEmpty && actions == nil) {
            guard key == "actions", try reader.peekKind() == .array else {
                keys[key] = try reader.value()
                if key == "actions" { actions = nil }
                continue
            }
            keys[key] = .array([])
            var read: [NotificationAction] = []
            var firstError: CategoryManifestError?
            try reader.beginArray()
            var index = 0
            while try reader.nextElement(first: index == 0) {
                let value = try reader.value()
                if firstError == nil {
                    do throws(CategoryManifestError) {
                        read.append(try action(value, at: (path / "actions")[index]))
                    } catch {
                        firstError = error
                    }
                }
                index += 1
            }
            actions = firstError.map { .failure($0) } ?? .success(read)
        }
        return Result { () throws(CategoryManifestError) in
            try checkKeys(keys.keys, at: path, allowed: Self.categoryKeys)
            return try category(keys, streamedActions: actions, at: path)
        }
    }

    func categories(_ root: PropertyValue) throws(CategoryManifestError) -> [NotificationCategory] {
        let top = try dictionary(root, at: .root, keys: Self.topKeys)
        let path = KeyPath.root / "categories"
        guard let list = top["categories"] else { throw .missingKey(file: file, keyPath: path.description) }
        var categories: [NotificationCategory] = []
        for (index, value) in try array(list, at: path).enumerated() {
            categories.append(try category(value, at: path[index]))
        }
        return categories
    }

    private func category(_ value: PropertyValue, at path: KeyPath) throws(CategoryManifestError)
        -> NotificationCategory
    {
        try category(try dictionary(value, at: path, keys: Self.categoryKeys), streamedActions: nil, at: path)
    }

    /// The category of `keys`; its actions come from `keys["actions"]`, or, when they were read
    /// one at a time, as `streamedActions` (the actions, or the first error among them, which is
    /// thrown where reading them from `keys` would have thrown it).
    private func category(
        _ keys: [String: PropertyValue], streamedActions: Result<[NotificationAction], CategoryManifestError>?,
        at path: KeyPath
    ) throws(CategoryManifestError) -> NotificationCategory {
        var category = NotificationCategory(identifier: try requiredString(keys, "identifier", at: path))
        for (name, namePath) in try strings(keys, "options", at: path) {
            category.options.insert(try option(name, at: namePath, in: CategoryOptions.names))
        }
        if let streamedActions {
            category.actions = try streamedActions.get()
        } else if let actions = keys["actions"] {
            for (index, action) in try array(actions, at: path / "actions").enumerated() {
                category.actions.append(try self.action(action, at: (path / "actions")[index]))
            }
        }
        if let contexts = keys["contexts"] {
            let contextKeys = try dictionary(contexts, at: path / "contexts", keys: Self.contextKeys)
            if contextKeys["minimal"] != nil {
                category.minimalContext = try strings(contextKeys, "minimal", at: path / "contexts").map(\.0)
            }
            if contextKeys["default"] != nil {
                category.defaultContext = try strings(contextKeys, "default", at: path / "contexts").map(\.0)
            }
        }
        return category
    }

    private func action(_ value: PropertyValue, at path: KeyPath) throws(CategoryManifestError) -> NotificationAction {
        let keys = try dictionary(value, at: path, keys: Self.actionKeys)
        var action = NotificationAction(
            identifier: try requiredString(keys, "identifier", at: path),
            title: try requiredString(keys, "title", at: path))
        for (name, namePath) in try strings(keys, "options", at: path) {
            action.options.insert(try option(name, at: namePath, in: ActionOptions.names))
        }
        for (name, option) in [
            ("destructive", ActionOptions.destructive), ("authenticationRequired", .authenticationRequired),
        ] {
            guard let flag = try boolean(keys, name, at: path) else { continue }
            if !flag && action.options.contains(option) {
                throw .contradiction(
                    file: file, keyPath: (path / name).description, otherKeyPath: (path / "options").description)
            }
            if flag { action.options.insert(option) }
        }
        if let mode = try string(keys, "activationMode", at: path) {
            let modePath = path / "activationMode"
            guard let activationMode = ActivationMode(rawValue: mode) else {
                throw .unknownValue(
                    file: file, keyPath: modePath.description, found: mode,
                    allowed: ActivationMode.allCases.map(\.rawValue))
            }
            if activationMode == .background && action.options.contains(.foreground) {
                throw .contradiction(
                    file: file, keyPath: modePath.description, otherKeyPath: (path / "options").description)
            }
            action.activationMode = activationMode
            if activationMode == .foreground { action.options.insert(.foreground) }
        }
        if let response = try string(keys, "response", at: path) {
            guard let option = ContentExtensionResponse(rawValue: response) else {
                throw .unknownValue(
                    file: file, keyPath: (path / "response").description, found: response,
                    allowed: ContentExtensionResponse.allCases.map(\.rawValue))
            }
            action.response = option
        }
        if let textInput = keys["textInput"] {
            let inputPath = path / "textInput"
            let inputKeys = try dictionary(textInput, at: inputPath, keys: Self.textInputKeys)
            action.textInput = NotificationAction.TextInput(
                buttonTitle: try string(inputKeys, "buttonTitle", at: inputPath) ?? "",
                placeholder: try string(inputKeys, "placeholder", at: inputPath) ?? "")
        }
        if let icon = keys["icon"] { action.icon = try self.icon(icon, at: path / "icon") }
        return action
    }

    /// `{"systemImageName": NAME}` or `{"templateImageName": NAME}`: one of the two, with a name.
    private func icon(_ value: PropertyValue, at path: KeyPath) throws(CategoryManifestError) -> ActionIcon {
        let keys = try dictionary(value, at: path, keys: Self.iconKeys)
        let given = ActionIcon.Kind.allCases.filter { keys[$0.rawValue] != nil }
        guard let kind = given.first else {
            throw .missingKey(file: file, keyPath: (path / ActionIcon.Kind.systemImage.rawValue).description)
        }
        if given.count > 1 {
            throw .contradiction(
                file: file, keyPath: (path / given[1].rawValue).description,
                otherKeyPath: (path / kind.rawValue).description)
        }
        let name = try string(keys, kind.rawValue, at: path) ?? ""
        guard !name.isEmpty else {
            throw .wrongType(
                file: file, keyPath: (path / kind.rawValue).description, expected: "an image name", found: "\"\"")
        }
        return ActionIcon(kind: kind, name: name)
    }

    private func option<Option>(
        _ name: String, at path: KeyPath, in names: [(name: String, option: Option)]
    ) throws(CategoryManifestError) -> Option {
        guard let match = names.first(where: { $0.name == name }) else {
            throw .unknownValue(file: file, keyPath: path.description, found: name, allowed: names.map(\.name))
        }
        return match.option
    }

    /// A dictionary whose keys are all in `keys`; the first unknown one (in sorted order) is an error.
    private func dictionary(
        _ value: PropertyValue, at path: KeyPath, keys: [String]
    ) throws(CategoryManifestError) -> [String: PropertyValue] {
        guard let dictionary = value.dictionary else {
            throw .wrongType(file: file, keyPath: path.description, expected: "a dictionary", found: value.summary)
        }
        try checkKeys(dictionary.keys, at: path, allowed: keys)
        return dictionary
    }

    /// The first of `keys` (in sorted order) that is not `allowed` is an error.
    private func checkKeys(
        _ keys: some Collection<String>, at path: KeyPath, allowed: [String]
    ) throws(CategoryManifestError) {
        if let unknown = keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .unknownKey(
                file: file, keyPath: (path / unknown).description,
                suggestion: Suggester.suggestion(for: unknown, among: allowed))
        }
    }

    private func array(_ value: PropertyValue, at path: KeyPath) throws(CategoryManifestError) -> [PropertyValue] {
        guard let array = value.array else {
            throw .wrongType(file: file, keyPath: path.description, expected: "an array", found: value.summary)
        }
        return array
    }

    private func string(_ keys: [String: PropertyValue], _ key: String, at parent: KeyPath)
        throws(CategoryManifestError) -> String?
    {
        guard let value = keys[key] else { return nil }
        guard let text = value.string else {
            throw .wrongType(
                file: file, keyPath: (parent / key).description, expected: "a string", found: value.summary)
        }
        return text
    }

    private func requiredString(_ keys: [String: PropertyValue], _ key: String, at parent: KeyPath)
        throws(CategoryManifestError) -> String
    {
        guard let text = try string(keys, key, at: parent) else {
            throw .missingKey(file: file, keyPath: (parent / key).description)
        }
        return text
    }

    private func boolean(_ keys: [String: PropertyValue], _ key: String, at parent: KeyPath)
        throws(CategoryManifestError) -> Bool?
    {
        guard let value = keys[key] else { return nil }
        guard case .boolean(let flag) = value else {
            throw .wrongType(
                file: file, keyPath: (parent / key).description, expected: "true or false", found: value.summary)
        }
        return flag
    }

    /// An optional array of strings, each with its key path; empty when absent.
    private func strings(
        _ keys: [String: PropertyValue], _ key: String, at parent: KeyPath
    ) throws(CategoryManifestError) -> [(String, KeyPath)] {
        guard let value = keys[key] else { return [] }
        var result: [(String, KeyPath)] = []
        for (index, element) in try array(value, at: parent / key).enumerated() {
            guard let text = element.string else {
                throw .wrongType(
                    file: file, keyPath: (parent / key)[index].description, expected: "a string", found: element.summary
                )
            }
            result.append((text, (parent / key)[index]))
        }
        return result
    }
}
