/// The optional libraries the codecs load with dlopen the first time an image or movie needs
/// them: Little CMS (ICC profiles), libwebp, libheif (HEIC and AVIF), FFmpeg (movie frames) and
/// ISA-L (PNG image data, which zlib inflates without it).
/// A missing one fails only the inputs that need it; a service reports them in its readiness.
public enum CodecLibraries {
    /// One library: its name and why it could not be loaded (nil when it loads).
    public struct Status: Sendable, Equatable {
        /// The library as users know it (`libwebp`).
        public var name: String
        /// `library (package): reason`, or nil when it loads.
        public var problem: String?
    }

    /// Loads each library now (a loaded one stays loaded) and says which could not be.
    public static func load() -> [Status] {
        [
            Status(name: "Little CMS", problem: ICCTransform.loadLibrary()),
            Status(name: "libwebp", problem: WebPDecoder.loadLibrary()),
            Status(name: "libheif", problem: HEIFDecoder.loadLibrary()),
            Status(name: "FFmpeg", problem: MovieFrameDecoder.loadLibraries()),
            Status(name: "ISA-L", problem: PNGDecoder.loadISAL()),
        ]
    }
}
