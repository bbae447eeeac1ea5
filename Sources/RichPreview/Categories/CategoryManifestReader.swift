/// Turns a parsed manifest (JSON or property list values) into categories, checking every key's
/// name and type. Semantic checks (empty, duplicate, contexts) are `CategoryManifest.validate`'s.
struct CategoryManifestReader {
    let file: String

    static let topKeys = ["categories"]
    static let categoryKeys = ["identifier", "options", "actions", "contexts"]
    static let actionKeys = [
        "identifier", "title", "options", "response", "textInput", "activationMode", "destructive",
        "authenticationRequired",
    ]
    static let textInputKeys = ["buttonTitle", "placeholder"]
    static let contextKeys = ActionContext.allCases.map(\.rawValue)

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
        let keys = try dictionary(value, at: path, keys: Self.categoryKeys)
        var category = NotificationCategory(identifier: try requiredString(keys, "identifier", at: path))
        for (name, namePath) in try strings(keys, "options", at: path) {
            category.options.insert(try option(name, at: namePath, in: CategoryOptions.names))
        }
        if let actions = keys["actions"] {
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
        return action
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
        if let unknown = dictionary.keys.sorted().first(where: { !keys.contains($0) }) {
            throw .unknownKey(
                file: file, keyPath: (path / unknown).description,
                suggestion: Suggester.suggestion(for: unknown, among: keys))
        }
        return dictionary
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
