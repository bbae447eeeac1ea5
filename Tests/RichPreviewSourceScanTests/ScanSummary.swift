import RichPreviewSourceScan

/// A scan as short lines, one per category, action, assignment and dismiss-action use, so a test
/// can list what it expects. Unresolved strings show as `?expression`.
enum ScanSummary {
    static func text(_ string: ScannedString?) -> String {
        switch string {
        case nil: "-"
        case .literal(let value)?: "\"\(value)\""
        case .unresolved(let expression, _)?: "?\(expression)"
        }
    }

    static func list(_ strings: [ScannedString]) -> String { "[" + strings.map(text).joined(separator: ", ") + "]" }

    static func category(_ category: ScannedCategory) -> String {
        var line = "category \(text(category.identifier)) \(category.api.rawValue)"
        if !category.options.isEmpty { line += " options=\(category.options.sorted().joined(separator: ","))" }
        if let unresolved = category.unresolvedOptions { line += " options=\(text(unresolved))" }
        switch category.registration {
        case .registered: line += " registered"
        case .leftOut: line += " leftOut"
        case .notSeen: line += " notSeen"
        }
        line += " actions=" + list(category.actions.map(\.identifier))
        for context in [ActionContext.default, .minimal] {
            if let actions = category.contexts[context] {
                line += " \(context.rawValue)=" + list(actions.map(\.identifier))
            }
        }
        if !category.unresolvedActions.isEmpty { line += " unlinked=" + list(category.unresolvedActions) }
        return line
    }

    static func action(_ action: ScannedAction) -> String {
        var line = "  action \(text(action.identifier)) title=\(text(action.title))"
        if !action.options.isEmpty { line += " options=\(action.options.sorted().joined(separator: ","))" }
        if let unresolved = action.unresolvedOptions { line += " options=\(text(unresolved))" }
        if action.isTextInput {
            line += " textInput"
            if let button = action.textInputButtonTitle { line += " button=\(text(button))" }
        }
        if let mode = action.activationMode { line += " mode=\(mode)" }
        if let destructive = action.destructive { line += " destructive=\(destructive)" }
        if let authentication = action.authenticationRequired { line += " authenticationRequired=\(authentication)" }
        return line
    }

    static func lines(_ scan: SourceScan) -> [String] {
        var lines: [String] = []
        for category in scan.categories {
            lines.append(Self.category(category))
            lines += category.actions.map(action)
        }
        for assignment in scan.assignments {
            lines.append(
                "assignment \(assignment.receiver) = \(text(assignment.value))"
                    + (assignment.isLegacyLocalNotification ? " legacy" : "") + " \(assignment.confidence.rawValue)")
        }
        for use in scan.dismissActionUseSites {
            lines.append("dismiss line \(use.location.line) in \(use.enclosingFunction ?? "-")")
        }
        return lines
    }
}
