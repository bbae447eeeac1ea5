/// A font file and the face inside it (0 unless the file is a `.ttc` collection).
public struct FontFile: Sendable, Hashable, CustomStringConvertible {
    /// Absolute path of the file.
    public var path: String
    /// The face in a collection; 0 for a single-face file.
    public var faceIndex: Int

    /// A file and face index.
    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    /// The path, with `#index` for a face other than the first.
    public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}
