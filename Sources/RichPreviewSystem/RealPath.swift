import Foundation

/// Where a path really leads: absolute, with every symbolic link on the way followed and `.` and
/// `..` taken out (`realpath`), so that a folder can be told to hold it or not.
package enum RealPath {
    /// The real path of `path` (relative ones from the current folder). A path whose end does not
    /// exist is resolved as far as it does and the rest appended as written, with `..` taken
    /// out by name (the system would refuse such a path at the missing part anyway); nil only
    /// when not even the current folder resolves.
    package static func of(_ path: String) -> String? {
        if let resolved = resolvedBySystem(path) { return resolved }
        // Resolve the longest part that exists; the rest is appended by name.
        var missing: [Substring] = []
        var existing = Substring(path)
        var base: String?
        while base == nil {
            while existing.count > 1, existing.hasSuffix("/") { existing = existing.dropLast() }
            guard let slash = existing.lastIndex(of: "/") else {
                missing.append(existing)
                base = resolvedBySystem(".")
                break
            }
            missing.append(existing[existing.index(after: slash)...])
            existing = slash == existing.startIndex ? "/" : existing[..<slash]
            base = resolvedBySystem(String(existing))
            if base == nil, existing == "/" { break }
        }
        guard let base else { return nil }
        var components = base.split(separator: "/")
        for part in missing.reversed() {
            switch part {
            case "", ".": continue
            case "..": _ = components.popLast()
            default: components.append(part)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` is `folder` or lies under it; both real paths, compared byte for byte (as
    /// the system compares names: `é` and `e` with a combining accent are two names).
    package static func path(_ path: String, isInside folder: String) -> Bool {
        let path = path.utf8
        let folder = folder.utf8
        guard path.starts(with: folder) else { return false }
        let rest = path.dropFirst(folder.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/") || folder.elementsEqual("/".utf8)
    }

    /// `realpath` of the whole path, nil when any part of it is missing or unreadable.
    private static func resolvedBySystem(_ path: String) -> String? {
        guard let resolved = FileName.withSystemPath(path.isEmpty ? "." : path, { realpath($0, nil) }) else {
            return nil
        }
        defer { free(resolved) }
        let length = strlen(resolved)
        return resolved.withMemoryRebound(to: UInt8.self, capacity: length) {
            FileName.text(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
