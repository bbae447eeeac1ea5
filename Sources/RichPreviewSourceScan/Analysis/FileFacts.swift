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
    var capabilityUses: [ScannedCapabilityUse] = []
    /// App group identifiers passed to `UserDefaults(suiteName:)` and
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`.
    var appGroupUses: [(value: SymbolicString?, location: CodeLocation)] = []
    /// Blocks that run only below an iOS version (`ScannedAvailabilityRegion`).
    var availabilityRegions: [ScannedAvailabilityRegion] = []
    var notes: [ScanNote] = []
    /// The calls to the queried names, and `WKNotificationScene(…)`, in source order.
    var calls: [PendingCall] = []
    /// The types conforming to a queried protocol, and those declared inside them.
    var types: [ScannedType] = []
    /// The branches of the file's conditional-compilation blocks.
    var conditionalRegions: [ConditionalRegion] = []
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
