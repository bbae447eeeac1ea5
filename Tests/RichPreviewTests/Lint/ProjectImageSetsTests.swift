import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ProjectImageSets`: the asset catalogs' image sets by name, and the image of one as iOS picks
/// it, never read out of the folder and never a file the set does not hold.
struct ProjectImageSetsTests {
    static func sets(_ files: [String: String], links: [String: String] = [:]) throws -> (ProjectImageSets, URL) {
        let folder = try TestPaths.temporaryFolder(holding: files)
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(link).path, withDestinationPath: target)
        }
        return (AppIdentity.read(project: folder.path).imageSets, folder)
    }

    static func set(_ images: String) -> String { #"{"images": [\#(images)], "info": {"version": 1}}"# }

    @Test func theImageOfThePicturesScaleIsTaken() throws {
        let (sets, _) = try Self.sets([
            "A/Assets.xcassets/Glyph.imageset/Contents.json": Self.set(
                #"{"idiom": "universal", "scale": "1x"}, {"filename": "g2.png", "idiom": "universal", "scale": "2x"}, {"filename": "g3.png", "idiom": "universal", "scale": "3x"}, {"filename": "dark.png", "idiom": "universal", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}]}"#
            ),
            "A/Assets.xcassets/Glyph.imageset/g2.png": "two", "A/Assets.xcassets/Glyph.imageset/g3.png": "three",
            "A/Assets.xcassets/Glyph.imageset/dark.png": "dark",
            "A/Assets.xcassets/Not a set/Contents.json": "{}", "A/Loose.imageset/Contents.json": Self.set(""),
        ])
        #expect(sets.contents.keys.sorted() == ["Glyph"])
        #expect(try sets.image(named: "Glyph", scale: 2)?.data == Data("two".utf8))
        #expect(try sets.image(named: "Glyph", scale: 3)?.data == Data("three".utf8))
        #expect(try sets.image(named: "Glyph", scale: 1)?.data == Data("three".utf8), "the 1x slot is empty")
        #expect(try sets.image(named: "Other", scale: 2) == nil)
    }

    @Test(arguments: [
        (#"{"filename": "../../../secret.png", "idiom": "universal"}"#, "is not a file of the set"),
        (#"{"filename": "icon.pdf", "idiom": "universal"}"#, "a vector image (PDF or SVG)"),
        (#"{"idiom": "universal", "scale": "2x"}"#, "names no image file"),
        (#"{"filename": "gone.png", "idiom": "universal"}"#, "the image cannot be read"),
        (#"{"filename": "out.png", "idiom": "universal"}"#, "leads out of the folder"),
    ])
    func anImageThatCannotBeTakenSaysWhy(image: String, reason: String) throws {
        let outside = try TestPaths.temporaryFolder(holding: ["secret.png": "secret"])
        let (sets, _) = try Self.sets(
            ["Assets.xcassets/Glyph.imageset/Contents.json": Self.set(image)],
            links: ["Assets.xcassets/Glyph.imageset/out.png": outside.appendingPathComponent("secret.png").path])
        #expect(throws: ProjectImageSets.Problem.self) { try sets.image(named: "Glyph", scale: 2) }
        do {
            _ = try sets.image(named: "Glyph", scale: 2)
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func aSetThatIsNotJSONSaysSo() throws {
        let (sets, _) = try Self.sets(["Assets.xcassets/Glyph.imageset/Contents.json": "{ not json"])
        #expect(throws: ProjectImageSets.Problem.self) { try sets.image(named: "Glyph", scale: 2) }
    }
}
