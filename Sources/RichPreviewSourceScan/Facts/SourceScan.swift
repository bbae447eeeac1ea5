/// The facts read from a set of Swift and Objective-C files.
public struct SourceScan: Sendable {
    /// Every category constructed in the files, in file order then source order.
    public var categories: [ScannedCategory]
    /// Every place a notification's category is set.
    public var assignments: [ScannedCategoryAssignment]
    /// Uses of what needs an entitlement (time-sensitive and critical alerts, communication
    /// notifications), in file order.
    public var capabilityUses: [ScannedCapabilityUse] = []
    /// App group identifiers the code passes to `UserDefaults(suiteName:)` and
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`, in file order.
    public var appGroupUses: [ScannedAppGroupUse] = []
    /// Where categories are registered (`setNotificationCategories`, iOS 8's settings), whether
    /// or not their arguments were understood.
    public var registrationCalls: [CodeLocation] = []
    /// Every use of `UNNotificationDismissActionIdentifier`, with its enclosing function.
    public var dismissActionUseSites: [ScannedDismissActionUse]
    /// Blocks that run only below an iOS version (the `else` of `if #available(iOS N, *)`), in
    /// file order: the caller, knowing a file's deployment target, may drop what is in them.
    public var availabilityRegions: [ScannedAvailabilityRegion] = []
    /// Unresolved values, skipped files, lexical problems and unregistered categories, with locations.
    public var notes: [ScanNote]
    /// String constants by qualified name (`#define` and `NSString *const` names, `Type.name`,
    /// `Enum.case` for raw values, `name` for Swift globals; `FILE:LINE: name` for a local), each
    /// resolved or with the reason it is not. Holds every constant that resolved, and every one a
    /// fact consulted.
    public var constants: [String: ScannedString]
    /// The calls to the names the scan was asked about (`SourceQueries.calledNames`), and Swift's
    /// `WKNotificationScene(…)`, in file order then source order.
    public var calls: [ScannedCall] = []
    /// The Swift types conforming to the protocols the scan was asked about
    /// (`SourceQueries.conformances`), and those declared inside them, in file order.
    public var types: [ScannedType] = []
    /// Every branch of every conditional-compilation block, in file order then by first line, when
    /// the scan was asked for them (`SourceQueries.conditionalRegions`).
    public var conditionalRegions: [ConditionalRegion] = []
    /// What the scan was worked out from (every file's facts, the symbol table), when the lint
    /// asked to keep it: it is then freed with the scan, or never if the scan lives until exit.
    package var workings: SourceResolver?

    /// A scan from its parts (empty by default).
    public init(
        categories: [ScannedCategory] = [], assignments: [ScannedCategoryAssignment] = [],
        dismissActionUseSites: [ScannedDismissActionUse] = [], notes: [ScanNote] = [],
        constants: [String: ScannedString] = [:]
    ) {
        self.categories = categories
        self.assignments = assignments
        self.dismissActionUseSites = dismissActionUseSites
        self.notes = notes
        self.constants = constants
    }

    /// Leaves out every fact and note inside one of `regions` (code that never runs).
    public mutating func removeFacts(in regions: [ScannedAvailabilityRegion]) {
        guard !regions.isEmpty else { return }
        func inside(_ location: CodeLocation?) -> Bool {
            guard let location else { return false }
            return regions.contains { $0.contains(location) }
        }
        categories.removeAll { inside($0.location) }
        assignments.removeAll { inside($0.location) }
        calls.removeAll { inside($0.location) }
        capabilityUses.removeAll { inside($0.location) }
        appGroupUses.removeAll { inside($0.location) }
        registrationCalls.removeAll { inside($0) }
        dismissActionUseSites.removeAll { inside($0.location) }
        notes.removeAll { inside($0.location) }
    }

    /// Where `UNNotificationDismissActionIdentifier` is used.
    public var dismissActionUses: [CodeLocation] { dismissActionUseSites.map(\.location) }

    /// The calls to `name`: a Swift function, method or type, or an Objective-C selector's first part.
    public func calls(to name: String) -> [ScannedCall] {
        calls.filter { $0.name == name }
    }

    /// The types whose inheritance clause names `name`.
    public func types(conformingTo name: String) -> [ScannedType] {
        types.filter { $0.inherits(name) }
    }

    /// The conditional-compilation branches `location` is in, outermost first.
    public func conditionalRegions(around location: CodeLocation) -> [ConditionalRegion] {
        conditionalRegions.filter { $0.contains(location) }.sorted { $0.depth < $1.depth }
    }

    /// The categories watch notification scenes declare (`WKNotificationScene(controller:category:)`),
    /// in file order then source order: categories of the app's own, whether or not iOS code
    /// registers them.
    public var sceneCategories: [ScannedSceneCategory] {
        calls(to: "WKNotificationScene").compactMap { call in
            guard call.language == .swift, call.receiver == nil, let category = call.argument("category"),
                let value = category.value
            else { return nil }
            return ScannedSceneCategory(value: value, location: call.location)
        }
    }

    /// The categories whose identifier resolved to `identifier`.
    public func categories(withIdentifier identifier: String) -> [ScannedCategory] {
        categories.filter { $0.identifier == .literal(identifier) }
    }
}
