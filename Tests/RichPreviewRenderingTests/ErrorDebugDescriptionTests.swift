import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import Testing

/// `String(reflecting:)` of every public error enum names its type, its case and its values;
/// `description` stays the sentence for users.
struct ErrorDebugDescriptionTests {
    static let cases: [(any Error & CustomStringConvertible, String)] = [
        (ImageDecodingError.unrecognizedFormat, "ImageDecodingError.unrecognizedFormat"),
        (ImageDecodingError.emptyInput, "ImageDecodingError.emptyInput"),
        (
            ImageDecodingError.corrupt(format: .jpeg, reason: "premature end"),
            #"ImageDecodingError.corrupt(format: RichPreviewMedia.MediaFormat.jpeg, reason: "premature end")"#
        ),
        (
            ImageDecodingError.outputOverPixelLimit(size: PixelSize(width: 3, height: 4), limit: 10),
            "ImageDecodingError.outputOverPixelLimit(size: "
        ),
        (ImageEncodingError.invalidQuality(0), "ImageEncodingError.invalidQuality(0)"),
        (
            ImageProcessingError.decoding(.emptyInput),
            "ImageProcessingError.decoding(ImageDecodingError.emptyInput)"
        ),
        (MovieFrameError.timedOut, "MovieFrameError.timedOut"),
        (MovieFrameError.noVideoStream, "MovieFrameError.noVideoStream"),
        (MovieFrameError.outOfMemory, "MovieFrameError.outOfMemory"),
        (MovieFrameError.undecodable(reason: "x"), #"MovieFrameError.undecodable(reason: "x")"#),
        (ContainerError.unrecognized, "ContainerError.unrecognized"),
        (ContainerError.overLimit(what: "boxes", limit: 9), #"ContainerError.overLimit(what: "boxes", limit: 9)"#),
        (ByteSourceError.invalidRange(offset: 1, count: 2), "ByteSourceError.invalidRange(offset: 1, count: 2)"),
        (
            CategoryManifestError.missingKey(file: "c.json", keyPath: "categories"),
            #"CategoryManifestError.missingKey(file: "c.json", keyPath: "categories")"#
        ),
        (
            ResponseError.unregisteredCategory(category: "a", known: ["b"]),
            #"ResponseError.unregisteredCategory(category: "a", known: ["b"])"#
        ),
        (
            NotificationCenterError.invalidIdentifier(keyPath: "id", found: ""),
            #"NotificationCenterError.invalidIdentifier(keyPath: "id", found: "")"#
        ),
        (FontError.outOfMemory(path: "/f.ttf"), #"FontError.outOfMemory(path: "/f.ttf")"#),
        (NotificationRenderer.Failure.picture("x"), #"NotificationRenderer.Failure.picture("x")"#),
    ]

    @Test func theDebugDescriptionNamesTheCase() {
        for (error, expected) in Self.cases {
            let reflected = String(reflecting: error)
            #expect(reflected.hasPrefix(expected), "\(reflected)")
            // The sentence for users is unchanged, and is not the debug form.
            #expect(String(describing: error) == error.description)
            #expect(error.description != reflected)
        }
    }
}
