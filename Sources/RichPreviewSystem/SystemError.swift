import Foundation

/// A system call's failure: its `errno`, and the system's text for it, lowered as messages use it.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    package var code: Int32

    /// The error of `errno` as it is now.
    package static var current: SystemError { SystemError(code: errno) }

    /// The system's text, as it says it (`No such file or directory`).
    package var text: String { String(cString: strerror(code)) }

    /// The system's text lowered, for the middle of a message (`no such file or directory`).
    package var description: String { text.lowercased() }
}
