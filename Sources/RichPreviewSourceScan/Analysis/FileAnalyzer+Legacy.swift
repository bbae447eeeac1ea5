/// iOS 8 actions and categories: properties set after construction (`action.identifier = …`,
/// `[action setTitle:…]`) and `setActions(_:for:)`, recorded as events for the resolver.
extension FileAnalyzer {
    /// `name.property = value` on a plain variable.
    func dotAssignmentTarget(at index: Int) -> (receiver: Int, valueStart: Int)? {
        guard source.isPunctuation(index - 1, UInt8(ascii: ".")), source.isIdentifier(index - 2),
            !source.isPunctuation(index - 3, UInt8(ascii: ".")), isOperator(index + 1, "=")
        else { return nil }
        return (index - 2, index + 2)
    }

    mutating func legacyProperty(_ word: ScannerWord, at index: Int) {
        guard sawLegacyConstructor, let target = dotAssignmentTarget(at: index) else { return }
        let range = target.valueStart..<expressionEnd(from: target.valueStart)
        recordLegacyChange(word, target: target.receiver, value: range, at: index)
    }

    /// `[name setIdentifier:value]` and the other setters.
    mutating func legacySetter(_ word: ScannerWord, at index: Int) {
        guard sawLegacyConstructor, !isSwift, source.isPunctuation(index + 1, UInt8(ascii: ":")),
            source.isIdentifier(index - 1), source.isPunctuation(index - 2, UInt8(ascii: "[")),
            let message = objectiveCMessage(open: index - 2), let part = message.parts.first, part.labelToken == index
        else { return }
        let property: ScannerWord
        switch word {
        case .setIdentifier: property = .identifier
        case .setTitle: property = .title
        case .setActivationMode: property = .activationMode
        case .setDestructive: property = .destructive
        case .setAuthenticationRequired: property = .authenticationRequired
        case .setBehavior: property = .behavior
        default: property = .parameters
        }
        recordLegacyChange(property, target: index - 1, value: part.range, at: index)
    }

    mutating func recordLegacyChange(_ word: ScannerWord, target: Int, value range: Range<Int>, at index: Int) {
        let text = expressionText(range)
        let change: LegacyEvent.Change
        switch word {
        case .identifier: change = .identifier(readString(range))
        case .title: change = .title(readString(range))
        case .activationMode:
            let name = lastName(range).map {
                Self.lowercasingFirst($0.replacingPrefix("UIUserNotificationActivationMode"))
            }
            change = .activationMode(name.flatMap { ActivationMode(rawValue: $0)?.rawValue }, expression: text)
        case .destructive, .isDestructive: change = .destructive(readBool(range), expression: text)
        case .authenticationRequired, .isAuthenticationRequired:
            change = .authenticationRequired(readBool(range), expression: text)
        case .behavior:
            let name = lastName(range).map {
                Self.lowercasingFirst($0.replacingPrefix("UIUserNotificationActionBehavior"))
            }
            change = .textInput(name == "textInput" ? true : name == "default" ? false : nil, expression: text)
        default:
            change = .buttonTitle(buttonTitle(inParameters: range))
        }
        facts.legacyEvents.append(
            LegacyEvent(
                target: reference(to: target), change: change, location: location(index)))
    }

    /// A one-name reference to the identifier at `index`.
    func reference(to index: Int) -> SymbolReference {
        SymbolReference(path: [source.text(index)], implicitMember: false, rawValue: false, site: site(index))
    }

    /// The last identifier of a range (`.foreground`, `UIUserNotificationActionContext.default`).
    func lastName(_ range: Range<Int>) -> String? {
        let range = strippingParentheses(range)
        guard let last = range.last, source.isIdentifier(last) else { return nil }
        return source.text(last)
    }

    func readBool(_ range: Range<Int>) -> Bool? {
        let range = strippingParentheses(range)
        guard range.count == 1 else { return nil }
        let index = range.lowerBound
        if source.isWord(index, "YES") || source.isWord(index, "true") || source.isWord(index, "TRUE") { return true }
        if source.isWord(index, "NO") || source.isWord(index, "false") || source.isWord(index, "FALSE") { return false }
        return nil
    }

    /// The value of `UIUserNotificationTextInputActionButtonTitleKey` in a parameters dictionary.
    func buttonTitle(inParameters range: Range<Int>) -> SymbolicString? {
        var index = range.lowerBound
        while index < range.upperBound {
            if source.isWord(index, "UIUserNotificationTextInputActionButtonTitleKey"),
                source.isPunctuation(index + 1, UInt8(ascii: ":"))
            {
                let end = expressionEnd(from: index + 2)
                return readString((index + 2)..<min(end, range.upperBound))
            }
            index += 1
        }
        return .unresolved(
            expression: expressionText(range), reason: "no text-input button title key in the parameters")
    }

    /// `category.setActions([…], for: .default)` and `[category setActions:… forContext:…]`.
    mutating func setActions(at index: Int) {
        var arrayRange: Range<Int>?
        var contextRange: Range<Int>?
        var target: Int
        if isSwift {
            guard source.isPunctuation(index - 1, UInt8(ascii: ".")), source.isIdentifier(index - 2),
                !source.isPunctuation(index - 3, UInt8(ascii: ".")), source.isPunctuation(index + 1, UInt8(ascii: "("))
            else { return }
            target = index - 2
            for argument in swiftArguments(open: index + 1) {
                if argument.label == nil {
                    arrayRange = argument.range
                } else if argument.label == "for" || argument.label == "forContext" {
                    contextRange = argument.range
                }
            }
        } else {
            guard source.isPunctuation(index + 1, UInt8(ascii: ":")), source.isIdentifier(index - 1),
                source.isPunctuation(index - 2, UInt8(ascii: "[")), let message = objectiveCMessage(open: index - 2)
            else { return }
            target = index - 1
            for part in message.parts {
                if part.label == "setActions" { arrayRange = part.range }
                if part.label == "forContext" { contextRange = part.range }
            }
        }
        // iOS 8's is `setActions(_:for:)` / `setActions:forContext:`: a `setActions` without a
        // context is some other type's method (a control's, a view's), none of ours.
        guard let arrayRange, let contextRange else { return }
        var context: ActionContext?
        let contextText = expressionText(contextRange)
        if let name = lastName(contextRange) {
            context = ActionContext(
                rawValue: Self.lowercasingFirst(name.replacingPrefix("UIUserNotificationActionContext")))
        }
        if context == nil {
            facts.notes.append(
                ScanNote(
                    kind: .unrecognized, file: source.path, location: location(index),
                    message:
                        "action context '\(contextText)' is not default or minimal; the actions count for no context"))
        }
        facts.legacyEvents.append(
            LegacyEvent(
                target: reference(to: target), change: .actions([], context: context, expression: contextText),
                location: location(index)))
        deferred.append((.legacyActions(facts.legacyEvents.count - 1), arrayRange))
    }
}

extension String {
    /// The string without `prefix` when it starts with it and is longer.
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) && count > prefix.count ? String(dropFirst(prefix.count)) : self
    }
}
