import Foundation

/// The write end of the pipe SIGTERM and SIGINT are written to; set once, before the handlers.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private func SignalPipe_handle(_ signalNumber: Int32) {
    var number = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd, &number, 1)
}

/// SIGTERM and SIGINT turned into a byte on a pipe, whichever thread the signal lands on, so that
/// a long-running process's main thread (`richpreview serve`) can wait for one and stop in order.
package struct SignalPipe {
    private let readEnd: Int32

    /// Installs the handlers (replacing those that remove temporary files and die) and unblocks the
    /// two signals on this thread.
    package static func install() -> SignalPipe {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        signalPipeWriteEnd = ends[1]
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SignalPipe_handle)
            sigaddset(&set, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // A client that goes away mid-answer must not end the process.
        signal(SIGPIPE, SIG_IGN)
        return SignalPipe(readEnd: ends[0])
    }

    /// Waits for a signal and returns its number.
    package func wait() -> Int32 {
        var number: UInt8 = 0
        while true {
            let count = read(readEnd, &number, 1)
            if count == 1 { return Int32(number) }
            if count < 0 && errno == EINTR { continue }
            return SIGTERM
        }
    }
}
