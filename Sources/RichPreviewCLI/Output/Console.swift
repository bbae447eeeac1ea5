import Foundation
import RichPreview

/// Where a command writes and what it may read, injected so that commands run in-process in tests.
package struct Console: Sendable {
    /// Writes to standard output.
    package var out: @Sendable (String) -> Void
    /// Writes to standard error.
    package var err: @Sendable (String) -> Void
    /// Reads all of standard input, for arguments given as `-`, refusing it once it passes the
    /// given number of bytes.
    package var readStandardInput: @Sendable (_ limit: Int) throws(FileContents.ReadFailure) -> Data
    /// Whether styled (coloured) text may be written to standard output and standard error.
    package var useColor: Bool

    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable (_ limit: Int) throws(FileContents.ReadFailure) -> Data = { _ in Data()
        },
        useColor: Bool = false
    ) {
        self.out = out
        self.err = err
        self.readStandardInput = readStandardInput
        self.useColor = useColor
    }

    /// The process's own streams; colour only on a terminal and never when `NO_COLOR` is set.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            readStandardInput: { limit throws(FileContents.ReadFailure) in
                try FileContents.read(fileDescriptor: STDIN_FILENO, limit: limit)
            },
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
    case cyan = "36"
    case bold = "1"
}
