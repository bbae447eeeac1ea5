/// What one file's pass found, before names are resolved across files: symbols, objects built by
/// constructor calls, and the events and references around them.
struct FileFacts: Sendable {
    var path: String
    var symbols: [Symbol] = []
    var actions: [PendingAction] = []
    var categories: [PendingCategory] = []
    var legacyEvents: [LegacyEvent] = []
    var collectionAdditions: [CollectionAddition] = []
    var registrations: [PendingRegistration] = []
    var assignments: [PendingAssignment] = []
    var dismissUses: [ScannedDismissActionUse] = []
    var notes: [ScanNote] = []
    /// Each brace scope's `{` token (-1 for the file) and enclosing scope, for finding the locals a
    /// use can see.
    var scopeOpens: [Int32] = [-1]
    var scopeParents: [Int32] = [0]

    init(path: String) { self.path = path }
}

/// An action or category object: its file and its index in that file's list of actions or categories.
struct ObjectID: Sendable, Hashable {
    var file: Int32
    var index: Int32
    var isCategory: Bool
}

/// A symbol: its file and its index in that file's list.
struct SymbolID: Sendable, Hashable {
    var file: Int32
    var index: Int32
}

/// Where a name is used, for finding which declaration it means.
struct UseSite: Sendable {
    var file: Int32
    var token: Int32
    /// The types around the use, outermost first (Swift).
    var typePath: [String]
    /// The innermost brace scope around the use (an index into the file's `scopeOpens`).
    var scope: Int32
}

/// A name in code that may stand for a constant, an object or a collection: `name`, `Type.name`,
/// `Self.name`, `Enum.case.rawValue`, `.case.rawValue`.
struct SymbolReference: Sendable {
    var path: [String]
    /// Written with a leading dot (`.case.rawValue`): the type comes from context.
    var implicitMember: Bool
    /// Ends in `.rawValue` (not part of `path`).
    var rawValue: Bool
    var site: UseSite

    /// The expression as written (whitespace inside it dropped), for reports.
    var expression: String {
        (implicitMember ? "." : "") + path.joined(separator: ".") + (rawValue ? ".rawValue" : "")
    }
}

/// A string value before cross-file resolution.
enum SymbolicString: Sendable {
    case literal(String)
    case reference(SymbolReference)
    case unresolved(expression: String, reason: String)
}

/// An option set before cross-file resolution.
enum SymbolicOptions: Sendable {
    case names(Set<String>)
    case reference(SymbolReference)
    case unresolved(expression: String, reason: String)
}

/// One element of an array or set of actions or categories.
enum SymbolicElement: Sendable {
    /// A constructor call written in place.
    case object(ObjectID)
    case reference(SymbolReference)
    /// Something that is neither (a function call, a message send).
    case opaque(expression: String, reason: String)
}

/// A declared name and what it holds.
struct Symbol: Sendable {
    var name: String
    /// The enclosing types for a member (`[Outer, Inner]`); empty for a global or a local.
    var qualifier: [String]
    /// For a local: the token range of its scope (`{` to `}`); nil for members and globals.
    var localScope: Range<Int32>?
    /// The declaration's token; assignments to a declared name share the declaration's, so branches
    /// assigning the same variable are alternatives.
    var order: Int32
    var value: Value
    var location: SourceLocation

    /// What a symbol holds.
    enum Value: Sendable {
        /// A string: a literal, or a reason it is not one (an interpolation).
        case string(SymbolicString)
        /// Another name: `let id = Other.name`, `#define A B`, `let cat = otherCategory`.
        case alias(SymbolReference)
        /// A case of a `String` enum, with its raw value.
        case enumCase(rawValue: String)
        /// A `var`: not a constant.
        case variable
        /// Declared with no value here (`let x: T`, `extern NSString *const X;`); the reason in words.
        case declaredOnly(String)
        /// A value the scanner does not follow; the reason in words ("function call makeID()").
        case other(String)
        case options(SymbolicOptions)
        case object(ObjectID)
        case collection([SymbolicElement])
    }
}

/// A `UNNotificationAction`/`UNTextInputNotificationAction` call or a `UIMutableUserNotificationAction`.
struct PendingAction: Sendable {
    var identifier: SymbolicString?
    var title: SymbolicString?
    var options: SymbolicOptions = .names([])
    var isTextInput = false
    var buttonTitle: SymbolicString?
    var placeholder: SymbolicString?
    var activationMode: String?
    var destructive: Bool?
    var authenticationRequired: Bool?
    var api: ScannedAPI
    var location: SourceLocation
    var variable: String?
}

/// A `UNNotificationCategory` call or a `UIMutableUserNotificationCategory`.
struct PendingCategory: Sendable {
    var identifier: SymbolicString?
    var actions: [SymbolicElement] = []
    var contexts: [ActionContext: [SymbolicElement]] = [:]
    var options: SymbolicOptions = .names([])
    var api: ScannedAPI
    var location: SourceLocation
    var variable: String?
}

/// A property of an iOS 8 action or category set after it was created.
struct LegacyEvent: Sendable {
    var target: SymbolReference
    var change: Change
    var location: SourceLocation

    /// Which property, and its value as read.
    enum Change: Sendable {
        case identifier(SymbolicString?)
        case title(SymbolicString?)
        /// `foreground`/`background`, or nil with the expression when not understood.
        case activationMode(String?, expression: String)
        case destructive(Bool?, expression: String)
        case authenticationRequired(Bool?, expression: String)
        case textInput(Bool?, expression: String)
        case buttonTitle(SymbolicString?)
        case actions([SymbolicElement], context: ActionContext?, expression: String)
    }
}

/// `set.insert(x)`, `array.append(x)`, `[set addObject:x]`: more elements for a collection variable.
struct CollectionAddition: Sendable {
    var target: SymbolReference
    var elements: [SymbolicElement]
}

/// `setNotificationCategories(…)` or the `categories:` of a `UIUserNotificationSettings`.
struct PendingRegistration: Sendable {
    var api: ScannedAPI
    var elements: [SymbolicElement]
    var location: SourceLocation
}

/// `x.categoryIdentifier = …` and the like.
struct PendingAssignment: Sendable {
    var value: SymbolicString?
    var receiver: String
    var isLegacy: Bool
    var confidence: ScanConfidence
    var location: SourceLocation
}
