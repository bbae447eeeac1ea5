import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// `AppIdentity.read(project:)`: the app's name as review finds it, its icon from the icon set
/// its target names, its strings files; a second app's icon set, a link out or a file that is not
/// a PNG gives no icon and a note.
struct AppIdentityTests {
    static func png(side: Int) throws -> Data {
        let pixels = [UInt8](repeating: 128, count: side * side * 4)
        return try ImageEncoder.encode(RGBAImage(size: PixelSize(width: side, height: side), pixels: pixels)).data
    }

    static func iconSet(_ file: String) -> String {
        #"{"images": [{"filename": "\#(file)", "idiom": "iphone", "scale": "3x", "size": "60x60"}]}"#
    }

    /// An Xcode project whose app target generates its Info.plist (`INFOPLIST_KEY_…`) and names
    /// its icon set `Brand`, beside an `AppIcon` set it does not use.
    static func xcodeProject() throws -> URL {
        let app = ProjectFileText.Target(
            "Shop",
            settings: [
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_CFBundleDisplayName": "$(TARGET_NAME) Deals",
                "ASSETCATALOG_COMPILER_APPICON_NAME": "Brand", "SDKROOT": "iphoneos",
            ], compiledFolders: ["Shop"])
        let folder = try TestPaths.temporaryFolder(holding: [
            "Shop.xcodeproj/project.pbxproj": ProjectFileText(targets: [app]).text,
            "Shop/Assets.xcassets/Brand.appiconset/Contents.json": iconSet("brand.png"),
            "Shop/Assets.xcassets/AppIcon.appiconset/Contents.json": iconSet("default.png"),
            "Shop/fr.lproj/Localizable.strings": #""A" = "b";"#,
        ])
        for (set, file) in [("Brand", "brand.png"), ("AppIcon", "default.png")] {
            try png(side: 12).write(
                to: folder.appendingPathComponent("Shop/Assets.xcassets/\(set).appiconset/\(file)"))
        }
        return folder
    }

    @Test func theTargetsNameIconSetAndStrings() throws {
        let folder = try Self.xcodeProject()
        let identity = AppIdentity.read(project: folder.path)
        #expect(identity.name == "Shop Deals")
        #expect(identity.icon?.file.hasSuffix("Brand.appiconset/brand.png") == true, "\(identity)")
        #expect(identity.icon?.data == (try Self.png(side: 12)))
        #expect(identity.stringsFiles.map { ($0 as NSString).lastPathComponent } == ["Localizable.strings"])
        #expect(identity.notes.isEmpty, "\(identity.notes)")
    }

    /// The identity of an Xcode project `Shop.xcodeproj` with `targets`, and an icon set (its
    /// `Contents.json` and PNG) at each of `icons`, paths of the PNGs below the project's folder.
    static func identity(targets: [ProjectFileText.Target], icons: [String]) throws -> AppIdentity {
        var files = ["Shop.xcodeproj/project.pbxproj": ProjectFileText(targets: targets).text]
        for icon in icons {
            files[(icon as NSString).deletingLastPathComponent + "/Contents.json"] = iconSet(
                (icon as NSString).lastPathComponent)
        }
        let folder = try TestPaths.temporaryFolder(holding: files)
        for icon in icons { try png(side: 4).write(to: folder.appendingPathComponent(icon)) }
        return AppIdentity.read(project: folder.path)
    }

    @Test func theIPhoneAppsIconIsTakenBesideAWatchApp() throws {
        let identity = try Self.identity(
            targets: [
                ProjectFileText.Target("ShopWatch", settings: ["SDKROOT": "watchos"], compiledFolders: ["ShopWatch"]),
                ProjectFileText.Target("Shop", settings: ["SDKROOT": "iphoneos"], compiledFolders: ["Shop"]),
            ],
            icons: [
                "Shop/Assets.xcassets/AppIcon.appiconset/phone.png",
                "ShopWatch/Assets.xcassets/AppIcon.appiconset/watch.png",
            ])
        #expect(
            identity.icon?.file.hasSuffix("Shop/Assets.xcassets/AppIcon.appiconset/phone.png") == true, "\(identity)")
        #expect(identity.notes.isEmpty, "\(identity.notes)")
    }

    @Test func ofTwoFlavoursTheFirstAppsIconIsTakenWithANote() throws {
        let dev = ["SDKROOT": "iphoneos", "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIconDev"]
        let identity = try Self.identity(
            targets: [
                ProjectFileText.Target("Shop", settings: ["SDKROOT": "iphoneos"], compiledFolders: ["Shop"]),
                ProjectFileText.Target("ShopDev", settings: dev, compiledFolders: ["Shop"]),
            ],
            icons: [
                "Shop/Assets.xcassets/AppIcon.appiconset/release.png",
                "Shop/Assets.xcassets/AppIconDev.appiconset/dev.png",
            ])
        #expect(identity.icon?.file.hasSuffix("AppIcon.appiconset/release.png") == true, "\(identity)")
        #expect(identity.notes.count == 1 && identity.notes[0].message.contains("AppIconDev.appiconset"))
    }

    @Test func withoutAProjectFileTheAppIconSetIsTaken() throws {
        let folder = try TestPaths.temporaryFolder(holding: [
            "App/Assets.xcassets/AppIcon.appiconset/Contents.json": Self.iconSet("icon.png"),
            "App/Assets.xcassets/Other.appiconset/Contents.json": Self.iconSet("other.png"),
        ])
        try Self.png(side: 4).write(
            to: folder.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset/icon.png"))
        let identity = AppIdentity.read(project: folder.path)
        #expect(identity.name == nil)
        #expect(identity.icon?.file.hasSuffix("AppIcon.appiconset/icon.png") == true, "\(identity)")
    }

    @Test func aFileNameLeavingTheSetIsNotRead() throws {
        let folder = try TestPaths.temporaryFolder(holding: [
            "App/Assets.xcassets/AppIcon.appiconset/Contents.json": Self.iconSet("../../../secret.png")
        ])
        try Self.png(side: 4).write(to: folder.appendingPathComponent("secret.png"))
        let identity = AppIdentity.read(project: folder.path)
        #expect(identity.icon == nil)
        #expect(identity.notes.map(\.message).contains { $0.contains("not a file of the set") }, "\(identity.notes)")
    }

    @Test func anIconSetWithoutAnIPhoneIconGivesANote() throws {
        let folder = try TestPaths.temporaryFolder(holding: [
            "App/Assets.xcassets/AppIcon.appiconset/Contents.json":
                #"{"images": [{"idiom": "iphone", "scale": "3x", "size": "60x60"}, {"filename": "mac.png", "idiom": "mac", "size": "512x512"}]}"#
        ])
        let identity = AppIdentity.read(project: folder.path)
        #expect(identity.icon == nil)
        #expect(identity.notes.first?.file?.hasSuffix("Contents.json") == true, "\(identity.notes)")
    }
}
