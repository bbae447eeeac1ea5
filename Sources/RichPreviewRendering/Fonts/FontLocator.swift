import Foundation

/// Finds font files in fonts folders: the chain's files at their Debian paths (or by file name
/// directly in a folder), and every other font file for the last resort.
enum FontLocator {
    /// Folders searched when none are given and `RICHPREVIEW_FONTS` is unset or after its folders.
    static let defaultFolders = ["/usr/share/fonts", "/usr/local/share/fonts"]
    /// Icon fonts, which map letters to blank ligature parts and private-use code points to icons:
    /// never a last resort for text.
    static let iconFontNames: Set<String> = [
        (SymbolFont.relativePath as NSString).lastPathComponent, "materialdesignicons-webfont.ttf",
        "fontawesome-webfont.ttf", "forkawesome-webfont.ttf",
    ]
    /// Most files the last-resort scan lists, and how deep it goes into subfolders.
    static let scanFileLimit = 512
    static let scanDepthLimit = 6

    /// The folders to search: `explicit` as given; else the colon-separated folders of
    /// `RICHPREVIEW_FONTS` in `environment`, then the defaults.
    static func searchFolders(explicit: [String]?, environment: [String: String]) -> [String] {
        let folders =
            explicit
            ?? (environment[FontSet.environmentVariable] ?? "").split(separator: ":").map(String.init)
            + defaultFolders
        var seen = Set<String>()
        return folders.map { NSString(string: $0).expandingTildeInPath }.filter {
            !$0.isEmpty && seen.insert($0).inserted
        }
    }

    /// The first readable file at `folder/relativePath` or `folder/<its file name>`, folder by folder.
    static func find(_ relativePath: String, in folders: [String]) -> String? {
        let name = (relativePath as NSString).lastPathComponent
        for folder in folders {
            for candidate in [relativePath, name] {
                let path = (folder as NSString).appendingPathComponent(candidate)
                if isReadableFile(path) { return path }
            }
        }
        return nil
    }

    /// Every `.ttf`, `.otf` and `.ttc` file under `folders` not in `excluded`, at most
    /// `scanFileLimit`: upright regular styles first, then other weights, then italic and oblique
    /// ones, so that a family's regular face is the one that covers a character first.
    static func otherFontFiles(in folders: [String], excluding excluded: Set<String>) -> [String] {
        var found: [String] = []
        var visited = Set<String>()
        func scan(_ folder: String, depth: Int) {
            guard depth <= scanDepthLimit, found.count < scanFileLimit,
                visited.insert((folder as NSString).resolvingSymlinksInPath).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            for name in names.sorted() where found.count < scanFileLimit {
                let path = (folder as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    scan(path, depth: depth + 1)
                } else if ["ttf", "otf", "ttc"].contains((name as NSString).pathExtension.lowercased()),
                    !excluded.contains(path), !iconFontNames.contains(name), isReadableFile(path)
                {
                    found.append(path)
                }
            }
        }
        for folder in folders { scan(folder, depth: 0) }
        let slanted = found.filter(isSlanted)
        let upright = found.filter { !isSlanted($0) }
        return upright.filter { !isWeighted($0) } + upright.filter(isWeighted) + slanted
    }

    private static func isSlanted(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return name.contains("italic") || name.contains("oblique")
    }

    private static func isWeighted(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return ["thin", "light", "medium", "semibold", "bold", "black", "heavy", "condensed"].contains {
            name.contains($0)
        }
    }

    private static func isReadableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}
