/// Something the scanner could not do or wants a rule to know: a skipped file, an unterminated
/// literal, an unresolved identifier, a category never registered.
public struct ScanNote: Sendable, Hashable, CustomStringConvertible {
    /// What the note is about.
    public enum Kind: String, Sendable, Hashable {
        /// The file was not scanned (not Swift or Objective-C, over the size limit, unreadable).
        case skippedFile
        /// An unterminated string, character literal or comment; the scan went on.
        case lexical
        /// Nesting deeper than the scanner follows; the file's facts were not extracted.
        case limit
        /// A value the scanner could not resolve to a string, an option set or an action.
        case unresolved
        /// A category no visible registration call passes.
        case notRegistered
        /// A property of an iOS 8 action or category set to different values (in different branches).
        case conflict
        /// A name the scanner does not know (an option or context name).
        case unrecognized
    }

    /// What the note is about.
    public var kind: Kind
    /// The file the note is about, as it was named.
    public var file: String
    /// Nil for notes about a whole file.
    public var location: CodeLocation?
    /// What happened, for users.
    public var message: String

    /// A note; `location` nil for one about a whole file.
    public init(kind: Kind, file: String, location: CodeLocation?, message: String) {
        self.kind = kind
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, or `FILE: message`.
    public var description: String { "\(location?.description ?? file): \(message)" }
}
