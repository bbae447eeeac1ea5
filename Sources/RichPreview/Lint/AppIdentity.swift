import Foundation

/// What a project says about the app its notifications come from: the name iOS shows, the icon
/// (from the app's asset catalog), and the files of its `Localizable` table. Read from a lint of
/// the project (`read(project:)`), as `review` reads the name, so every path stays inside the
/// folder and no link out of it is followed.
public struct AppIdentity: Sendable, Equatable {
    /// An image as the project holds it: the app's icon (one PNG of its icon set), or an image
    /// set's file.
    public struct Icon: Sendable, Equatable {
        /// The file, as the walk named it.
        public var file: String
        /// Its bytes, not yet decoded (an app icon's PNG signature checked).
        public var data: Data
    }

    /// Why something was not taken from the project, for a note: the file concerned, when one is.
    public struct Note: Sendable, Equatable {
        /// The file the note is about; nil for the project as a whole.
        public var file: String?
        /// What was not found or not used, and why.
        public var message: String
    }

    /// `CFBundleDisplayName`, else `CFBundleName`, of the app's Info.plist (or the keys Xcode
    /// generates from build settings), build variables expanded; nil when neither is given, a
    /// variable is left unexpanded, or the project's apps give different names.
    public var name: String?
    /// The largest iPhone icon of the app's icon set (the single 1024 × 1024 `universal` icon of
    /// Xcode 14 and later when it has no iPhone sizes); nil when none is found or readable.
    public var icon: Icon?
    /// The `Localizable` table files of the project (`LocalizedStringsReader.isTableFile`).
    public var stringsFiles: [String] = []
    /// What could not be used, and why (an icon set that is not JSON, an icon that is not a PNG
    /// or leads out of the folder), and which of several apps' icons was taken.
    public var notes: [Note] = []
    /// Whether the app's notification service extension downloads the images its pushes name by
    /// URL (`unknown` when the folder holds no app).
    public var remoteImages = RemoteImageDelivery.unknown
    /// The image sets of the project's asset catalogs, where actions' template icons are found.
    public var imageSets = ProjectImageSets()

    /// The most bytes of an icon set's `Contents.json` read.
    public static let iconSetSizeLimit = 1 << 20
    /// The most bytes of an icon file read.
    public static let iconSizeLimit = 16 << 20

    /// Lints the folder `project` (by `linter`, by default one that identifies images by their
    /// signature only and reads the folder's `.richpreview.json`) and reads the app's identity
    /// from what it found.
    public static func read(project: String, linter: Linter = Linter()) -> AppIdentity {
        let (result, model) = linter.lintKeepingModel([project])
        if let error = result.configurationError {
            return AppIdentity(notes: [Note(file: project, message: "the app's name and icon are not read: \(error)")])
        }
        return model.appIdentity(confinedTo: [project])
    }
}

extension LintModel {
    /// The app's identity from the lint of `paths` (the folders the icon file must stay in):
    /// its name as `reviewInputs` gives it, its icon from the asset catalog, its strings files.
    package func appIdentity(confinedTo paths: [String]) -> AppIdentity {
        guard let project else { return AppIdentity() }
        var identity = AppIdentity(name: project.appName, stringsFiles: project.localizationTables)
        identity.remoteImages = project.remoteImageDelivery
        identity.imageSets = ProjectImageSets(files: walked.map(\.path), roots: paths)
        let store = LintFileStore.disk(confinedTo: LintRoots(paths: paths))
        let sets = walked.map(\.path).filter { $0.hasSuffix("/Contents.json") }
        let apps = Self.iPhoneApps(project.targets.apps.map(\.app))
        var chosen: [String] = []
        if apps.isEmpty {
            chosen = Array(AppIconSet.candidates(named: AppIconSet.defaultName, among: sets).prefix(1))
        } else {
            for app in apps {
                let name = app.target.setting("ASSETCATALOG_COMPILER_APPICON_NAME") ?? AppIconSet.defaultName
                let candidates = AppIconSet.candidates(named: name, among: sets)
                let owned = candidates.first { AppIconSet.belongs($0, to: app.target) } ?? candidates.first
                if let owned, !chosen.contains(owned) { chosen.append(owned) }
            }
        }
        if chosen.count > 1 {
            identity.notes.append(
                AppIdentity.Note(
                    file: nil,
                    message:
                        "the project's apps have different icon sets (\(chosen.joined(separator: ", "))): the first app's is drawn; --app-icon chooses another"
                ))
        }
        if let set = chosen.first {
            do throws(AppIconSet.Problem) {
                identity.icon = try AppIconSet.icon(of: set, store: store)
            } catch {
                identity.notes.append(AppIdentity.Note(file: error.file, message: error.message))
            }
        }
        return identity
    }
}

extension LintModel {
    /// The apps whose icon a notification on an iPhone shows: the iOS apps (not their App Clips,
    /// nor a watch app beside them), else every app of a platform with notifications.
    static func iPhoneApps(_ apps: [ProjectTargets.Built]) -> [ProjectTargets.Built] {
        let shown = apps.filter { $0.target.platform.hasNotifications }
        let phone = shown.filter {
            $0.target.platform == .iOS && $0.target.productType == "com.apple.product-type.application"
        }
        return phone.isEmpty ? shown : phone
    }
}

