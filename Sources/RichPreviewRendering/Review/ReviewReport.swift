import RichPreview

/// What a review page holds, in brief: `richpreview review --json` prints this. Every key is
/// written, null when it has no value (`added`, `removed` and `changed` without a baseline).
public struct ReviewReport: Sendable, Equatable, Codable {
    /// The page written.
    public var output: String
    /// The page's size in bytes.
    public var outputBytes: Int
    /// The page's title.
    public var title: String
    /// How many payloads the page shows.
    public var payloads: Int
    /// How many pictures of payloads it holds.
    public var pictures: Int
    /// How many errors lint found.
    public var errors: Int
    /// How many warnings lint found.
    public var warnings: Int
    /// How many notes lint found.
    public var notes: Int
    /// The payload files the baseline lacks; nil without a baseline.
    public var added: [String]?
    /// The baseline's payload files this review lacks; nil without a baseline.
    public var removed: [String]?
    /// The payload files drawn differently from the baseline, sorted; nil without a baseline.
    public var changed: [String]?
    /// One per payload, in the page's order.
    public var cards: [Card]
    /// The groups of more than one payload, as iOS stacks them.
    public var threads: [Thread]
    /// The stacks drawn differently from the baseline, each by its `thread-id` (null for the
    /// app's notifications without one); nil without a baseline, empty when the baseline page
    /// named no stacks.
    public var changedStacks: [String?]?
    /// Milliseconds the review took, to a tenth.
    public var milliseconds: Double

    /// One payload of the page.
    public struct Card: Sendable, Equatable, Codable {
        /// The payload file.
        public var file: String
        /// `aps.category`.
        public var category: String?
        /// The content extension plist that draws the expanded view.
        public var contentExtension: String?
        /// `aps.thread-id`.
        public var thread: String?
        /// The keys of the views drawn (`ReviewView.key`), in order.
        public var views: [String]
        /// How many errors lint found in the payload and its attachments.
        public var errors: Int
        /// How many warnings.
        public var warnings: Int
        /// How many notes.
        public var notes: Int
        /// Why the payload was not drawn.
        public var problem: String?
        /// Why it was drawn without its attachment, as iOS shows it (no `mutable-content`, an
        /// attachment that cannot be drawn); nil when drawn with it, or with none.
        public var drawnWithout: String?
        /// How a remote image the payload names is shown (from a file of its name, as a
        /// placeholder, or not, and why); nil when it names none.
        public var remoteImage: String?
        /// Which message of its file the card draws (1-based) when the file holds several (its
        /// `file` is then `FILE#N`); nil for a file of one.
        public var message: Int?
        /// `added` or `changed` against the baseline; nil when neither, or without one.
        public var change: String?

        /// The summary of `card`, its change against `changes` (nil without a baseline).
        public init(_ card: ReviewCard, changes: ReviewChanges?) {
            file = card.file
            category = card.category
            contentExtension = card.extensionFile
            thread = card.threadIdentifier
            views = card.pictures.map(\.view.key)
            errors = card.findings.filter { $0.severity == .error }.count
            warnings = card.findings.filter { $0.severity == .warning }.count
            notes = card.findings.filter { $0.severity == .note }.count
            problem = card.problem
            drawnWithout = card.drawnWithout
            remoteImage = card.remoteImage
            message = card.message
            change = changes.flatMap { changes in
                changes.added.contains(card.file) ? "added" : changes.changed[card.file] != nil ? "changed" : nil
            }
        }

        private enum CodingKeys: String, CodingKey {
            case file, message, category, contentExtension, thread, views, errors, warnings, notes, problem,
                drawnWithout, remoteImage, change
        }

        /// Writes every key, null for a value the card does not have.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(message, forKey: .message)
            try container.encode(category, forKey: .category)
            try container.encode(contentExtension, forKey: .contentExtension)
            try container.encode(thread, forKey: .thread)
            try container.encode(views, forKey: .views)
            try container.encode(errors, forKey: .errors)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(notes, forKey: .notes)
            try container.encode(problem, forKey: .problem)
            try container.encode(drawnWithout, forKey: .drawnWithout)
            try container.encode(remoteImage, forKey: .remoteImage)
            try container.encode(change, forKey: .change)
        }
    }

    /// A group of payloads stacked together.
    public struct Thread: Sendable, Equatable, Codable {
        /// `aps.thread-id`; nil for the app's group of payloads without one.
        public var thread: String?
        /// The payload files, in display order.
        public var files: [String]
        /// The stack's summary line.
        public var summary: String?

        /// The summary of `thread`.
        public init(_ thread: ReviewThread) {
            self.thread = thread.threadIdentifier
            files = thread.files
            summary = thread.summary
        }

        private enum CodingKeys: String, CodingKey {
            case thread, files, summary
        }

        /// Writes every key, null for a value the thread does not have.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(thread, forKey: .thread)
            try container.encode(files, forKey: .files)
            try container.encode(summary, forKey: .summary)
        }
    }

    /// The summary of `review`, written to `output` as `bytes` bytes in `milliseconds`.
    public init(review: ProjectReview, output: String, bytes: Int, milliseconds: Double) {
        self.output = output
        outputBytes = bytes
        title = review.title
        payloads = review.cards.count
        pictures = review.cards.reduce(0) { $0 + $1.pictures.count }
        errors = review.lint.count(.error)
        warnings = review.lint.count(.warning)
        notes = review.lint.count(.note)
        added = review.changes?.added
        removed = review.changes?.removed
        changed = review.changes.map { $0.changed.keys.sorted() }
        cards = review.cards.map { Card($0, changes: review.changes) }
        threads = review.threads.map(Thread.init)
        changedStacks = review.changes.map { changes in
            review.threads.filter { changes.stacks[$0.comparisonKey] != nil }.map(\.threadIdentifier)
        }
        self.milliseconds = (milliseconds * 10).rounded() / 10
    }

    private enum CodingKeys: String, CodingKey {
        case output, outputBytes, title, payloads, pictures, errors, warnings, notes, added, removed, changed
        case cards, threads, changedStacks, milliseconds
    }

    /// Writes every key, null for a value the report does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(outputBytes, forKey: .outputBytes)
        try container.encode(title, forKey: .title)
        try container.encode(payloads, forKey: .payloads)
        try container.encode(pictures, forKey: .pictures)
        try container.encode(errors, forKey: .errors)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(notes, forKey: .notes)
        try container.encode(added, forKey: .added)
        try container.encode(removed, forKey: .removed)
        try container.encode(changed, forKey: .changed)
        try container.encode(cards, forKey: .cards)
        try container.encode(threads, forKey: .threads)
        try container.encode(changedStacks, forKey: .changedStacks)
        try container.encode(milliseconds, forKey: .milliseconds)
    }
}
