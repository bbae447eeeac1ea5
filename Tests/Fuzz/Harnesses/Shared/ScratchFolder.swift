import Foundation

/// Where a harness writes the files it reads back: a folder of this process's own under
/// `$RICHPREVIEW_FUZZ_SCRATCH`, else `/dev/shm`, else the temporary folder; rewritten for every
/// input without `fsync`.
enum ScratchFolder {
    /// The folder `name-PID`, made if missing.
    static func make(_ name: String) -> URL {
        let parent =
            ProcessInfo.processInfo.environment["RICHPREVIEW_FUZZ_SCRATCH"]
            ?? (FileManager.default.fileExists(atPath: "/dev/shm")
                ? "/dev/shm" : FileManager.default.temporaryDirectory.path)
        let url = URL(fileURLWithPath: parent).appendingPathComponent(
            "\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Replaces the file at `path` with `data`.
    static func write(_ data: Data, to path: String) {
        guard let file = fopen(path, "wb") else { return }
        data.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
