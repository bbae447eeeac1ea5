import Foundation

/// Where a command writes and what it may read, injected so that commands run in-process in tests.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Reads all of standard input, for arguments given as `-`.
    public var readStandardInput: @Sendable () throws -> Data
    /// Whether styled (coloured) text may be written to standard output and standard error.
    public var useColor: Bool

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable () throws -> Data = { Data() }, useColor: Bool = false
    ) {
        self.out = out
        self.err = err
        self.readStandardInput = readStandardInput
        self.useColor = useColor
    }

    /// The process's own streams; colour only on a terminal and never when `NO_COLOR` is set.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            readStandardInput: { try FileHandle.standardInput.readToEnd() ?? Data() },
            useColor: colorAllowed(environment: environment, onTerminal: terminal))
    }

    /// Colour only on a terminal, never when `NO_COLOR` is set (to anything) or `TERM` is `dumb`.
    static func colorAllowed(environment: [String: String], onTerminal: Bool) -> Bool {
        onTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// `text` wrapped in an ANSI style when colour is on.
    func styled(_ text: String, _ style: TextStyle) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// ANSI styles the tool uses.
enum TextStyle: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case bold = "1"
}
