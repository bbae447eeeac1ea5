/// Why an action cannot be answered the way it was asked for. Errors about a registered category
/// point at where the manifest declares it; `description` is the text for users.
public enum ResponseError: Error, Equatable, LocatedIssue {
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

    public var file: String? { origin?.file }

    public var keyPath: String {
        guard let origin else { return "" }
        return switch self {
        case .dismissNotDelivered: origin.keyPath + ".options"
        default: origin.keyPath + ".actions"
        }
    }

    public var message: String {
        switch self {
        case .unregisteredCategory(let category, let known):
            "category '\(category)' is not registered, so iOS shows the notification without actions or a content extension"
                + Self.listing("registered", known, near: category)
        case .unknownAction(let category, let action, let known, _):
            "category '\(category)' has no action '\(action)'"
                + Self.listing("its actions", known, near: action)
        case .actionNotShown(let category, let action, _):
            "action '\(action)' of category '\(category)' is in neither the minimal nor the default context, so it is never shown"
        case .dismissNotDelivered(let category, _):
            "the dismiss action is never delivered for category '\(category)': it lacks the customDismissAction option"
        case .textNotAccepted(let category, let action, _):
            "action '\(action)' of category '\(category)' has no text field; it takes no text"
        case .textRequired(let category, let action, _):
            "action '\(action)' of category '\(category)' is a text-input action; its Send button needs non-empty text"
        }
    }

    private static func listing(_ label: String, _ names: [String], near name: String) -> String {
        " (\(label): \(names.isEmpty ? "none" : names.joined(separator: ", ")))"
            + (ClosestMatch.suggestion(for: name, among: names).map { "; did you mean '\($0)'?" } ?? "")
    }
}
