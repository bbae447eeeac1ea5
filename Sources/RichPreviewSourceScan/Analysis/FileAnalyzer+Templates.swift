/// Categories built through the file's own helpers: a function or method whose category
/// constructor takes its identifier from a parameter (`func makeCategory(identifier: String, …)`,
/// `- (UNNotificationCategory *)categoryNamed:(NSString *)name`) is a template, and each call of
/// it (`makeCategory(identifier: "chat", actions: [reply])`, `[self categoryNamed:@"gamma"]`) is a
/// category with the identifier passed; a constructor in a closure mapped over a literal array
/// (`["news", "sport"].map { UNNotificationCategory(identifier: $0, …) }`) is one category per
/// element. What is passed is read as any identifier is (a literal, a constant, or unresolved).
struct CategoryTemplates {
    /// A template: where its identifier comes from.
    struct Template {
        /// The Swift argument label (nil for `_`, then `position` counts), or the Objective-C
        /// selector part, that carries the identifier.
        var label: String?
        var position: Int
        /// The parameter's token in the declaration.
        var parameter: Int
        /// The constructor's token inside the template (for a helper calling another, the
        /// innermost one's).
        var constructor: Int
        /// The identifier is the parameter's `rawValue` (`kind.rawValue`, a String enum passed).
        var rawValue = false
        /// How many calls of it the file holds.
        var calls = 0
    }

    /// Templates by function name (Swift) or selector part (Objective-C).
    var byName: [String: Template] = [:]
    /// Each constructor token's category index, once the pass has built it.
    var categoryOfConstructor: [Int: Int] = [:]
    /// Categories made from calls, with their template's constructor, for copying its options.
    var instances: [(category: Int, constructor: Int)] = []

    var isEmpty: Bool { byName.isEmpty }
}

extension FileAnalyzer {
    /// Whether the category constructor at `constructor` is a template's: its identifier is one
    /// name (or its `rawValue`), a parameter of the function or method around it. Records the
    /// template.
    mutating func isTemplate(constructor: Int, identifier range: Range<Int>?) -> Bool {
        guard let found = template(at: constructor, identifier: range) else { return false }
        templates.byName[found.name] = found.template
        return true
    }

    /// The function or method one of whose parameters the identifier at `index` is, as a note
    /// names it: `makeCategory(…)`, or an Objective-C method by the selector part before it.
    func parameterOwner(of index: Int) -> String? {
        guard let name = template(at: index, identifier: index..<(index + 1))?.name else { return nil }
        return isSwift ? "\(name)(…)" : "the method taking it as '\(name):'"
    }

    /// The template whose parameter the identifier at `range` (inside the function around
    /// `token`) is: `name` or `name.rawValue`.
    private func template(at token: Int, identifier range: Range<Int>?) -> (
        name: String, template: CategoryTemplates.Template
    )? {
        guard let range, source.isIdentifier(range.lowerBound) else { return nil }
        let rawValue =
            range.count == 3 && source.isPunctuation(range.lowerBound + 1, UInt8(ascii: "."))
            && source.isWord(range.lowerBound + 2, "rawValue")
        guard range.count == 1 || rawValue else { return nil }
        let parameter = source.text(range.lowerBound)
        let constructor = token
        let function = structure.functionScope(of: constructor)
        guard function.kind == .function, function.declaration >= 0 else { return nil }
        let found: (name: String, template: CategoryTemplates.Template)?
        switch function.declarationStyle {
        case .swift:
            found = swiftTemplate(
                declaration: Int(function.declaration), parameter: parameter, constructor: constructor)
        case .objectiveCMethod:
            found = objectiveCTemplate(
                declaration: Int(function.declaration), open: Int(function.open), parameter: parameter,
                constructor: constructor)
        case .cFunction:
            found = nil
        }
        guard var found else { return nil }
        found.template.rawValue = rawValue
        return found
    }

