/// A promise the documentation makes about a result, checked on every fuzz input: when it does not
/// hold, the harness stops with the message, and libFuzzer saves the input as a crash.
enum Invariant {
    /// Stops the run with `message` when `condition` is false.
    static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("invariant broken: \(message())") }
    }
}
