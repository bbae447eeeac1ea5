import Foundation
import RichPreview

/// Where a command writes and what it may read, injected so that commands run in-process in tests.
package struct Console: Sendable {
    /// Writes to standard output.
    package var out: @Sendable (String) -> Void
    /// Writes to standard error.
    package var err: @Sendable (String) -> Void
    /// Writes bytes to standard output (an image written to `-`).
    package var outBytes: @Sendable (Data) -> Void
    /// Reads all of standard input, for arguments given as `-`, refusing it once it passes the
    /// given number of bytes.
    package var readStandardInput: @Sendable (_ limit: Int) throws(FileContents.ReadFailure) -> Data
    /// Whether styled (coloured) text may be written to standard output and standard error.
    package var useColor: Bool
    /// The width of the terminal standard output is, in columns; nil when it is not a terminal.
    package var terminalColumns: Int?
    /// Whether `NO_COLOR` is set: no output may carry colour, whatever is asked.
    package var noColor: Bool
    /// Whether standard error is a terminal (for progress lines).
    package var errorIsTerminal: Bool

    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        outBytes: @escaping @Sendable (Data) -> Void = { _ in },
        readStandardInput: @escaping @Sendable (_ limit: Int) throws(FileContents.ReadFailure) -> Data = { _ in Data()
        },
        useColor: Bool = false, terminalColumns: Int? = nil, noColor: Bool = false,
        errorIsTerminal: Bool = false
    ) {
        self.out = out
        self.err = err
        self.outBytes = outBytes
        self.readStandardInput = readStandardInput
        self.useColor = useColor
        self.terminalColumns = terminalColumns
        self.noColor = noColor
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's own streams; colour only on a terminal and never when `NO_COLOR` is set.
    package static func standard(environment: [String: String] = environment(["NO_COLOR", "TERM"])) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            outBytes: { FileHandle.standardOutput.write($0) },
            readStandardInput: { limit throws(FileContents.ReadFailure) in
                try FileContents.read(fileDescriptor: STDIN_FILENO, limit: limit)
            },
            useColor: colorAllowed(environment: environment, onTerminal: terminal),
            terminalColumns: outputColumns(), noColor: environment["NO_COLOR"] != nil,
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// The process environment's values for `names` only (those that are set): cheaper at start-up
    /// than `ProcessInfo.environment`, which copies every variable into a dictionary.
    static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// The columns of the terminal standard output is, from the TIOCGWINSZ ioctl; nil when
    /// standard output is not a terminal.
    private static func outputColumns() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
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
    case cyan = "36"
    case bold = "1"
}