    /// `func NAME(… label parameter: Type …)`: the template, when `parameter` is one of NAME's.
    private func swiftTemplate(declaration: Int, parameter: String, constructor: Int) -> (
        name: String, template: CategoryTemplates.Template
    )? {
        guard source.isWord(declaration, "func"), source.isIdentifier(declaration + 1) else { return nil }
        var open = declaration + 2
        while open < min(tokenCount, declaration + 64), !source.isPunctuation(open, UInt8(ascii: "(")) { open += 1 }
        guard source.isPunctuation(open, UInt8(ascii: "(")), let close = closer(of: open) else { return nil }
        var position = 0
        var start = open + 1
        var index = start
        while index <= close {
            if index == close || source.isPunctuation(index, UInt8(ascii: ",")) {
                // `label name: Type` or `name: Type`: the name is the token before the colon.
                var colon = start
                while colon < index, !source.isPunctuation(colon, UInt8(ascii: ":")) { colon += 1 }
                if colon < index, colon > start, source.text(colon - 1) == parameter {
                    let external = colon - 2 >= start ? source.text(colon - 2) : parameter
                    return (
                        source.text(declaration + 1),
                        .init(
                            label: external == "_" ? nil : external, position: position, parameter: colon - 1,
                            constructor: constructor)
                    )
                }
                position += 1
                index += 1
                start = index
                continue
            }
            index = isOpener(index) ? structure.after(index) : index + 1
        }
        return nil
    }

