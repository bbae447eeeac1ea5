/// An attachment a payload refers to: where in the payload, the URL as written, and where it
/// leads.
public struct AttachmentReference: Sendable, Equatable, Codable {
    /// The payload's key path holding the URL, such as `fcm_options.image`.
    public var keyPath: String
    /// The URL or path as written.
    public var url: String
    /// Where the URL leads: a local file inside the attachments folder, a download, or nowhere
    /// usable.
    public var location: Location

    /// Where an attachment URL leads.
    public enum Location: Sendable, Equatable, Codable {
        /// A file inside the attachments folder, as an absolute path.
        case local(path: String)
        /// An `https` URL: the service extension must download it (the payload needs
        /// `mutable-content: 1`); never fetched here.
        case remote(url: String)
        /// A plain `http` URL: the download fails without an App Transport Security exception in the
        /// service extension's Info.plist.
        case insecure(url: String)
        /// Not usable: another scheme, an empty URL, or a path that leaves the attachments folder.
        case invalid(reason: String)
    }

    /// Creates a reference from its parts; `AttachmentLocator.reference(_:keyPath:)` resolves the
    /// location for you.
    public init(keyPath: String, url: String, location: Location) {
        self.keyPath = keyPath
        self.url = url
        self.location = location
    }
}
