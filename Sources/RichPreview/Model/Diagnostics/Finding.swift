/// One problem found in an input, as data: which rule found it, how much it matters, what to
/// change, and where (file, line and column when known, key path inside the document).
///
/// Every command reports findings, and `lint` is built of them; reporters (text, JSON, SARIF,
/// GitHub annotations) only print them.
public struct Finding: Sendable, Hashable, Codable {
    /// The stable id of the rule, such as `aps-unknown-key`.
    public var rule: String
    /// How much it matters: the rule's default severity unless the finding was given another.
    public var severity: Severity
    /// What is wrong and what to change, for users, without the location.
    public var message: String
    /// The file as it was named; nil when the finding is not about one file.
    public var file: String?
    /// 1-based line and column (in characters) when the position is known.
    public var line: Int?
    /// 1-based column, counted in characters; nil when unknown (plist findings carry a line only).
    public var column: Int?
    /// Where inside a plist or JSON document, such as `aps.alert.title`; nil for the whole file.
    public var keyPath: String?
    /// A replacement the reader probably meant (a key, a key path, an identifier).
    public var suggestion: String?
    /// Further lines of explanation.
    public var notes: [String]
    /// The id of the rule's cause this finding is of (`RuleDescriptor.Cause`), nil for the rule's
    /// own; its severity is the cause's unless configuration changed it. Not part of JSON output.
    public var cause: String?

    /// The name findings give bytes parsed in memory when the caller names no file.
    public static let inMemoryFile = "<data>"

    /// Creates a finding of `rule`; a nil `severity` takes the rule's default, and an empty
    /// `keyPath` is stored as nil (the whole file).
    public init(
        rule: RuleDescriptor, severity: Severity? = nil, message: String, file: String? = nil, line: Int? = nil,
        column: Int? = nil, keyPath: String? = nil, suggestion: String? = nil, notes: [String] = []
    ) {
        self.rule = rule.id
        self.severity = severity ?? rule.severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath.flatMap { $0.isEmpty ? nil : $0 }
        self.suggestion = suggestion
        self.notes = notes
    }

    /// Creates a finding of `cause`, one of `rule`'s causes, with the cause's severity; nil is
    /// the rule's own, with the rule's.
    public init(
        rule: RuleDescriptor, cause: RuleDescriptor.Cause?, message: String, file: String? = nil, line: Int? = nil,
        column: Int? = nil, keyPath: String? = nil, suggestion: String? = nil, notes: [String] = []
    ) {
        self.init(
            rule: rule, severity: cause?.severity, message: message, file: file, line: line, column: column,
            keyPath: keyPath, suggestion: suggestion, notes: notes)
        self.cause = cause?.id
    }

    private enum CodingKeys: String, CodingKey {
        case rule, severity, message, file, line, column, keyPath, suggestion, notes
    }

    /// Every key is written, null when it has no value, so that every finding in JSON has the same keys.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(keyPath, forKey: .keyPath)
        try container.encode(suggestion, forKey: .suggestion)
        try container.encode(notes, forKey: .notes)
    }

    /// The message with its suggestion: `unknown key; did you mean 'thread-id'?`.
    public var text: String {
        message + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// `KEYPATH: message; did you mean …`, or the text alone when there is no key path.
    public var detail: String {
        keyPath.map { "\($0): \(text)" } ?? text
    }
}

extension Finding: CustomStringConvertible {
    /// `FILE[:LINE[:COLUMN]]: SEVERITY: DETAIL [RULE]`, the line compilers and editors read; the
    /// file part is left out when the finding is about no file. Nothing is escaped.
    public var description: String {
        var location = file.map { $0 + (line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? "") + ": " } ?? ""
        location += "\(severity.rawValue): "
        return location + detail + " [\(rule)]"
    }
}

/// A diagnostic that can be reported as a finding: the typed errors and warnings of every reader.
public protocol FindingConvertible: Sendable, CustomStringConvertible {
    /// The finding this diagnostic reports.
    var finding: Finding { get }
}

extension FindingConvertible {
    /// `FILE: KEYPATH: message`, the form used in thrown-error descriptions.
    public var description: String {
        let finding = self.finding
        return (finding.file.map { "\($0): " } ?? "") + finding.detail
    }
}
