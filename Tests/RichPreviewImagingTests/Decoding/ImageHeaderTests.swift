import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `ImageHeader.read`: the facts before the image data, agreeing with a whole decode.
struct ImageHeaderTests {
    @Test(arguments: ["sample-image.jpg", "sample-badge.png", "sample-badge.gif"])
    func agreesWithTheValidator(name: String) throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
        let header = try ImageHeader.read(data)
        let info = try ImageValidator.validate(data)
        #expect(header.format == info.format && header.size == info.size && header.orientation == info.orientation)
        #expect(header.shownSize == header.size)
    }

    @Test func everyExifOrientationGivesTheShownSize() throws {
        guard let folder = TestPaths.corpusFolder("exif-orientation") else { return }
        for value in 1...8 {
            let data = try Data(contentsOf: folder.appendingPathComponent("Landscape_\(value).jpg"))
            let header = try ImageHeader.read(data)
            #expect(header.orientation?.rawValue == value || (value == 1 && header.orientation == nil))
            let upright = try ImageDecoder.decode(data).size
            #expect(header.shownSize == upright, "Landscape_\(value)")
        }
    }

    @Test func readsOnlyTheHeaderOfAFileCutAfterIt() throws {
        let data = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))
        let cut = data.prefix(data.count / 3)
        #expect(try ImageHeader.read(cut).size == PixelSize(width: 640, height: 427))
        #expect(throws: ImageDecodingError.self) { try ImageValidator.validate(cut) }
    }

    @Test func refusesWhatIsNoImageOrHasNoWholeHeader() throws {
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try ImageHeader.read(Data("hello".utf8)) }
        #expect(throws: ImageDecodingError.emptyInput) { try ImageHeader.read(Data()) }
        let png = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
        for length in [8, 12, 20, 30] {
            #expect(throws: ImageDecodingError.self, "PNG cut at \(length)") {
                try ImageHeader.read(png.prefix(length))
            }
        }
        let gif = try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.gif"))
        #expect(throws: ImageDecodingError.self) { try ImageHeader.read(gif.prefix(8)) }
    }
}
