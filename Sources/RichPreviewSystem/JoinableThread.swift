import Foundation

/// A thread of its own for one long job, started with `pthread_create` so that a system that
/// refuses a thread says so (the caller then does the job itself), and joined when the job is done.
package final class JoinableThread {
    private let thread: pthread_t

    /// Starts `body` on a new thread; nil when the system refuses one (nothing has started).
    package init?(running body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the job to end.
    package func join() {
        pthread_join(thread, nil)
    }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
