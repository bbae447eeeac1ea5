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

    /// The names whose calls are recorded: a Swift function, method or type (`request`,
    /// `UserDefaults`), or the first part of an Objective-C selector (`initWithSuiteName`). The
    /// scan records Swift's `WKNotificationScene(…)` calls whether or not they are asked for.
    public let calledNames: [String]
    /// The protocols (or base classes) whose conforming types are recorded, with every type
    /// declared inside them (`ActivityAttributes` brings its `ContentState`).
    public let conformances: [String]
    /// The lexicon of the scanner's words and the called names the scanner has no word for.
    let lexicon: WordLexicon
    /// Indexed by a token's word number: whether that word is a called name.
    private let calledWords: [Bool]

    /// How many called names the lexer's table holds beside the scanner's own words.
    public static let capacity = 127 - ScannerWord.allCases.count

    /// The questions of `queries` together; throws when they name more calls than the table holds.
    public init(_ queries: [SourceQuery]) throws(TooManyNames) {
        try self.init(calls: queries.flatMap(\.calls), conformances: queries.flatMap(\.conformances))
    }

    /// Calls to `calledNames` and the types conforming to `conformances` (repeats and names that
    /// are not identifiers are left out); throws when there are more names than the table holds.
    public init(calls calledNames: [String] = [], conformances: [String] = []) throws(TooManyNames) {
        var seen = Set<String>()
        let names = calledNames.filter { Self.isIdentifier($0) && seen.insert($0).inserted }
        let own = ScannerWord.allCases.map(\.spelling)
        let added = names.filter { !own.contains($0) }
        guard added.count <= Self.capacity else {
            throw TooManyNames(count: names.count, capacity: Self.capacity)
        }
        var conformanceSeen = Set<String>()
        self.calledNames = names
        self.conformances = conformances.filter { !$0.isEmpty && conformanceSeen.insert($0).inserted }
        lexicon = added.isEmpty ? ScannerWord.lexicon : WordLexicon(own + added)
        var words = [Bool](repeating: false, count: 256)
        for name in names {
            let number = Int(lexicon.number(of: Array(name.utf8)))
            if number > 0 { words[number] = true }
        }
        // The scanner records these calls whatever it is asked (`SourceScan.sceneCategories`).
        for word in ScannerWord.ownCalls { words[Int(word.rawValue)] = false }
        calledWords = words
    }

    /// Nothing beyond the scanner's own facts.
    public static let none = SourceQueries(ownWordsOnly: ())

    private init(ownWordsOnly: Void) {
        calledNames = []
        conformances = []
        lexicon = ScannerWord.lexicon
        calledWords = [Bool](repeating: false, count: 256)
    }

    /// Whether a token of word number `number` is a called name.
    func isCalled(_ number: UInt8) -> Bool { calledWords[Int(number)] }

    /// Whether any call is asked for.
    var asksForCalls: Bool { !calledNames.isEmpty }

    /// Two queries ask the same when they name the same calls and conformances.
    public static func == (lhs: SourceQueries, rhs: SourceQueries) -> Bool {
        lhs.calledNames == rhs.calledNames && lhs.conformances == rhs.conformances
    }

    /// An ASCII identifier: what the lexer looks up in its word table.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }
    }
}
