import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why driving the headless browser failed.
package enum HeadlessChromiumError: Error, CustomStringConvertible {
    /// The browser could not be started (no executable, no pipe, `posix_spawn` failed).
    case couldNotStart(reason: String)
    /// The browser went away while it was being driven: how it ended, and the last lines of its log.
    case browserExited(status: String, logTail: String)
    /// No answer came in time: what was being waited for, and for how long.
    case timedOut(waitingFor: String, seconds: Double)
    /// The browser answered a command with a DevTools protocol error.
    case protocolError(method: String, code: Int, message: String)
    /// The browser answered a command with a result that lacks what the command returns.
    case unexpectedReply(method: String)
    /// A navigation failed before a document was loaded (`net::ERR_FILE_NOT_FOUND`, …).
    case navigationFailed(url: String, reason: String)
    /// Script run in the page threw (or its promise was rejected) with this description.
    case exceptionInPage(description: String)

    /// The failure in one or a few lines, the browser's log tail last.
    package var description: String {
        switch self {
        case .couldNotStart(let reason):
            return "Chromium could not be started: \(reason)"
        case .browserExited(let status, let logTail):
            return "Chromium exited (\(status)); the end of its log:\n\(logTail)"
        case .timedOut(let what, let seconds):
            return "Chromium did not answer \(what) within \(seconds) s"
        case .protocolError(let method, let code, let message):
            return "Chromium refused \(method): \(message) (\(code))"
        case .unexpectedReply(let method):
            return "Chromium's reply to \(method) lacks its result"
        case .navigationFailed(let url, let reason):
            return "Chromium could not open \(url): \(reason)"
        case .exceptionInPage(let description):
            return "The page threw: \(description)"
        }
    }
}

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// commands go to the browser's fd 3, replies and events come from its fd 4, each a JSON object
/// ended by a NUL byte), with one page attached. It is synchronous and single-threaded: a command
/// is written, then replies are read until the one with its id arrives, and the events read
/// meanwhile are recorded. Closing it, or releasing it, ends the browser and every process it
/// started, and removes its profile.
package final class HeadlessChromium {
    /// The browser to run: `$RICHPREVIEW_CHROMIUM` when set (set to nothing, none), else
    /// `/usr/bin/chromium` when it is executable; nil when there is none, and tests that need one skip.
    package static var executable: String? {
        if let path = ProcessInfo.processInfo.environment["RICHPREVIEW_CHROMIUM"] {
            return path.isEmpty ? nil : path
        }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") ? "/usr/bin/chromium" : nil
    }

    /// The browser's process id (the leader of its own process group).
    package let processID: pid_t
    /// The temporary folder that holds the browser's profile, configuration, cache and log; every
    /// process the browser starts names it on its command line. Removed when the browser is closed.
    package let workFolder: URL
    /// Every `console.error` and `console.assert` message, uncaught exception and error-level log
    /// entry (a resource that failed to load, …) seen since launch, as text.
    package private(set) var consoleErrors: [String] = []
    /// The URL of every request the page made since launch (documents included), in order.
    package private(set) var requestedURLs: [String] = []

    /// The viewport's width in CSS pixels, as given at launch.
    private let windowWidth: Int
    /// The viewport's height in CSS pixels, as given at launch.
    private let windowHeight: Int
    /// The write end of the pipe the browser reads commands from (its fd 3).
    private let commandFD: Int32
    /// The read end of the pipe the browser writes replies and events to (its fd 4).
    private let replyFD: Int32
    /// Where the browser's standard output and error go.
    private let logURL: URL
    /// The attached page's session, which page commands carry.
    private var sessionID: String?
    /// The id the next command gets.
    private var nextID = 1
    /// The id of the command whose reply is being waited for.
    private var awaitedID = 0
    /// The reply to `awaitedID`, once read.
    private var awaitedReply: [String: Any]?
    /// Bytes read from the browser that do not yet end a message.
    private var buffer: [UInt8] = []
    /// How many of `buffer`'s bytes are known to hold no NUL.
    private var scannedCount = 0
    /// `Page.loadEventFired` events seen since the last navigation began.
    private var loadEvents = 0
    /// How the browser process ended, once it has been reaped.
    private var exitStatus: String?
    /// Whether `close()` has run.
    private var isClosed = false

    /// Starts the browser with a fresh profile, opens one page, attaches to it and enables the
    /// Runtime, Log, Network and Page domains, with a viewport of `windowWidth`×`windowHeight` CSS
    /// pixels at a device scale factor of 1.
    /// - Throws: `HeadlessChromiumError`; a browser that started is closed again first.
    package init(windowWidth: Int = 1280, windowHeight: Int = 900) throws {
        guard let executable = Self.executable else { throw HeadlessChromiumError.couldNotStart(reason: "no Chromium") }
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "richpreview-chromium-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw HeadlessChromiumError.couldNotStart(reason: "no temporary folder: \(error)")
        }
        workFolder = folder
        logURL = folder.appendingPathComponent("chromium.log")
        let launched: (pid: pid_t, commandFD: Int32, replyFD: Int32)
        do {
            launched = try Self.launch(executable, folder: folder, log: logURL)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        (processID, commandFD, replyFD) = launched
        do {
            let deadline = Self.now() + 30
            let target = try call("Target.createTarget", ["url": "about:blank"], deadline: deadline, inPage: false)
            guard let targetID = target["targetId"] as? String else {
                throw HeadlessChromiumError.unexpectedReply(method: "Target.createTarget")
            }
            let attached = try call(
                "Target.attachToTarget", ["targetId": targetID, "flatten": true], deadline: deadline, inPage: false)
            guard let session = attached["sessionId"] as? String else {
                throw HeadlessChromiumError.unexpectedReply(method: "Target.attachToTarget")
            }
            sessionID = session
            for domain in ["Runtime", "Log", "Network", "Page"] {
                _ = try call("\(domain).enable", [:], deadline: deadline)
            }
            try setViewport(width: windowWidth, height: windowHeight, deadline: deadline)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Opens `url` in the page and returns once its load event has fired.
    /// - Throws: `HeadlessChromiumError.navigationFailed` when no document could be loaded,
    ///   `.timedOut` when the load event has not fired within `timeout` seconds.
    package func open(_ url: URL, timeout: Double = 30) throws {
        let deadline = Self.now() + timeout
        loadEvents = 0
        let result = try call("Page.navigate", ["url": url.absoluteString], deadline: deadline)
        if let reason = result["errorText"] as? String, !reason.isEmpty {
            throw HeadlessChromiumError.navigationFailed(url: url.absoluteString, reason: reason)
        }
        guard try pump(until: deadline, done: { loadEvents > 0 }) else {
            throw HeadlessChromiumError.timedOut(
                waitingFor: "the load event of \(url.absoluteString)", seconds: timeout)
        }
    }

    /// Evaluates `expression` in the page, awaiting it when it is a promise, and returns its value
    /// as JSON: a `String`, an `NSNumber` (`Int`, `Double` or `Bool`), an `[Any]`, a `[String: Any]`
    /// (null inside them as `NSNull`), or nil for `undefined` and `null`. `NaN`, `Infinity` and
    /// `-0` are `Double`s; a BigInt is its digits as a `String`.
    /// - Throws: `HeadlessChromiumError.exceptionInPage` with the exception's description when the
    ///   expression throws or its promise is rejected; `.timedOut` after `timeout` seconds.
    package func evaluate(_ expression: String, timeout: Double = 30) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
            deadline: Self.now() + timeout)
        if let details = result["exceptionDetails"] as? [String: Any] {
            throw HeadlessChromiumError.exceptionInPage(description: Self.describe(details))
        }
        guard let object = result["result"] as? [String: Any] else {
            throw HeadlessChromiumError.unexpectedReply(method: "Runtime.evaluate")
        }
        if let unserializable = object["unserializableValue"] as? String {
            switch unserializable {
            case "NaN": return Double.nan
            case "Infinity": return Double.infinity
            case "-Infinity": return -Double.infinity
            case "-0": return -0.0
            default: return unserializable.hasSuffix("n") ? String(unserializable.dropLast()) : unserializable
            }
        }
        guard let value = object["value"], !(value is NSNull) else { return nil }
        return value
    }

    /// Reads and records the browser's events for `seconds` (events that come after a page has
    /// loaded: late console messages, failed requests).
    /// - Throws: `HeadlessChromiumError.browserExited` when the browser goes away meanwhile.
    package func drainEvents(for seconds: Double) throws {
        _ = try pump(until: Self.now() + seconds, done: { false })
    }

    /// The viewport as a PNG: `windowWidth`×`windowHeight` pixels.
    /// - Throws: `HeadlessChromiumError`.
    package func screenshot() throws -> Data {
        try capture(["format": "png"], deadline: Self.now() + 30)
    }

    /// The whole page as a PNG, laid out in a viewport `fullPageWidth` CSS pixels wide (and as
    /// high as the launch's): `fullPageWidth` pixels wide and as high as the page's content
    /// (`Page.getLayoutMetrics`' `cssContentSize`). The viewport is the launch's again afterwards.
    /// - Throws: `HeadlessChromiumError`.
    package func screenshot(fullPageWidth: Int) throws -> Data {
        let deadline = Self.now() + 60
        try setViewport(width: fullPageWidth, height: windowHeight, deadline: deadline)
        defer { try? setViewport(width: windowWidth, height: windowHeight, deadline: Self.now() + 10) }
        let metrics = try call("Page.getLayoutMetrics", [:], deadline: deadline)
        guard let content = metrics["cssContentSize"] as? [String: Any], let height = Self.number(content["height"])
        else { throw HeadlessChromiumError.unexpectedReply(method: "Page.getLayoutMetrics") }
        let clip: [String: Any] = [
            "x": 0, "y": 0, "width": fullPageWidth, "height": max(1, height.rounded(.up)), "scale": 1,
        ]
        return try capture(["format": "png", "captureBeyondViewport": true, "clip": clip], deadline: deadline)
    }

    /// Makes the page's `prefers-color-scheme` media feature `dark` or `light`.
    /// - Throws: `HeadlessChromiumError`.
    package func setColorScheme(dark: Bool) throws {
        let feature = ["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]
        _ = try call("Emulation.setEmulatedMedia", ["features": [feature]], deadline: Self.now() + 30)
    }

    /// Ends the browser: asks it to close, kills its process group when it has not exited within
    /// 5 seconds, kills whatever it started that is still running (its zygotes, its crash handlers,
    /// which leave its process group), and removes its work folder. Calling it again does nothing.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        if exitStatus == nil {
            if let bytes = try? Self.message(id: nextID, method: "Browser.close", params: [:], session: nil) {
                try? writeAll(bytes, deadline: Self.now() + 1, waitingFor: "Browser.close")
            }
            if !waitForExit(within: 5) {
                kill(-processID, SIGKILL)
                kill(processID, SIGKILL)
                _ = reap(waitingUpTo: .infinity)
            }
        }
        Glibc.close(commandFD)
        Glibc.close(replyFD)
        Self.killProcesses(mentioning: workFolder.path)
        try? FileManager.default.removeItem(at: workFolder)
    }

    /// Decodes each image as Chromium does, for a reference: every image (PNG, JPEG, GIF, WebP, …,
    /// sniffed from its bytes) is drawn at its natural size into an sRGB canvas, and its samples
    /// read back (`getImageData`): R, G, B, A per pixel, rows top to bottom; empty for an image
    /// Chromium cannot decode. Colour profiles and gamma are converted to sRGB as the browser
    /// shows them. The canvas holds premultiplied alpha, so the colour of a pixel that is not
    /// opaque may be off by rounding (and is black when it is fully transparent).
    /// - Throws: `HeadlessChromiumError` (`.timedOut` when all are not decoded within `timeout` s).
    package static func canvasPixels(ofImages images: [Data], timeout: Double = 60) throws -> [[UInt8]] {
        guard !images.isEmpty else { return [] }
        let deadline = now() + timeout
        let browser = try HeadlessChromium(windowWidth: 800, windowHeight: 600)
        defer { browser.close() }
        let page = browser.workFolder.appendingPathComponent("decode.html")
        let sources = images.map { "\"\($0.base64EncodedString())\"" }.joined(separator: ",\n")
        let html = """
            <!doctype html><meta charset="utf-8"><title>decode</title>
            <script>
            const images = [
            \(sources)
            ];
            function base64(bytes) {
                if (bytes.toBase64) return bytes.toBase64();
                let text = "";
                for (let start = 0; start < bytes.length; start += 0x8000) {
                    text += String.fromCharCode.apply(null, bytes.subarray(start, start + 0x8000));
                }
                return btoa(text);
            }
            async function pixelsOf(source) {
                try {
                    const image = new Image();
                    image.src = "data:image/png;base64," + source;
                    await image.decode();
                    const canvas = document.createElement("canvas");
                    canvas.width = image.naturalWidth;
                    canvas.height = image.naturalHeight;
                    const context = canvas.getContext("2d", {colorSpace: "srgb", willReadFrequently: true});
                    context.drawImage(image, 0, 0);
                    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
                    return base64(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
                } catch (error) {
                    return "";
                }
            }
            function decodeAll() { return Promise.all(images.map(pixelsOf)); }
            </script>
            """
        do {
            try Data(html.utf8).write(to: page)
        } catch {
            throw HeadlessChromiumError.couldNotStart(reason: "could not write the decoding page: \(error)")
        }
        try browser.open(page, timeout: max(1, deadline - now()))
        let result = try browser.evaluate("decodeAll()", timeout: max(1, deadline - now()))
        guard let encoded = result as? [Any], encoded.count == images.count else {
            throw HeadlessChromiumError.unexpectedReply(method: "Runtime.evaluate")
        }
        return try encoded.map { item in
            guard let text = item as? String, let bytes = Data(base64Encoded: text) else {
                throw HeadlessChromiumError.unexpectedReply(method: "Runtime.evaluate")
            }
            return [UInt8](bytes)
        }
    }

    // MARK: - Launching

    /// Spawns `executable` in a process group of its own, its fds 3 and 4 the ends of two new
    /// pipes, its other output going to `log`, its configuration and cache under `folder`;
    /// returns its pid and this side's ends of the pipes (close-on-exec, non-blocking).
    private static func launch(
        _ executable: String, folder: URL, log: URL
    ) throws -> (pid: pid_t, commandFD: Int32, replyFD: Int32) {
        var toBrowser: [Int32] = [-1, -1]
        var fromBrowser: [Int32] = [-1, -1]
        guard makePipe(&toBrowser) else { throw HeadlessChromiumError.couldNotStart(reason: "no pipe") }
        guard makePipe(&fromBrowser) else {
            Glibc.close(toBrowser[0])
            Glibc.close(toBrowser[1])
            throw HeadlessChromiumError.couldNotStart(reason: "no pipe")
        }
        // The browser's ends are moved above 4 first, so that neither dup2 overwrites the other.
        let browserReads = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 10)
        let browserWrites = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 10)
        defer {
            for fd in [toBrowser[0], fromBrowser[1], browserReads, browserWrites] where fd >= 0 { Glibc.close(fd) }
        }
        guard browserReads >= 0, browserWrites >= 0 else {
            Glibc.close(toBrowser[1])
            Glibc.close(fromBrowser[0])
            throw HeadlessChromiumError.couldNotStart(reason: "could not duplicate the pipes")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 5)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))

        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb",
            "--hide-scrollbars", "--no-first-run", "--no-default-browser-check",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--remote-debugging-pipe",
            "about:blank",
        ]
        // The crash handlers' database and the cache follow XDG_CONFIG_HOME and XDG_CACHE_HOME:
        // under the work folder they write nothing to the home folder, and name the work folder.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            Glibc.close(toBrowser[1])
            Glibc.close(fromBrowser[0])
            throw HeadlessChromiumError.couldNotStart(
                reason: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
        }
        for fd in [toBrowser[1], fromBrowser[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return (pid, toBrowser[1], fromBrowser[0])
    }

    /// Makes a pipe whose ends are close-on-exec, at once with `pipe2` (which Glibc's module does
    /// not import) when the C library has it, so no process another thread spawns inherits them.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        if let symbol = dlsym(nil, "pipe2") {
            typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
            return unsafeBitCast(symbol, to: Pipe2.self)(&ends, O_CLOEXEC) == 0
        }
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    // MARK: - Commands

    /// Sends `method` with `params` (to the page's session when `inPage`) and returns its reply's
    /// result once it arrives, recording the events read meanwhile.
    /// - Throws: `HeadlessChromiumError.protocolError` for an error reply, `.timedOut` at `deadline`.
    private func call(
        _ method: String, _ params: [String: Any], deadline: Double, inPage: Bool = true
    ) throws -> [String: Any] {
        let started = Self.now()
        let id = nextID
        nextID += 1
        awaitedID = id
        awaitedReply = nil
        let bytes = try Self.message(id: id, method: method, params: params, session: inPage ? sessionID : nil)
        try writeAll(bytes, deadline: deadline, waitingFor: method)
        guard try pump(until: deadline, done: { awaitedReply != nil }), let reply = awaitedReply else {
            throw HeadlessChromiumError.timedOut(waitingFor: method, seconds: Self.seconds(from: started, to: deadline))
        }
        awaitedReply = nil
        if let error = reply["error"] as? [String: Any] {
            throw HeadlessChromiumError.protocolError(
                method: method, code: Self.number(error["code"]).map { Int($0) } ?? 0,
                message: error["message"] as? String ?? "")
        }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// A command as the pipe carries it: its JSON and a NUL.
    private static func message(id: Int, method: String, params: [String: Any], session: String?) throws -> [UInt8] {
        var object: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { object["sessionId"] = session }
        guard let data = try? JSONSerialization.data(withJSONObject: object) else {
            throw HeadlessChromiumError.unexpectedReply(method: "\(method) (its parameters are not JSON)")
        }
        return [UInt8](data) + [0]
    }

    /// Sets the viewport to `width`×`height` CSS pixels at a device scale factor of 1.
    private func setViewport(width: Int, height: Int, deadline: Double) throws {
        _ = try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], deadline: deadline)
    }

    /// `Page.captureScreenshot` with `params`: the image's bytes.
    private func capture(_ params: [String: Any], deadline: Double) throws -> Data {
        let result = try call("Page.captureScreenshot", params, deadline: deadline)
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw HeadlessChromiumError.unexpectedReply(method: "Page.captureScreenshot")
        }
        return data
    }

    // MARK: - The pipes

    /// Writes `bytes` to the browser, waiting while the pipe is full until `deadline`. SIGPIPE is
    /// blocked on this thread meanwhile, and one the write raised is taken back, so a browser that
    /// has gone away is an error rather than the end of the test process.
    private func writeAll(_ bytes: [UInt8], deadline: Double, waitingFor what: String) throws {
        let started = Self.now()
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let wasPending = sigismember(&pendingBefore, SIGPIPE) == 1
        var brokePipe = false
        defer {
            if brokePipe && !wasPending {
                var immediately = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &immediately)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(commandFD, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN:
                var entry = pollfd(fd: commandFD, events: Int16(POLLOUT), revents: 0)
                let remaining = deadline - Self.now()
                if remaining <= 0 {
                    throw HeadlessChromiumError.timedOut(
                        waitingFor: "the pipe to take \(what)", seconds: Self.seconds(from: started, to: deadline))
                }
                _ = poll(&entry, 1, Self.milliseconds(remaining))
            default:
                brokePipe = errno == EPIPE
                throw browserWentAway()
            }
        }
    }

    /// Reads messages from the browser, recording events and keeping the awaited reply, until
    /// `done` is true (true) or `deadline` passes (false).
    /// - Throws: `HeadlessChromiumError.browserExited` when the browser closes its end.
    private func pump(until deadline: Double, done: () -> Bool) throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            takeMessages()
            if done() { return true }
            let remaining = deadline - Self.now()
            if remaining <= 0 { return false }
            var entry = pollfd(fd: replyFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Self.milliseconds(remaining))
            if ready < 0 && errno != EINTR { throw browserWentAway() }
            guard ready > 0 else { continue }
            while true {
                let count = chunk.withUnsafeMutableBytes { read(replyFD, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffer.append(contentsOf: chunk[0..<count])
                    if count < chunk.count { break }
                } else if count < 0 && errno == EINTR {
                    continue
                } else if count < 0 && errno == EAGAIN {
                    break
                } else {
                    takeMessages()
                    throw browserWentAway()
                }
            }
        }
    }

    /// Parses and handles every whole message in `buffer`, leaving a partial one.
    private func takeMessages() {
        while true {
            let end = buffer.withUnsafeBytes { bytes -> Int? in
                guard scannedCount < bytes.count,
                    let found = memchr(bytes.baseAddress! + scannedCount, 0, bytes.count - scannedCount)
                else { return nil }
                return UnsafeRawPointer(found) - bytes.baseAddress!
            }
            guard let end else {
                scannedCount = buffer.count
                return
            }
            let data = Data(buffer[0..<end])
            buffer.removeSubrange(0...end)
            scannedCount = 0
            if let message = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
                handle(message)
            }
        }
    }

    /// Keeps the awaited reply, or records what an event says.
    private func handle(_ message: [String: Any]) {
        if let id = Self.number(message["id"]) {
            if Int(id) == awaitedID { awaitedReply = message }
            return
        }
        guard let method = message["method"] as? String else { return }
        let params = message["params"] as? [String: Any] ?? [:]
        switch method {
        case "Runtime.consoleAPICalled":
            guard let type = params["type"] as? String, type == "error" || type == "assert" else { return }
            let arguments = params["args"] as? [[String: Any]] ?? []
            let text = arguments.map(Self.text(of:)).joined(separator: " ")
            consoleErrors.append(type == "assert" ? "Assertion failed: \(text)" : text)
        case "Runtime.exceptionThrown":
            if let details = params["exceptionDetails"] as? [String: Any] {
                consoleErrors.append(Self.describe(details))
            }
        case "Log.entryAdded":
            guard let entry = params["entry"] as? [String: Any], entry["level"] as? String == "error" else { return }
            let text = entry["text"] as? String ?? ""
            let url = entry["url"] as? String ?? ""
            consoleErrors.append(url.isEmpty || text.contains(url) ? text : "\(text) (\(url))")
        case "Network.requestWillBeSent":
            if let request = params["request"] as? [String: Any], let url = request["url"] as? String {
                requestedURLs.append(url)
            }
        case "Page.loadEventFired":
            loadEvents += 1
        case "Inspector.targetCrashed":
            consoleErrors.append("The page crashed")
        default:
            break
        }
    }

    // MARK: - The process

    /// The error for a browser that has closed its pipe or cannot be written to: how it ended
    /// (waiting up to 2 s for it to) and the end of its log.
    private func browserWentAway() -> HeadlessChromiumError {
        _ = reap(waitingUpTo: 2)
        return .browserExited(status: exitStatus ?? "still running", logTail: logTail())
    }

    /// Reaps the browser, waiting up to `seconds` for it to exit; true once it has been reaped.
    private func reap(waitingUpTo seconds: Double) -> Bool {
        if exitStatus != nil { return true }
        let deadline = Self.now() + seconds
        while true {
            var status: Int32 = 0
            let reaped = waitpid(processID, &status, seconds.isInfinite ? 0 : WNOHANG)
            if reaped == processID {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
                return true
            }
            if reaped < 0 && errno == EINTR { continue }
            if reaped < 0 {
                exitStatus = "not a child any more"
                return true
            }
            if Self.now() >= deadline { return false }
            usleep(10_000)
        }
    }

    /// Waits up to `seconds` for the browser to exit, reading (and dropping) what it still writes
    /// so that it never waits on a full pipe; true once it has been reaped.
    private func waitForExit(within seconds: Double) -> Bool {
        let deadline = Self.now() + seconds
        var pipeOpen = true
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        while !reap(waitingUpTo: 0) {
            if Self.now() >= deadline { return false }
            guard pipeOpen else {
                usleep(10_000)
                continue
            }
            var entry = pollfd(fd: replyFD, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 10) > 0 {
                let count = scratch.withUnsafeMutableBytes { read(replyFD, $0.baseAddress, $0.count) }
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { pipeOpen = false }
            }
        }
        return true
    }

    /// The last lines of the browser's log.
    private func logTail() -> String {
        guard let data = try? Data(contentsOf: logURL) else { return "(no log)" }
        let lines = String(decoding: data.suffix(4000), as: UTF8.self).split(separator: "\n")
        return lines.suffix(15).joined(separator: "\n")
    }

    /// Kills every process (other than this one) whose command line names `text`, and waits up to
    /// a second for them to be gone.
    private static func killProcesses(mentioning text: String) {
        let killed = processes(mentioning: text)
        for pid in killed { kill(pid, SIGKILL) }
        let deadline = now() + 1
        while now() < deadline, !processes(mentioning: text).isEmpty { usleep(10_000) }
    }

    /// The live processes (not zombies) other than this one whose command line contains `text`.
    package static func processes(mentioning text: String) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        let needle = Array(text.utf8)
        let own = getpid()
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != own,
                let commandLine = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
                commandLine.range(of: Data(needle)) != nil
            else { return nil }
            return pid
        }
    }

    // MARK: - Helpers

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `seconds` as poll's timeout: whole milliseconds, rounded up, at most `Int32.max`.
    private static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(min(Double(Int32.max), max(0, (seconds * 1000).rounded(.up))))
    }

    /// How long a wait from `started` to `deadline` was, for messages: rounded to a tenth of a second.
    private static func seconds(from started: Double, to deadline: Double) -> Double {
        max(0, ((deadline - started) * 10).rounded() / 10)
    }

    /// A JSON number as a `Double`.
    private static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let number = value as? Double { return number }
        return (value as? Int).map(Double.init)
    }

    /// A remote object (a console message's argument) as text.
    private static func text(of object: [String: Any]) -> String {
        if let value = object["value"] {
            if let text = value as? String { return text }
            if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) {
                return String(decoding: data, as: UTF8.self)
            }
        }
        return object["description"] as? String ?? object["unserializableValue"] as? String
            ?? object["type"] as? String ?? ""
    }

    /// An exception's details as text: the exception's description (message and stack), else its
    /// value, else the details' text.
    private static func describe(_ details: [String: Any]) -> String {
        let fallback = details["text"] as? String ?? "exception"
        guard let exception = details["exception"] as? [String: Any] else { return fallback }
        if let description = exception["description"] as? String { return description }
        if exception["value"] != nil { return "\(fallback) \(text(of: exception))" }
        return fallback
    }
}
