/// The tool's exit codes, the same for every command.
package enum ExitStatus: Int32, Sendable {
    /// Everything was read and is fine.
    case success = 0
    /// Some input was invalid, unreadable, or has findings.
    case failure = 1
    /// The command line itself was wrong.
    case usage = 2
}
