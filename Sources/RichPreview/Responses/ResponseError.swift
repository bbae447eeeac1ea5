/// Why an action cannot be answered the way it was asked for. Errors about a registered category
/// point at where the manifest declares it; `description` is the text for users.
public enum ResponseError: Error, Equatable, FindingConvertible {
    /// The category is not registered, so iOS shows no actions and routes to no content extension.
    case unregisteredCategory(category: String, known: [String])
    /// The category has no action with this identifier; `known` lists its actions and the system
    /// actions it delivers (`default`, and `dismiss` with `customDismissAction`).
    case unknownAction(category: String, action: String, known: [String], origin: CategoryManifest.Origin?)
    /// The action is in neither the minimal nor the default context, so it is never shown.
    case actionNotShown(category: String, action: String, origin: CategoryManifest.Origin?)
    /// The dismiss action is delivered only for categories with the `customDismissAction` option.
    case dismissNotDelivered(category: String, origin: CategoryManifest.Origin?)
    /// Text was given for an action that has no text field.
    case textNotAccepted(category: String, action: String, origin: CategoryManifest.Origin?)
    /// A text-input action was answered without text; its Send button needs some.
    case textRequired(category: String, action: String, origin: CategoryManifest.Origin?)

    private var origin: CategoryManifest.Origin? {
        switch self {
        case .unregisteredCategory: nil
        case .unknownAction(_, _, _, let origin), .actionNotShown(_, _, let origin),
            .dismissNotDelivered(_, let origin),
            .textNotAccepted(_, _, let origin), .textRequired(_, _, let origin):
            origin
        }
    }

    public var finding: Finding {
        let file = origin?.file
        switch self {
        case .unregisteredCategory(let category, let known):
            return Rules.CategoryUnregistered.finding(category: category, known: known)
        case .unknownAction(let category, let action, let known, let origin):
            return Rules.ActionUnknown.finding(
                category: category, action: action, known: known, file: file,
                keyPath: origin.map { $0.keyPath + ".actions" })
        case .actionNotShown(let category, let action, let origin):
            return Rules.ActionNotShown.finding(
                category: category, action: action, file: file, keyPath: origin.map { $0.keyPath + ".actions" })
        case .dismissNotDelivered(let category, let origin):
            return Rules.DismissActionUnreachable.finding(
                category: category, file: file, keyPath: origin.map { $0.keyPath + ".options" }, severity: .error)
        case .textNotAccepted(let category, let action, let origin):
            return Rules.TextInputMismatch.finding(
                category: category, action: action, textRequired: false, file: file,
                keyPath: origin.map { $0.keyPath + ".actions" })
        case .textRequired(let category, let action, let origin):
            return Rules.TextInputMismatch.finding(
                category: category, action: action, textRequired: true, file: file,
                keyPath: origin.map { $0.keyPath + ".actions" })
        }
    }
}
