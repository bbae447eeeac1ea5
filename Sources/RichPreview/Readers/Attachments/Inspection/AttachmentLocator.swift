import Foundation
import RichPreviewSystem

/// Finds the attachment URLs a payload carries and resolves them.
///
/// Payloads carry attachment URLs under custom keys with no single convention; the defaults cover
/// the common ones (Firebase's `fcm_options.image`, Braze's `ab.att.url`, OneSignal's `att.*`,
/// CleverTap's `ct_mediaUrl`, Airship's `com.urbanairship.media_attachment.url` and
/// `media_attachment.url`, Iterable's `itbl.attachment-url`, Expo's `body._richContent.image`, and
/// generic names such as `attachment-url`, `media-url`, `image`). Keys are compared with
/// separators and case normalised, so `mediaUrl`, `media_url` and `media-url` are one key; `*`
/// matches any key, and a top-level key may have dots of its own.
///
/// Local file URLs and paths resolve under `root`; one that leaves it (`..`, an absolute path
/// elsewhere, a symbolic link pointing out) is refused.
public struct AttachmentLocator: Sendable {
    /// The key paths searched, dot-separated from the payload's top level.
    public var keyPaths: [String] {
        didSet { (wanted, firstKeys) = Self.normalized(keyPaths) }
    }
    /// The folder local attachments must be in.
    public var root: URL
    /// `keyPaths` split at their dots, each part normalised; paths with no part left out.
    private var wanted: [[String]]
    /// The normalised first parts of `wanted`: the only top-level keys worth reading.
    private var firstKeys: Set<String>

    /// The key paths searched by default.
    public static let defaultKeyPaths = [
        "attachment-url", "attachment", "media-url", "image-url", "image", "url-image-string", "fcm_options.image",
        "data.attachment", "data.attachment-url", "data.image", "data.image-url", "data.media-url", "ab.att.url",
        "att.*", "ct_mediaUrl", "media_attachment.url", "com.urbanairship.media_attachment.url",
        "itbl.attachment-url", "body._richContent.image",
    ]

    /// Creates a locator searching `keyPaths` (the common vendor keys by default) whose local files
    /// must lie inside the folder `root`.
    public init(keyPaths: [String] = AttachmentLocator.defaultKeyPaths, root: URL) {
        self.keyPaths = keyPaths
        self.root = root
        (wanted, firstKeys) = Self.normalized(keyPaths)
    }

    /// The key paths split at their dots, each part normalised, and every top-level key that can
    /// start one: its first part, or its first parts joined by dots (a top-level key such as
    /// `com.urbanairship.media_attachment` has dots of its own).
    private static func normalized(_ keyPaths: [String]) -> (paths: [[String]], firstKeys: Set<String>) {
        let paths = keyPaths.map { $0.split(separator: ".").map { Suggester.normalize(String($0)) } }.filter {
            !$0.isEmpty
        }
        return (paths, Set(paths.flatMap { path in (1...path.count).map { path[..<$0].joined(separator: ".") } }))
    }

    /// The attachments `payload` refers to under the key paths, in key-path order; arrays of
    /// strings give one reference each.
    public func references(in payload: APNsPayload) -> [AttachmentReference] {
        urls(in: payload).map { reference($0.url, keyPath: $0.keyPath) }
    }

    /// The attachment URLs `payload` carries under the key paths, as written, with the key path
    /// each is at: what `references(in:)` resolves, found without touching `root`.
    func urls(in payload: APNsPayload) -> [(keyPath: String, url: String)] {
        // Each top-level key normalised once; only those that start a wanted path are kept.
        let candidates = payload.custom.compactMap {
            key, value -> (key: String, normalized: String, value: PropertyValue)? in
            let normalized = Suggester.normalize(key)
            return firstKeys.contains(normalized) ? (key, normalized, value) : nil
        }.sorted { $0.key < $1.key }
        guard !candidates.isEmpty else { return [] }
        var found: [(keyPath: String, url: String)] = []
        for path in wanted {
            for length in 1...path.count {
                let head = path[..<length].joined(separator: ".")
                for candidate in candidates where candidate.normalized == head {
                    found += Self.urls(at: Array(path[length...]), in: candidate.value, prefix: candidate.key)
                }
            }
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0.keyPath).inserted }
    }

    /// The URLs at `path` below `value` (a string, or each string of an array), with the key
    /// paths they are at.
    private static func urls(at path: [String], in value: PropertyValue, prefix: String) -> [(
        keyPath: String, url: String
    )] {
        var found: [(keyPath: String, url: String)] = []
        for (keyPath, value) in values(at: path, in: value, prefix: prefix) {
            switch value {
            case .string(let url): found.append((keyPath, url))
            case .array(let items):
                for (index, item) in items.enumerated() {
                    if case .string(let url) = item { found.append(("\(keyPath)[\(index)]", url)) }
                }
            default: continue
            }
        }
        return found
    }

    /// Resolves one URL or path as iOS would need it: a local file inside `root`, or a download.
    public func reference(_ url: String, keyPath: String) -> AttachmentReference {
        AttachmentReference(keyPath: keyPath, url: url, location: locate(url))
    }

    private func locate(_ text: String) -> AttachmentReference.Location {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .invalid(reason: "the attachment URL is empty") }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("https://") { return .remote(url: trimmed) }
        if lowered.hasPrefix("http://") { return .insecure(url: trimmed) }
        var path = trimmed
        if lowered.hasPrefix("file://") {
            guard let url = URL(string: trimmed), url.isFileURL else {
                return .invalid(reason: "'\(trimmed)' is not a valid file URL")
            }
            path = url.path
        } else if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter }),
            trimmed.distance(from: trimmed.startIndex, to: colon) > 1
        {
            return .invalid(
                reason:
                    "'\(trimmed.prefix(40))' uses the \(trimmed[..<colon]): scheme; an attachment must be a local file (or an https URL the service extension downloads)"
            )
        }
        let rootPath = RealPath.of(root.path) ?? root.standardizedFileURL.path
        let candidate = path.hasPrefix("/") ? path : (root.path.hasSuffix("/") ? root.path : root.path + "/") + path
        let resolved = RealPath.of(candidate) ?? URL(fileURLWithPath: candidate).standardizedFileURL.path
        guard RealPath.path(resolved, isInside: rootPath) else {
            return .invalid(
                reason: "'\(trimmed)' leads to \(resolved), outside the attachments folder \(rootPath)")
        }
        return .local(path: resolved)
    }

    /// The values at a normalised key path, with the path as written in the payload.
    private static func values(at path: [String], in value: PropertyValue, prefix: String) -> [(String, PropertyValue)]
    {
        guard let first = path.first else { return [(prefix, value)] }
        guard case .dictionary(let members) = value else { return [] }
        return members.sorted { $0.key < $1.key }.filter { first == "*" || Suggester.normalize($0.key) == first }
            .flatMap {
                key, child in
                values(at: Array(path.dropFirst()), in: child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)")
            }
    }
}