    /// `- (Type)part:(Type)parameter …`: the template, when `parameter` follows one of the parts.
    private func objectiveCTemplate(declaration: Int, open: Int, parameter: String, constructor: Int) -> (
        name: String, template: CategoryTemplates.Template
    )? {
        var index = declaration
        var position = 0
        while index < open {
            if source.isIdentifier(index), source.isPunctuation(index + 1, UInt8(ascii: ":")) {
                var name = index + 2
                if source.isPunctuation(name, UInt8(ascii: "(")) { name = structure.after(name) }
                if name < open, source.isIdentifier(name), source.text(name) == parameter {
                    let part = source.text(index)
                    return (part, .init(label: part, position: position, parameter: name, constructor: constructor))
                }
                position += 1
                index = name + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// The calls of the file's templates, then of the helpers found passing their own parameter
    /// to one (`func outer(_ id: String) { … inner(id) … }`), a few levels deep. A template the
    /// file never calls stays a category whose identifier is unresolved, named as its parameter:
    /// its calls are elsewhere.
    mutating func readTemplateCalls() {
        var names = Set(templates.byName.keys)
        for _ in 0..<Self.templateChainLimit where !names.isEmpty {
            let before = Set(templates.byName.keys)
            for call in templateCallSites(names) { templateCall(at: call) }
            names = Set(templates.byName.keys).subtracting(before)
        }
        let called = Set(templates.instances.map(\.constructor))
        for (name, template) in templates.byName.sorted(by: { $0.key < $1.key }) where template.calls == 0 {
            guard !called.contains(template.constructor),
                let category = templates.categoryOfConstructor[template.constructor],
                facts.categories[category].isTemplate
            else { continue }
            facts.categories[category].isTemplate = false
            facts.categories[category].identifier = .unresolved(
                expression: source.text(template.parameter),
                reason:
                    "a parameter of \(name)(\(template.label.map { $0 + ":" } ?? "")…); a helper's calls are followed in its own file only, and this one has none"
            )
        }
    }

    /// How many helpers deep a parameter is followed.
    static let templateChainLimit = 4

    /// Every token that may call one of the templates `names`: its name, outside its own
    /// declaration.
    func templateCallSites(_ names: Set<String>) -> [Int] {
        var sites: [Int] = []
        for index in 0..<tokenCount where source.tokens[index].kind == .identifier {
            guard names.contains(source.text(index)), !source.isWord(index - 1, "func") else { continue }
            sites.append(index)
        }
        return sites
    }

    /// A call of a template at `index`: a category with the identifier the call passes. Calls are
    /// read after the pass (a helper may be defined after its callers); what they build is bound
    /// and linked before the pass's deferred lists are read.
    mutating func templateCall(at index: Int) {
        let name = source.text(index)
        guard let template = templates.byName[name] else { return }
        let start: Int
        let end: Int
        let argument: Range<Int>?
        let actions: Range<Int>?
        if isSwift {
            guard source.isPunctuation(index + 1, UInt8(ascii: "(")) else { return }
            let arguments = swiftArgumentRanges(open: index + 1)
            if let label = template.label {
                argument = arguments.first { $0.label >= 0 && source.text($0.label) == label }?.range
            } else {
                argument = template.position < arguments.count ? arguments[template.position].range : nil
            }
            actions = arguments.first { $0.label >= 0 && source.isWord($0.label, "actions") }?.range
            // `self.make(…)`, `Self.make(…)`, `Type.make(…)`: the call starts at the receiver.
            start =
                source.isPunctuation(index - 1, UInt8(ascii: ".")) && source.isIdentifier(index - 2) ? index - 2 : index
            end = structure.after(index + 1)
        } else {
            let open = structure.parent(of: index)
            guard open >= 0, source.isPunctuation(open, UInt8(ascii: "[")),
                source.isPunctuation(index + 1, UInt8(ascii: ":")),
                let message = cachedMessage(open: open)
            else { return }
            argument = message.parts.first { $0.labelToken == index }?.range
            actions = message.parts.first { $0.label.hasPrefix("actions") }?.range
            start = open
            end = structure.after(open)
        }
        guard let argument, !argument.isEmpty else { return }
        templates.byName[name]?.calls += 1
        // A helper passing its own parameter on: a template itself, whose calls are read next.
        if let outer = self.template(at: index, identifier: strippingParentheses(argument)),
            templates.byName[outer.name] == nil, !(template.rawValue && outer.template.rawValue)
        {
            var chained = outer.template
            chained.constructor = template.constructor
            chained.rawValue = template.rawValue || outer.template.rawValue
            templates.byName[outer.name] = chained
            return
        }
        var identifier = readString(argument)
        if template.rawValue, case .reference(var reference)? = identifier, !reference.rawValue {
            reference.rawValue = true
            identifier = .reference(reference)
        }
        let category = PendingCategory(identifier: identifier, api: .userNotifications, location: location(index))
        let id = ObjectID(file: fileIndex, index: Int32(facts.categories.count), isCategory: true)
        facts.categories.append(category)
        templates.instances.append((facts.categories.count - 1, template.constructor))
        objectAt[Int32(start)] = (id, end)
        if let actions { deferred.append((.categoryActions(facts.categories.count - 1), actions)) }
        facts.categories[facts.categories.count - 1].variable = bind(objectAt: start, to: .object(id))
    }

    /// A template constructor in a closure mapped over a literal array (`["a", "b"].map { … $0 … }`
    /// or `{ id in … }`): one category per element, after the template's; false when it is not
    /// in such a closure.
    mutating func mapInstances(of template: Int, identifier: Range<Int>) -> Bool {
        let scope = structure.scope(of: identifier.lowerBound)
        let open = Int(scope.open)
        guard scope.kind == .other, open >= 3, source.isPunctuation(open, UInt8(ascii: "{")),
            ["map", "compactMap", "flatMap", "forEach"].contains(source.text(open - 1)),
            source.isPunctuation(open - 2, UInt8(ascii: ".")), source.isPunctuation(open - 3, UInt8(ascii: "]"))
        else { return false }
        let name = source.text(identifier.lowerBound)
        guard name == "$0" || (source.text(open + 1) == name && source.isWord(open + 2, "in")) else { return false }
        let arrayOpen = Int(structure.match[open - 3])
        guard arrayOpen >= 0, arrayOpen < open - 3 else { return false }
        var elements: [String] = []
        var index = arrayOpen + 1
        while index < open - 3 {
            guard case .value(let text)? = source.tokens[index].kind == .string ? source.stringValue(index) : nil else {
                return false
            }
            elements.append(text)
            index += 1
            if source.isPunctuation(index, UInt8(ascii: ",")) { index += 1 }
        }
        let base = facts.categories[template]
        for element in elements {
            var category = base
            category.identifier = .literal(element)
            category.isTemplate = false
            category.variable = nil
            facts.categories.append(category)
        }
        return !elements.isEmpty
    }

    /// Each call's category takes its template's options (`customDismissAction`, …).
    mutating func copyTemplateOptions() {
        for (category, constructor) in templates.instances {
            guard let source = templates.categoryOfConstructor[constructor] else { continue }
            facts.categories[category].options = facts.categories[source].options
        }
    }
}
