/// The options and positionals of one command line, checked against its declaration.
public struct ParsedArguments: Sendable, Equatable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    /// Positional arguments in order (anything after `--` included).
    public internal(set) var positionals: [String] = []

    /// True when the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for `--name`, or nil.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable `--name`, in order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `--name` as a whole number above zero, or nil when the option was not given.
    public func positiveInteger(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw UsageError("--\(name) needs a positive whole number, not '\(text)'")
        }
        return number
    }
}

/// A command line that does not fit its declaration; reported with the usage line and exit 2.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    /// The command whose usage line to show, or nil for the tool's own.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}
