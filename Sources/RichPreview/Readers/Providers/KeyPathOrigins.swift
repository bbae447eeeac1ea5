/// For an APNs payload built from a provider message, the key path in the message each of its
/// key paths came from (`aps.alert.title` → `message.notification.title`), so that a finding
/// about the payload names the place the user wrote.
public struct KeyPathOrigins: Sendable, Hashable {
    /// APNs key path → the message's key path.
    let origins: [String: String]

    /// No translation: a payload written as such.
    public static let none = KeyPathOrigins(origins: [:])

    /// The message's key path for `keyPath`: its own origin, else its nearest ancestor's; nil when
    /// none is known.
    public func origin(of keyPath: String) -> String? {
        var path = Substring(keyPath)
        while true {
            if let origin = origins[String(path)] { return origin }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return origins[""]
    }

    /// The offsets of `messageOffsets` (the message's own key paths), and for each payload key path
    /// that the message does not also write, its origin's offset.
    func keyOffsets(_ messageOffsets: [String: Int]) -> [String: Int] {
        var offsets = messageOffsets
        for (apnsPath, origin) in origins where offsets[apnsPath] == nil {
            var path = Substring(origin)
            while !path.isEmpty {
                if let offset = messageOffsets[String(path)] {
                    offsets[apnsPath] = offset
                    break
                }
                guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
                path = path[..<cut]
            }
        }
        return offsets
    }
}
