/// A call a query asked for: a Swift call (`Activity.request(attributes: a, content: c)`,
/// `UserDefaults(suiteName: "group.x")`), an Objective-C message (`[defaults initWithSuiteName:x]`)
/// or a C function call, with its arguments resolved as far as the files given allow.
public struct ScannedCall: Sendable, Hashable {
    /// The name called, as the query named it: the Swift name, or the first part of the selector.
    public var name: String
    /// The language of the file it is in.
    public var language: SourceLanguage
    /// The Objective-C selector (`initWithSuiteName:`, `requestWithIdentifier:content:trigger:`);
    /// nil for a Swift or C call.
    public var selector: String?
    /// The expression the call is made on (`Activity`, `UserDefaults.standard`, `self`), as
    /// written; nil when there is none (`request(…)`, `UserDefaults(…)`).
    public var receiver: String?
    /// The arguments in order (for a message, one per selector part).
    public var arguments: [ScannedArgument]
    /// Where the called name is written.
    public var location: CodeLocation
    /// The function around the call, named as `ScannedDismissActionUse` names it; nil at file level.
    public var enclosingFunction: String?

    /// A call from its parts.
    public init(
        name: String, language: SourceLanguage, selector: String? = nil, receiver: String? = nil,
        arguments: [ScannedArgument] = [],
        location: CodeLocation, enclosingFunction: String? = nil
    ) {
        self.name = name
        self.language = language
        self.selector = selector
        self.receiver = receiver
        self.arguments = arguments
        self.location = location
        self.enclosingFunction = enclosingFunction
    }

    /// The argument labels in order, nil for an unlabelled one.
    public var labels: [String?] { arguments.map(\.label) }

    /// The first argument labelled `label`.
    public func argument(_ label: String) -> ScannedArgument? {
        arguments.first { $0.label == label }
    }
}
