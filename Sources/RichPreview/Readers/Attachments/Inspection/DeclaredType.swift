/// The type an attachment declares, as iOS decides it: the type hint when one is given, else the
/// file extension; and the formats whose bytes fit that type.
public struct DeclaredType: Sendable, Equatable, Codable {
    /// The UTI, such as `public.jpeg`.
    public var uti: String
    /// Where it came from.
    public var origin: Origin

    /// Where a declared type comes from.
    public enum Origin: String, Sendable, Codable {
        /// From the `UNNotificationAttachmentOptionsTypeHintKey` option.
        case typeHint
        /// From the file name's extension, which iOS uses when no type hint is given.
        case fileExtension
    }

    /// Creates a declared type from a UTI and where it came from; the UTI is not checked.
    public init(uti: String, origin: Origin) {
        self.uti = uti
        self.origin = origin
    }

    /// The type of a file name's extension, nil when it has none that iOS knows (`.tmp`, none).
    public init?(fileName: String) {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        guard let uti = Self.extensionTypes[name[name.index(after: dot)...].lowercased()] else { return nil }
        self.init(uti: uti, origin: .fileExtension)
    }

    /// Whether bytes of `format` fit this type (PNG bytes do not fit `public.jpeg`; an audio-only
    /// MPEG-4 file fits `public.mpeg-4` as well as `public.mpeg-4-audio`).
    public func accepts(_ format: MediaFormat) -> Bool {
        Self.acceptedFormats[uti]?.contains(format) ?? (format.utType == uti)
    }

    /// Whether iOS documents this type for attachments.
    public var isDocumented: Bool {
        MediaFormat.allCases.contains { $0.isDocumentedAttachmentType && $0.utType == uti }
            || uti == "public.aifc-audio"
    }

    /// File extensions and the UTIs the system gives them.
    static let extensionTypes: [String: String] = [
        "jpg": "public.jpeg", "jpeg": "public.jpeg", "jpe": "public.jpeg", "png": "public.png",
        "gif": "com.compuserve.gif", "wav": "com.microsoft.waveform-audio", "wave": "com.microsoft.waveform-audio",
        "bwf": "com.microsoft.waveform-audio", "aif": "public.aiff-audio", "aiff": "public.aiff-audio",
        "aifc": "public.aifc-audio", "mp3": "public.mp3", "m4a": "public.mpeg-4-audio", "mp4": "public.mpeg-4",
        "m4v": "com.apple.m4v-video", "mov": "com.apple.quicktime-movie", "qt": "com.apple.quicktime-movie",
        "mpg": "public.mpeg", "mpeg": "public.mpeg", "mpe": "public.mpeg", "m1v": "public.mpeg",
        "m2v": "public.mpeg-2-video", "avi": "public.avi", "caf": "com.apple.coreaudio-format",
        "aac": "public.aac-audio", "flac": "org.xiph.flac", "ogg": "org.xiph.ogg", "oga": "org.xiph.ogg",
        "mkv": "org.matroska.mkv", "webm": "org.webmproject.webm", "webp": "org.webmproject.webp",
        "heic": "public.heic", "heif": "public.heif", "avif": "public.avif", "bmp": "com.microsoft.bmp",
        "tif": "public.tiff", "tiff": "public.tiff",
    ]

    /// For types that more than one format fits, the formats that fit.
    static let acceptedFormats: [String: Set<MediaFormat>] = [
        "public.aifc-audio": [.aiff],
        "public.mpeg-4": [.mp4, .m4a],
        "com.apple.m4v-video": [.mp4],
        "public.mpeg": [.mpeg, .m2v],
        "public.mpeg-2-video": [.m2v, .mpeg],
        "public.heif": [.heic],
    ]
}
