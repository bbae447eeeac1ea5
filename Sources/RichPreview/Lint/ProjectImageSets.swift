import Foundation

/// The image sets of a project's asset catalogs (`NAME.imageset/Contents.json` inside a
/// `.xcassets` folder, in groups at any depth), by name: where
/// `UNNotificationActionIcon(templateImageName:)` finds its image. Images are read when asked
/// for, inside the folders the project was read from, no link out of them followed.
public struct ProjectImageSets: Sendable, Equatable {
    /// Each set's `Contents.json`, by the set's name; the first in path order when catalogs have
    /// two of one name.
    public private(set) var contents: [String: String] = [:]
    /// The folders images are read inside.
    private var roots: [String] = []

    /// The most bytes of a set's `Contents.json` read.
    public static let contentsSizeLimit = 1 << 20
    /// The most bytes of an image read.
    public static let imageSizeLimit = 16 << 20

    /// No sets.
    public init() {}

    /// The sets among `files` (paths as a walk lists them), read inside `roots`.
    init(files: [String], roots: [String]) {
        self.roots = roots
        for file in files.sorted() {
            if let name = Self.setName(ofContents: file), contents[name] == nil { contents[name] = file }
        }
    }

    /// `Reply` for `…/Assets.xcassets/Glyphs/Reply.imageset/Contents.json`; nil for any other path.
    static func setName(ofContents path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[parts.count - 1] == "Contents.json",
            parts[parts.count - 2].hasSuffix(".imageset"),
            parts.dropLast(2).contains(where: { $0.hasSuffix(".xcassets") })
        else { return nil }
        let name = parts[parts.count - 2].dropLast(".imageset".count)
        return name.isEmpty ? nil : String(name)
    }

    /// The bytes of every template image the actions of `categories` name as icons and the
    /// project has, at `scale`, by name; one that is missing or cannot be read is left out.
    public func templateImages(for categories: [NotificationCategory], scale: Int) -> [String: Data] {
        var images: [String: Data] = [:]
        var tried: Set<String> = []
        for action in categories.flatMap(\.actions) {
            guard let icon = action.icon, icon.kind == .templateImage, tried.insert(icon.name).inserted,
                let image = try? image(named: icon.name, scale: scale)
            else { continue }
            images[icon.name] = image.data
        }
        return images
    }

    /// Why a set gave no image.
    public struct Problem: Error, Equatable, Sendable {
        /// The file concerned.
        public var file: String
        /// What is wrong, for a note.
        public var message: String
    }

    /// One image of a set, as `Contents.json` lists it.
    private struct Image: Decodable {
        var filename: String?
        var idiom: String?
        var scale: String?
        var appearances: [[String: String]]?

        var scaleFactor: Int { Int(scale.map { String($0.dropLast($0.hasSuffix("x") ? 1 : 0)) } ?? "") ?? 1 }
    }

    private struct Contents: Decodable {
        var images: [Image]?
    }

    /// The file of the set named `name` iOS would draw on a screen of `scale` pixels per point (the
    /// image of that scale, else the largest, of the light appearance, for iPhone or any device)
    /// with its bytes; nil when the project has no set of that name.
    /// - Throws: `Problem` naming the file when the set is not an asset catalog's JSON, names no
    ///   file, leads out of the folder, or its image is a vector (PDF or SVG) or cannot be read.
    public func image(named name: String, scale: Int) throws(Problem) -> AppIdentity.Icon? {
        guard let file = contents[name] else { return nil }
        let store = LintFileStore.disk(confinedTo: LintRoots(paths: roots))
        let images: [Image]
        do {
            let data = try store.data(path: file, limit: Self.contentsSizeLimit, listed: true)
            images = try JSONDecoder().decode(Contents.self, from: data).images ?? []
        } catch {
            throw Problem(file: file, message: "the image set is not an asset catalog's JSON: its image is not drawn")
        }
        let usable = images.filter {
            $0.filename?.isEmpty == false && ($0.appearances ?? []).isEmpty
                && ($0.idiom == nil || $0.idiom == "universal" || $0.idiom == "iphone")
        }
        guard
            let chosen = usable.first(where: { $0.scaleFactor == scale })
                ?? usable.max(by: {
                    $0.scaleFactor < $1.scaleFactor
                }), let filename = chosen.filename
        else { throw Problem(file: file, message: "the image set names no image file: nothing is drawn") }
        guard !filename.contains("/"), filename != "..", filename != "." else {
            throw Problem(file: file, message: "the image's file name '\(filename)' is not a file of the set: not read")
        }
        let path = (file as NSString).deletingLastPathComponent + "/" + filename
        if ["pdf", "svg"].contains((filename as NSString).pathExtension.lowercased()) {
            throw Problem(file: path, message: "a vector image (PDF or SVG), which this tool does not draw")
        }
        do {
            return AppIdentity.Icon(file: path, data: try store.namedData(path: path, limit: Self.imageSizeLimit))
        } catch {
            switch error {
            case .outsideRoots: throw Problem(file: path, message: "the image leads out of the folder: not read")
            case .unreadable(let failure):
                throw Problem(file: path, message: "the image cannot be read: \(failure.reason)")
            }
        }
    }
}
