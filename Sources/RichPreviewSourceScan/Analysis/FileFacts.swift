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
    /// The categories of watch notification scenes (`WKNotificationScene(…, category:)`).
    var sceneCategories: [(value: SymbolicString?, location: CodeLocation)] = []
    var dismissUses: [ScannedDismissActionUse] = []
    var capabilityUses: [ScannedCapabilityUse] = []
    /// App group identifiers passed to `UserDefaults(suiteName:)` and
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`.
    var appGroupUses: [(value: SymbolicString?, location: CodeLocation)] = []
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
