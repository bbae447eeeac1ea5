/// The progress line of a batch on standard error: drawn only when standard error is a terminal,
/// rewritten in place, cleared before other output and at the end.
final class BatchProgress {
    private let total: Int
    private let verb: String
    private let console: Console
    private var shown = false
    private var last = ""

    init(total: Int, verb: String, console: Console) {
        self.total = total
        self.verb = verb
        self.console = console
    }

    private var enabled: Bool { console.errorIsTerminal && total > 1 }

    /// Shows `done` of the total, and the failures so far.
    func update(done: Int, failed: Int) {
        guard enabled else { return }
        let line = "\(verb) \(done)/\(total)" + (failed > 0 ? ", \(failed) failed" : "")
        guard line != last || !shown else { return }
        last = line
        shown = true
        console.err("\r\u{1B}[K" + line)
    }

    /// Removes the line so that a record or an error can be printed; the next update redraws it.
    func clear() {
        guard shown else { return }
        shown = false
        console.err("\r\u{1B}[K")
    }

    /// Removes the line for good.
    func finish() { clear() }
}
