/// Why an action cannot be answered the way it was asked for. Errors about a registered category
/// point at where the manifest declares it; `description` is the text for users.
public enum ResponseError: Error, Equatable, FindingConvertible, CaseNamingError {
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
}