extension LintProject {
    /// The name the project's app shows in its notifications, when its Info.plists give one name
    /// (several apps with different names give none).
    var appName: String? {
        let names = Set(appPlists.compactMap(\.displayName))
        return names.count == 1 ? names.first : nil
    }
}

/// An asset catalog's app icon set (`NAME.appiconset/Contents.json`): which of its images iOS
/// would scale for a notification.
enum AppIconSet {
    /// The icon set Xcode's templates name, which `ASSETCATALOG_COMPILER_APPICON_NAME` names when
    /// the project does not say otherwise.
    static let defaultName = "AppIcon"

    /// Why an icon set gave no icon.
    struct Problem: Error {
        var file: String
        var message: String
    }

    /// The `Contents.json` files of the icon sets named `name` inside an asset catalog, in path order.
    static func candidates(named name: String, among files: [String]) -> [String] {
        files.filter { file in
            let set = (file as NSString).deletingLastPathComponent
            let catalog = (set as NSString).deletingLastPathComponent
            return (set as NSString).lastPathComponent == "\(name).appiconset" && catalog.hasSuffix(".xcassets")
        }.sorted()
    }

    /// Whether the icon set's file `contents` is among what `target` builds: under one of its
    /// synchronized folders, or beside its Info.plist.
    static func belongs(_ contents: String, to target: XcodeProject.Target) -> Bool {
        let path = XcodeProject.absolute(contents)
        if target.synchronizedFolders.contains(where: { path.hasPrefix($0 + "/") }) { return true }
        guard let plist = target.infoPlist else { return false }
        return path.hasPrefix((plist as NSString).deletingLastPathComponent + "/")
    }

    /// One image of an icon set, as `Contents.json` lists it.
    struct Image: Decodable {
        var filename: String?
        var idiom: String?
        var platform: String?
        var size: String?
        var scale: String?
        var appearances: [[String: String]]?

        /// Its side in pixels as declared (points times scale), within 0…100,000; nil when
        /// unreadable.
        var declaredPixels: Double? {
            guard let size, let points = Double(size.split(separator: "x").first ?? "") else { return nil }
            let factor = scale.flatMap { Double($0.dropLast($0.hasSuffix("x") ? 1 : 0)) } ?? 1
            let pixels = points * factor
            return pixels.isFinite && pixels > 0 ? min(pixels, 100_000) : nil
        }
    }

    private struct Contents: Decodable {
        var images: [Image]?
    }

    /// The image of the set iOS scales for notifications: the largest iPhone icon, else the
    /// single-size `universal` iOS icon; variants for other appearances (dark, tinted) left out.
    static func chosen(from images: [Image]) -> Image? {
        let plain = images.filter { $0.filename?.isEmpty == false && ($0.appearances ?? []).isEmpty }
        if let largest = plain.filter({ $0.idiom == "iphone" }).max(by: {
            ($0.declaredPixels ?? 0) < ($1.declaredPixels ?? 0)
        }) {
            return largest
        }
        return plain.first { $0.idiom == "universal" && ($0.platform == nil || $0.platform == "ios") }
    }

    /// The icon of the set whose `Contents.json` is `contents`, read from `store`.
    /// - Throws: `Problem` naming the file that is not JSON, not a PNG, or outside the folder.
    static func icon(of contents: String, store: LintFileStore) throws(Problem) -> AppIdentity.Icon {
        let data: Data
        do {
            data = try store.data(path: contents, limit: AppIdentity.iconSetSizeLimit, listed: true)
        } catch {
            throw Problem(file: contents, message: "the app icon set cannot be read: \(error.reason)")
        }
        let images: [Image]
        do {
            images = try JSONDecoder().decode(Contents.self, from: data).images ?? []
        } catch {
            throw Problem(file: contents, message: "the app icon set is not an asset catalog's JSON: no icon is drawn")
        }
        guard let image = chosen(from: images), let name = image.filename else {
            throw Problem(
                file: contents,
                message: "the app icon set names no iPhone or single-size iOS icon file: no icon is drawn")
        }
        guard !name.contains("/"), name != "..", name != "." else {
            throw Problem(file: contents, message: "the icon's file name '\(name)' is not a file of the set: not read")
        }
        let file = (contents as NSString).deletingLastPathComponent + "/" + name
        let bytes: Data
        do {
            bytes = try store.namedData(path: file, limit: AppIdentity.iconSizeLimit)
        } catch {
            switch error {
            case .outsideRoots:
                throw Problem(file: file, message: "the app icon leads out of the folder: not read")
            case .unreadable(let failure):
                throw Problem(file: file, message: "the app icon cannot be read: \(failure.reason)")
            }
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Problem(file: file, message: "the app icon is not a PNG: no icon is drawn")
        }
        return AppIdentity.Icon(file: file, data: bytes)
    }
}
