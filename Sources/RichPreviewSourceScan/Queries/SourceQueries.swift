/// What a scan is asked to record beyond its own facts: the questions of every rule
/// (`SourceQuery`) made into one word table. Asked once for every file, as the file is lexed: a
/// queried name is marked by the lexer like the scanner's own words, so a query costs nothing in a
/// file that never spells it.
public struct SourceQueries: Sendable, Equatable {
    /// Asked for more names than the lexer's word table holds beside the scanner's own words.
    public struct TooManyNames: Error, Sendable, Equatable {
        /// The names asked for, distinct.
        public var count: Int
        /// How many the table holds.
        public var capacity: Int
    }

    /// The word table and what it answers, shared by every copy (a scan hands it to every file).
    private final class Table: Sendable {
        let calledNames: [String]
        let conformances: [String]
        let conditionalRegions: Bool
        let lexicon: WordLexicon
        /// Indexed by a token's word number: whether that word is a called name.
        let calledWords: [Bool]

        init(
            calledNames: [String], conformances: [String], conditionalRegions: Bool, lexicon: WordLexicon,
            calledWords: [Bool]
        ) {
            self.calledNames = calledNames
            self.conformances = conformances
            self.conditionalRegions = conditionalRegions
            self.lexicon = lexicon
            self.calledWords = calledWords
        }
    }

    private let table: Table

    /// How many called names the lexer's table holds beside the scanner's own words.
    public static let capacity = 127 - ScannerWord.allCases.count

    /// The questions of `queries` together; throws when they name more calls than the table holds.
    public init(_ queries: [SourceQuery]) throws(TooManyNames) {
        try self.init(
            calls: queries.flatMap(\.calls), conformances: queries.flatMap(\.conformances),
            conditionalRegions: queries.contains { $0.conditionalRegions })
    }

    /// Calls to `calledNames`, the types conforming to `conformances` and, when
    /// `conditionalRegions`, the `#if` branches (repeats and names that are not identifiers are
    /// left out); throws when there are more names than the table holds.
    public init(calls calledNames: [String] = [], conformances: [String] = [], conditionalRegions: Bool = false)
        throws(TooManyNames)
    {
        var seen = Set<String>()
        let names = calledNames.filter { Self.isIdentifier($0) && seen.insert($0).inserted }
        let own = ScannerWord.allCases.map(\.spelling)
        let added = names.filter { !own.contains($0) }
        guard added.count <= Self.capacity else {
            throw TooManyNames(count: names.count, capacity: Self.capacity)
        }
        var conformanceSeen = Set<String>()
        let lexicon = added.isEmpty ? ScannerWord.lexicon : WordLexicon(own + added)
        var words = [Bool](repeating: false, count: 256)
        for name in names {
            let number = Int(lexicon.number(of: Array(name.utf8)))
            if number > 0 { words[number] = true }
        }
        // The scanner records these calls whatever it is asked (`SourceScan.sceneCategories`).
        for word in ScannerWord.ownCalls { words[Int(word.rawValue)] = false }
        table = Table(
            calledNames: names,
            conformances: conformances.filter { !$0.isEmpty && conformanceSeen.insert($0).inserted },
            conditionalRegions: conditionalRegions, lexicon: lexicon, calledWords: words)
    }

    /// Nothing beyond the scanner's own facts.
    public static let none = SourceQueries(ownWordsOnly: ())

    private init(ownWordsOnly: Void) {
        table = Table(
            calledNames: [], conformances: [], conditionalRegions: false, lexicon: ScannerWord.lexicon,
            calledWords: [Bool](repeating: false, count: 256))
    }

    /// The names whose calls are recorded: a Swift function, method or type (`request`,
    /// `UserDefaults`), or the first part of an Objective-C selector (`initWithSuiteName`). The
    /// scan records Swift's `WKNotificationScene(…)` calls whether or not they are asked for.
    public var calledNames: [String] { table.calledNames }
    /// The protocols (or base classes) whose conforming types are recorded, with every type
    /// declared inside them (`ActivityAttributes` brings its `ContentState`).
    public var conformances: [String] { table.conformances }
    /// Whether every file's conditional-compilation branches are recorded.
    public var conditionalRegions: Bool { table.conditionalRegions }
    /// The lexicon of the scanner's words and the called names the scanner has no word for.
    var lexicon: WordLexicon { table.lexicon }

    /// Whether a token of word number `number` is a called name.
    func isCalled(_ number: UInt8) -> Bool { table.calledWords[Int(number)] }

    /// Whether any call is asked for.
    var asksForCalls: Bool { !table.calledNames.isEmpty }

    /// Two queries ask the same when they name the same calls, conformances and regions.
    public static func == (lhs: SourceQueries, rhs: SourceQueries) -> Bool {
        lhs.calledNames == rhs.calledNames && lhs.conformances == rhs.conformances
            && lhs.conditionalRegions == rhs.conditionalRegions
    }

    /// An ASCII identifier: what the lexer looks up in its word table.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }
    }
}
