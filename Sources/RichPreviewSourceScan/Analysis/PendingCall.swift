/// A queried call before cross-file resolution: its arguments' values may name constants of other files.
struct PendingCall: Sendable {
    struct Argument: Sendable {
        var label: String?
        var expression: String
        var value: SymbolicString?
        var location: CodeLocation
    }

    var name: String
    var language: SourceLanguage
    var selector: String?
    var receiver: String?
    var arguments: [Argument]
    var location: CodeLocation
    var enclosingFunction: String?
}
