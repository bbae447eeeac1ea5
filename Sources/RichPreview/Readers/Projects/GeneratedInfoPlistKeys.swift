/// The Info.plist keys Xcode's Info.plist generator writes from `INFOPLIST_KEY_NAME` build settings
/// when a target has `GENERATE_INFOPLIST_FILE = YES`: a fixed list, not every key. A setting for any
/// other key (`INFOPLIST_KEY_UIBackgroundModes`, `INFOPLIST_KEY_NSUserActivityTypes`) is read by
/// nothing, and the key never reaches the built Info.plist: it must be written in an Info.plist
/// file.
///
/// Source: the generator's list in Swift Build, the open-source build engine Xcode uses
/// (`Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift`, its
/// `generatedInfoPlistKeys` and usage-description keys, read on 2026-12-06), beside the two
/// `…_Generation` switches it reads to build `UILaunchScreen` and `UIApplicationSceneManifest`.
enum GeneratedInfoPlistKeys {
    /// The keys written from `INFOPLIST_KEY_` settings, but for the usage descriptions.
    static let written: Set<String> = [
        "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright", "NSPrincipalClass",
        "ITSAppUsesNonExemptEncryption", "ITSEncryptionExportComplianceCode",
        "NSLocationTemporaryUsageDescriptionDictionary", "LSBackgroundOnly", "LSUIElement", "NSMainNibFile",
        "NSMainStoryboardFile", "NSViewGestureRecognizerIsExclusive", "UILaunchStoryboardName", "UIMainStoryboardFile",
        "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UIUserInterfaceStyle",
        "LSSupportsOpeningDocumentsInPlace", "NSSensorKitPrivacyPolicyURL", "NSSupportsLiveActivities",
        "NSSupportsLiveActivitiesFrequentUpdates", "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen",
        "UIStatusBarHidden", "UIStatusBarStyle", "UISupportedInterfaceOrientations_iPad",
        "UISupportedInterfaceOrientations_iPhone", "UISupportsDocumentBrowser", "CLKComplicationPrincipalClass",
        "WKApplication", "WKCompanionAppBundleIdentifier", "WKExtensionDelegateClassName",
        "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly", "WKSupportsLiveActivityLaunchAttributeTypes",
        "MetalCaptureEnabled", "GCSupportsControllerUserInteraction", "GCSupportsGameMode", "NSStickerSharingLevel",
        "UILaunchScreen_Generation", "UIApplicationSceneManifest_Generation",
    ]

    /// Whether the generator writes `key` from its `INFOPLIST_KEY_` setting: a key of the list,
    /// or a privacy usage description (`NSCameraUsageDescription`, `NFCReaderUsageDescription`).
    static func isWritten(_ key: String) -> Bool {
        written.contains(key) || key.hasSuffix("UsageDescription")
    }
}
