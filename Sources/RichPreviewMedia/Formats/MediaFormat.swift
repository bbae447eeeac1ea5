/// A file format recognised from a file's bytes, named for what it is (an AIFC file is `aiff` with
/// its compression in the codec; a QuickTime movie is `mov`, never `mp4`).
///
/// Some formats are recognised only so that they can be refused by name: their containers are not
/// parsed (`MediaProbe` throws `ContainerError.unsupported`).
public enum MediaFormat: String, Sendable, Codable, CaseIterable {
    /// PNG image (`89 50 4E 47` signature).
    case png
    /// JPEG image (JFIF, EXIF or bare; `FF D8 FF`).
    case jpeg
    /// GIF image, 87a or 89a; only the first frame is shown.
    case gif
    /// WAVE audio in a RIFF or RF64 container.
    case wav
    /// AIFF or AIFC audio.
    case aiff
    /// MPEG audio layer III (or I/II) frames, with or without ID3 tags.
    case mp3
    /// Audio in an ISO base media file (`M4A `, `M4B ` brands, or no video track).
    case m4a
    /// Movie in an ISO base media file (`isom`, `mp41`, `mp42`, `M4V ` and similar brands).
    case mp4
    /// MPEG-1 system or MPEG-2 program stream (pack header `00 00 01 BA`).
    case mpeg
    /// AVI movie in a RIFF container.
    case avi
    /// Core Audio Format.
    case caf
    /// Raw AAC in ADTS frames.
    case aac
    /// FLAC (recognised only).
    case flac
    /// Ogg (recognised only).
    case ogg
    /// QuickTime movie: ISO base media with the `qt  ` brand, or a classic file without `ftyp`.
    case mov
    /// MPEG-1 or MPEG-2 video elementary stream (starts with a sequence header, 00 00 01 B3).
    case m2v
    /// Matroska (recognised only).
    case mkv
    /// WebM (recognised only).
    case webm
    /// WebP image (recognised only).
    case webp
    /// HEIF image with HEVC coding (recognised only).
    case heic
    /// AVIF image (recognised only).
    case avif
    /// Windows bitmap (recognised only).
    case bmp
    /// TIFF image (recognised only).
    case tiff

    /// The kind of attachment this format would be.
    public var kind: MediaKind {
        switch self {
        case .png, .jpeg, .gif, .webp, .heic, .avif, .bmp, .tiff: .image
        case .wav, .aiff, .mp3, .m4a, .caf, .aac, .flac, .ogg: .audio
        case .mp4, .mpeg, .avi, .mov, .m2v, .mkv, .webm: .movie
        }
    }

    /// The Uniform Type Identifier of the format. Formats the system does not declare a type for use
    /// their owners' reverse-DNS names (`org.xiph.flac`, `org.matroska.mkv`, `org.webmproject.webm`).
    public var utType: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .wav: "com.microsoft.waveform-audio"
        case .aiff: "public.aiff-audio"
        case .mp3: "public.mp3"
        case .m4a: "public.mpeg-4-audio"
        case .mp4: "public.mpeg-4"
        case .mpeg: "public.mpeg"
        case .avi: "public.avi"
        case .caf: "com.apple.coreaudio-format"
        case .aac: "public.aac-audio"
        case .flac: "org.xiph.flac"
        case .ogg: "org.xiph.ogg"
        case .mov: "com.apple.quicktime-movie"
        case .m2v: "public.mpeg-2-video"
        case .mkv: "org.matroska.mkv"
        case .webm: "org.webmproject.webm"
        case .webp: "org.webmproject.webp"
        case .heic: "public.heic"
        case .avif: "public.avif"
        case .bmp: "com.microsoft.bmp"
        case .tiff: "public.tiff"
        }
    }

    /// True only for the types Apple documents for `UNNotificationAttachment` (spec §2.1): AIFF,
    /// WAV, MP3 and MPEG-4 audio; JPEG, GIF and PNG; MPEG, MPEG-2 video, MPEG-4 and AVI movies.
    public var isDocumentedAttachmentType: Bool {
        switch self {
        case .aiff, .wav, .mp3, .m4a, .jpeg, .gif, .png, .mpeg, .m2v, .mp4, .avi: true
        case .caf, .aac, .flac, .ogg, .mov, .mkv, .webm, .webp, .heic, .avif, .bmp, .tiff: false
        }
    }
}
