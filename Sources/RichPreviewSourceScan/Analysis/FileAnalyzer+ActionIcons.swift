/// `UNNotificationActionIcon` (iOS 15+): the icons actions are constructed with, written in place
/// or bound to a name first.
extension FileAnalyzer {
    /// An Objective-C `UNNotificationActionIcon` message at `index` bound to a name
    /// (`UNNotificationActionIcon *later = [UNNotificationActionIcon iconWithSystemImageName:@"clock"];`),
    /// kept as a symbol for the actions that name it; Swift's `let` and `var` are declarations'.
    mutating func actionIconConstructor(at index: Int) {
        guard !isSwift, let (icon, start, _) = iconConstruction(at: index) else { return }
        _ = bind(objectAt: start, to: .actionIcon(kind: icon.kind, name: icon.name))
    }

    /// The `icon:` argument of an action's constructor: an icon built in place, a name to
    /// resolve, or why it is neither; nil for `nil`.
    func readActionIcon(_ range: Range<Int>) -> PendingActionIcon? {
        let range = strippingParentheses(range)
        guard !range.isEmpty else { return .unresolved(expression: "", reason: "no value") }
        let first = range.lowerBound
        if range.count == 1, isNilLiteral(first) { return nil }
        if let icon = constructedActionIcon(range, implicitType: true) {
            return .constructed(kind: icon.kind, name: icon.name)
        }
        if let reference = referenceChain(range), !reference.implicitMember { return .reference(reference) }
        return .unresolved(expression: expressionText(range), reason: describe(range))
    }

    /// The icon all of `range` constructs: `UNNotificationActionIcon(systemImageName: X)`,
    /// `UNNotificationActionIcon.init(…)`, `[UNNotificationActionIcon iconWithSystemImageName:X]`,
    /// and Swift's `.init(templateImageName: X)` when `implicitType` says the type is the icon's;
    /// nil for anything else.
    func constructedActionIcon(_ range: Range<Int>, implicitType: Bool) -> (
        kind: ActionIcon.Kind, name: SymbolicString?
    )? {
        let range = strippingParentheses(range)
        guard let first = range.first else { return nil }
        let word = isSwift ? first : first + 1
        if source.word(word) == .unNotificationActionIcon, let (icon, start, end) = iconConstruction(at: word),
            start == first, end == range.upperBound
        {
            return icon
        }
        if isSwift, implicitType, source.isPunctuation(first, UInt8(ascii: ".")), source.isWord(first + 1, "init"),
            source.isPunctuation(first + 2, UInt8(ascii: "(")), structure.after(first + 2) == range.upperBound
        {
            return swiftIconArguments(open: first + 2)
        }
        return nil
    }

    /// The icon built by the constructor whose type name is at `index`, the constructor's first
    /// token (`[` in Objective-C) and the token after it.
    private func iconConstruction(at index: Int) -> (
        icon: (kind: ActionIcon.Kind, name: SymbolicString?), start: Int, end: Int
    )? {
        if isSwift {
            var open = index + 1
            if source.isPunctuation(open, UInt8(ascii: ".")), source.isWord(open + 1, "init") { open += 2 }
            guard !source.isPunctuation(index - 1, UInt8(ascii: ".")), source.isPunctuation(open, UInt8(ascii: "(")),
                let icon = swiftIconArguments(open: open)
            else { return nil }
            return (icon, index, structure.after(open))
        }
        for (label, kind) in [
            ("iconWithSystemImageName", ActionIcon.Kind.systemImage), ("iconWithTemplateImageName", .templateImage),
        ] {
            guard source.isPunctuation(index - 1, UInt8(ascii: "[")), source.text(index + 1) == label,
                source.isPunctuation(index + 2, UInt8(ascii: ":")),
                let message = objectiveCMessage(open: index - 1), message.receiver == index..<(index + 1),
                let part = message.parts.first
            else { continue }
            return ((kind, readString(part.range)), index - 1, structure.after(index - 1))
        }
        return nil
    }

    /// `(systemImageName: X)` or `(templateImageName: X)` at `open`.
    private func swiftIconArguments(open: Int) -> (kind: ActionIcon.Kind, name: SymbolicString?)? {
        let arguments = swiftArgumentRanges(open: open)
        for kind in ActionIcon.Kind.allCases {
            if let argument = arguments.first(where: { $0.label >= 0 && source.text($0.label) == kind.rawValue }) {
                return (kind, readString(argument.range))
            }
        }
        return nil
    }
}
