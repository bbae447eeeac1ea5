/// A third-party push SDK an app may bring in, by the names its dependency files give it, and
/// whether it registers notification categories itself at run time (which lint cannot see).
///
/// The list (`PushSDK.known`) and its facts come from each vendor's integration guide and SDK
/// source, read in December 2026:
/// - Firebase Messaging: no `setNotificationCategories` anywhere in firebase/firebase-ios-sdk
///   (nor in FlutterFire's `firebase_messaging`); its extension helper only downloads the image.
/// - OneSignal: its service extension registers one category per push built from the push's
///   buttons (`__onesignal__dynamic__…`), merged with the app's (OneSignal-iOS-SDK,
///   `OneSignalExtension/OneSignalAttachmentHandler.m`, `OneSignalNotificationCategoryController.m`).
/// - Braze: registers `ab_cat_accept_decline`, `ab_cat_yes_no`, `ab_cat_confirm_cancel` and
///   `ab_cat_more` with push automation on, or when the app passes them on (braze-docs
///   `apple_object.md`; the action-buttons guide), and `ab_cat_push_story_v2`, the category its
///   push-stories guide has the Push Story content extension claim.
/// - Airship: sets its predefined `ua_…` categories and the app's custom ones, replacing what the
///   app set itself (urbanairship/ios-library, `DefaultAirshipPush.swift` `updateCategories()`).
/// - CleverTap, Customer.io and Batch (since 2.0): register none; the app registers its own
///   (CTNotificationContent README; customerio-ios sources; Batch-iOS-SDK 2.0 release).
/// - Iterable: its service extension registers one category per push, named by the message id,
///   from `itbl.actionButtons` (Iterable/swift-sdk, `ITBNotificationServiceExtension.swift`).
/// - MoEngage: registers `MOE_PUSH_TEMPLATE` and `MOE_DISMISS_CATEGORY` with the app's own
///   (MoEngage-iOS-SDK `ChangeLogs/MoEngageMessaging.md`, 6.01.00); its service extension hands
///   the push to `MoEngageSDKRichNotification` (formerly `MORichNotification`), in an app group
///   it is told (help.moengage.com, "How to Avoid Common Push Notification Issues … 9.x.x";
///   MoEngage's own sample apps); its Expo plugin `react-native-expo-moengage` adds the extension
///   with `apple.richPushNotificationEnabled`.
/// - Netmera: registers the dashboard's button sets, sent to devices by a silent push (Netmera
///   user guide, "Button Sets"; NetmeraCore's `setNotificationCategories:`).
///
/// What each SDK's iOS side needs for images and buttons (`richPush`) is from the guide its entry
/// names in `RichPush.documentation`, read in December 2026: every one needs a notification
/// service extension embedded in the app; the helper its extension calls (or the class it
/// subclasses), the modules it imports, and the pod or Swift package product that brings them
/// into the extension are the guide's; OneSignal (badges, confirmed deliveries), Braze (rich
/// push) and MoEngage (impressions, images) ask for an app group shared by the app and the
/// extension. Expo Notifications, Capacitor's
/// push plugin and Notifee (without `notifee_options`) have no helper: the extension downloads
/// the image and attaches it (`UNNotificationAttachment`) itself.
///
/// The content extensions (`contentExtension`) are from each guide it names: Braze's Push Stories
/// arrive in `ab_cat_push_story_v2` and are drawn by `BrazePushStory` (pod `BrazePushStory`,
/// formerly `Appboy-Push-Story`); MoEngage's push templates arrive in `MOE_PUSH_TEMPLATE` and are
/// drawn by `MoEngageRichNotification` (formerly `MORichNotification`); CleverTap's slideshows
/// by `CTNotificationViewController` (pod `CTNotificationContent`), in a category the app
/// registers and names. Airship's content extension is not in the table.
struct PushSDK: Sendable, Equatable {
    /// Whether and how the SDK registers categories.
    enum CategoryRegistration: Sendable, Equatable {
        /// It registers none: every category is the app's to register.
        case none
        /// It registers these identifiers, and (when `andOthers`) others it builds at run time
        /// (from the dashboard, or one per push).
        case registers(identifiers: Set<String>, andOthers: Bool)

        /// Whether it registers categories lint cannot see.
        var registersUnseen: Bool {
            if case .registers(_, true) = self { return true }
            return false
        }
    }

    /// The vendor's name for the SDK, for messages.
    var name: String
    /// CocoaPods pod names (the part before any `/`).
    var pods: Set<String>
    /// Swift Package Manager repositories, as `owner/name` of their GitHub URL, lowercased.
    var repositories: Set<String>
    /// npm packages (React Native and Expo plugins).
    var npmPackages: Set<String>
    /// Flutter packages.
    var pubPackages: Set<String>
    /// Whether and how it registers categories.
    var categories: CategoryRegistration
    /// What its iOS side needs for images and buttons; nil for an SDK lint has no such facts of.
    var richPush: RichPush? = nil
    /// The notification content extension its carousel or story pushes are drawn by, when it has one.
    var contentExtension: ContentExtension? = nil
    /// What its React Native or Flutter wrapper needs of the Podfile's `use_frameworks!`, by
    /// the wrapper's version.
    var podLinkage: [PodLinkage] = []

    /// The content extension an SDK's carousel or story pushes need: the extension's view
    /// controller hands the push to the SDK's, which draws it.
    struct ContentExtension: Sendable, Equatable {
        /// What the vendor calls the pushes it draws.
        var format: String
        /// The vendor's guide.
        var documentation: String
        /// The category those pushes carry, which the extension's `UNNotificationExtensionCategory`
        /// must list; nil when the app chooses it (and registers it).
        var category: String?
        /// The modules the extension's code imports.
        var modules: [String]
        /// The pods that bring them into the extension's Podfile target, the first as a message
        /// names it.
        var pods: [String]
        /// The Swift package products that bring them in.
        var products: [String]
    }

    /// What a wrapper's versions need of `use_frameworks!`; each rule applies to the versions
    /// `majors` when its `flag` is set or not as it says (or always, without a flag).
    struct PodLinkage: Sendable, Equatable {
        /// A Podfile global that switches a wrapper's way of installing (`$RNFirebaseDisableSPM`),
        /// with the Expo config plugin option that writes it.
        struct Flag: Sendable {
            var name: String
            var expoPlugin: String
            var expoOption: String
            /// The React Native older than which the flag counts as set: there is nothing for it
            /// to turn off there (`0.75`, before Swift packages).
            var impliedBelow: (major: Int, minor: Int)?
        }

        /// What a Podfile asks for, as a rule reads it.
        enum Requirement: Sendable, Equatable {
            /// Frameworks (static, as the guide writes it) or module maps for every pod:
            /// without them `pod install` stops on the SDK's Swift pods.
            case frameworksOrModules
            /// Anything but static frameworks.
            case notStaticFrameworks
        }

        /// The npm (or pub) package whose version decides, and the pod it installs as (whose
        /// `Podfile.lock` entry gives the exact version).
        var package: String
        var pod: String
        /// The major versions the rule applies to.
        var majors: ClosedRange<Int>
        /// The flag, and whether the rule applies when it is set; nil when it applies either way.
        var flag: (flag: Flag, appliesWhenSet: Bool)?
        var requirement: Requirement
        /// What goes wrong, for a message.
        var consequence: String
        /// The one step that fixes it, for a message: in a Podfile, and in an Expo config.
        var step: String
        var expoStep: String
        /// The guide that says so.
        var documentation: String

        static func == (a: PodLinkage, b: PodLinkage) -> Bool {
            a.package == b.package && a.majors == b.majors && a.requirement == b.requirement
                && a.flag?.appliesWhenSet == b.flag?.appliesWhenSet
        }
    }

    /// What an SDK's pushes need on iOS to show their images and buttons.
    struct RichPush: Sendable, Equatable {
        /// The vendor's guide to rich pushes on iOS, cited in findings.
        var documentation: String
        /// What the extension's code calls or subclasses to attach the SDK's image (any one);
        /// empty when the extension attaches it itself (`UNNotificationAttachment`).
        var helpers: [String]
        /// The helper as a message names it.
        var helperDescription: String
        /// The modules the SDK's extension code imports, as `import` (or `#import <M/…>`) names them.
        var extensionModules: [String]
        /// The pods that bring those modules into the extension's own Podfile target (the part
        /// before any `/`), the first as a message names it.
        var extensionPods: [String]
        /// The Swift package products that bring them in.
        var extensionProducts: [String]
        /// The app group the app and the extension must share: nil when none is required,
        /// otherwise the suffix of its documented default name after the app's bundle id
        /// (`.onesignal`), empty for a group of any name.
        var appGroupSuffix: String?
        /// The Info.plist key that names another group than the default, when the SDK has one.
        var appGroupKey: String?
        /// The Expo config plugins that add a service extension for it, each with the option
        /// (a key path) that must be set for it to, or nil when it always does.
        var expoPlugins: [(name: String, option: String?)]
        /// Whether the provider's own console or API sends images (`fcm_options.image`, a
        /// dashboard's media field); false for a transport that carries whatever the app's server
        /// puts in the payload (Expo Notifications, Capacitor's plugin, Notifee), whose images
        /// are known only from the payloads.
        var sendsImages = true

        static func == (a: RichPush, b: RichPush) -> Bool {
            a.documentation == b.documentation && a.helpers == b.helpers
        }
    }

    /// The SDKs lint knows.
    static let known: [PushSDK] = [
        PushSDK(
            name: "Firebase Messaging", pods: ["Firebase", "FirebaseMessaging"],
            repositories: ["firebase/firebase-ios-sdk"],
            npmPackages: [
                "@react-native-firebase/messaging", "@capacitor-firebase/messaging", "@capacitor-community/fcm",
            ],
            pubPackages: ["firebase_messaging"], categories: .none,
            richPush: RichPush(
                documentation: "https://firebase.google.com/docs/cloud-messaging/ios/send-image",
                helpers: ["populateNotificationContent"],
                helperDescription:
                    "Messaging.serviceExtension().populateNotificationContent(_:withContentHandler:) ([[FIRMessaging extensionHelper] populateNotificationContent:withContentHandler:] in Objective-C)",
                extensionModules: ["FirebaseMessaging", "Firebase"], extensionPods: ["Firebase", "FirebaseMessaging"],
                extensionProducts: ["FirebaseMessaging"], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: []),
            podLinkage: reactNativeFirebaseLinkage),
        PushSDK(
            name: "OneSignal", pods: ["OneSignal", "OneSignalXCFramework", "OneSignalDynamic"],
            repositories: ["onesignal/onesignal-xcframework", "onesignal/onesignal-ios-sdk"],
            npmPackages: ["react-native-onesignal", "onesignal-expo-plugin", "onesignal-cordova-plugin"],
            pubPackages: ["onesignal_flutter"],
            categories: .registers(identifiers: [], andOthers: true),
            richPush: RichPush(
                documentation: "https://documentation.onesignal.com/docs/ios-sdk-setup",
                helpers: ["didReceiveNotificationExtensionRequest"],
                helperDescription:
                    "OneSignalExtension.didReceiveNotificationExtensionRequest(_:with:withContentHandler:)",
                extensionModules: ["OneSignalExtension", "OneSignal", "OneSignalFramework"],
                extensionPods: ["OneSignalXCFramework", "OneSignal", "OneSignalDynamic"],
                extensionProducts: ["OneSignalExtension"], appGroupSuffix: ".onesignal",
                appGroupKey: "OneSignal_app_groups_key", expoPlugins: [("onesignal-expo-plugin", nil)])),
        PushSDK(
            name: "Braze",
            pods: [
                "BrazeKit", "BrazeUI", "BrazeNotificationService", "BrazePushStory", "Appboy-iOS-SDK",
                "Appboy-Push-Story",
            ],
            repositories: ["braze-inc/braze-swift-sdk", "appboy/appboy-ios-sdk"],
            npmPackages: ["@braze/react-native-sdk", "@braze/expo-plugin", "react-native-appboy-sdk"],
            pubPackages: ["braze_plugin"],
            categories: .registers(
                identifiers: [
                    "ab_cat_accept_decline", "ab_cat_yes_no", "ab_cat_confirm_cancel", "ab_cat_more",
                    "ab_cat_push_story_v2",
                ],
                andOthers: false),
            richPush: RichPush(
                documentation: "https://www.braze.com/docs/developer_guide/push_notifications/rich",
                helpers: ["BrazeNotificationService.NotificationService", "brazeHandle"],
                helperDescription:
                    "a subclass of BrazeNotificationService.NotificationService (or brazeHandle(request:contentHandler:))",
                extensionModules: ["BrazeNotificationService"], extensionPods: ["BrazeNotificationService"],
                extensionProducts: ["BrazeNotificationService"], appGroupSuffix: "", appGroupKey: nil,
                expoPlugins: [("@braze/expo-plugin", "enableBrazeIosRichPush")]),
            contentExtension: ContentExtension(
                format: "Push Stories",
                documentation: "https://www.braze.com/docs/developer_guide/push_notifications/push_stories",
                category: "ab_cat_push_story_v2", modules: ["BrazePushStory", "AppboyPushStory"],
                pods: ["BrazePushStory", "Appboy-Push-Story"], products: ["BrazePushStory"])),
        PushSDK(
            name: "Airship",
            pods: ["Airship", "AirshipServiceExtension", "AirshipContentExtension", "UrbanAirship-iOS-SDK"],
            repositories: ["urbanairship/ios-library"],
            npmPackages: ["@ua/react-native-airship", "airship-expo-plugin", "urbanairship-react-native"],
            pubPackages: ["airship_flutter"], categories: .registers(identifiers: [], andOthers: true),
            richPush: RichPush(
                documentation:
                    "https://www.airship.com/docs/developer/sdk-integration/apple/installation/getting-started/",
                helpers: ["UANotificationServiceExtension"],
                helperDescription: "a subclass of UANotificationServiceExtension",
                extensionModules: ["AirshipServiceExtension", "AirshipNotificationServiceExtension"],
                extensionPods: ["AirshipServiceExtension", "AirshipExtensions"],
                extensionProducts: ["AirshipNotificationServiceExtension"], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: [("airship-expo-plugin", "ios.notificationService")])),
        PushSDK(
            name: "CleverTap", pods: ["CleverTap-iOS-SDK", "CTNotificationService", "CTNotificationContent"],
            repositories: [
                "clevertap/clevertap-ios-sdk", "clevertap/ctnotificationservice", "clevertap/ctnotificationcontent",
            ], npmPackages: ["clevertap-react-native", "@clevertap/clevertap-expo-plugin"],
            pubPackages: ["clevertap_plugin"], categories: .none,
            richPush: RichPush(
                documentation: "https://developer.clevertap.com/docs/rich-push-notifications",
                helpers: ["CTNotificationServiceExtension"],
                helperDescription: "a subclass of CTNotificationServiceExtension",
                extensionModules: ["CTNotificationService"], extensionPods: ["CTNotificationService"],
                extensionProducts: ["CTNotificationService"], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: [("@clevertap/clevertap-expo-plugin", nil)]),
            contentExtension: ContentExtension(
                format: "image slideshows (ct_ContentSlider)",
                documentation: "https://github.com/CleverTap/CTNotificationContent", category: nil,
                modules: ["CTNotificationContent"], pods: ["CTNotificationContent"], products: ["CTNotificationContent"]
            )),
        PushSDK(
            name: "Iterable", pods: ["Iterable-iOS-SDK", "Iterable-iOS-AppExtensions"],
            repositories: ["iterable/swift-sdk"], npmPackages: ["@iterable/react-native-sdk", "@iterable/expo-plugin"],
            pubPackages: [], categories: .registers(identifiers: [], andOthers: true),
            richPush: RichPush(
                documentation: "https://support.iterable.com/hc/en-us/articles/360035451931",
                helpers: ["ITBNotificationServiceExtension"],
                helperDescription: "a subclass of ITBNotificationServiceExtension",
                extensionModules: ["IterableAppExtensions"], extensionPods: ["Iterable-iOS-AppExtensions"],
                extensionProducts: ["IterableAppExtensions"], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: [("@iterable/expo-plugin", nil)])),
        PushSDK(
            name: "Customer.io",
            pods: [
                "CustomerIO", "CustomerIOMessagingPushAPN", "CustomerIOMessagingPushFCM", "CustomerIOMessagingPush",
            ], repositories: ["customerio/customerio-ios"],
            npmPackages: ["customerio-reactnative", "customerio-expo-plugin"], pubPackages: ["customer_io"],
            categories: .none,
            richPush: RichPush(
                documentation: "https://docs.customer.io/integrations/sdk/ios/push/rich-push/",
                helpers: ["MessagingPush"],
                helperDescription: "MessagingPush.shared.didReceive(_:withContentHandler:)",
                extensionModules: ["CioMessagingPushAPN", "CioMessagingPushFCM", "CioMessagingPush"],
                extensionPods: [
                    "CustomerIOMessagingPushAPN", "CustomerIOMessagingPushFCM", "customerio-reactnative-richpush",
                ],
                extensionProducts: ["MessagingPushAPN", "MessagingPushFCM"], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: [("customerio-expo-plugin", "ios.pushNotification.useRichPush")])),
        PushSDK(
            name: "MoEngage", pods: ["MoEngage-iOS-SDK", "MoEngageRichNotification", "MORichNotification"],
            repositories: ["moengage/moengage-ios-sdk"],
            npmPackages: ["react-native-moengage", "react-native-expo-moengage"],
            pubPackages: ["moengage_flutter"],
            categories: .registers(identifiers: ["MOE_PUSH_TEMPLATE", "MOE_DISMISS_CATEGORY"], andOthers: false),
            richPush: RichPush(
                documentation: "https://help.moengage.com/hc/en-us/articles/29834347748116",
                helpers: ["MoEngageSDKRichNotification", "MORichNotification"],
                helperDescription: "MoEngageSDKRichNotification.handle(richNotificationRequest:withContentHandler:)",
                extensionModules: ["MoEngageRichNotification", "MORichNotification"],
                extensionPods: ["MoEngageRichNotification", "MORichNotification"],
                extensionProducts: ["MoEngageRichNotification"], appGroupSuffix: "", appGroupKey: nil,
                expoPlugins: [("react-native-expo-moengage", "apple.richPushNotificationEnabled")]),
            contentExtension: ContentExtension(
                format: "push templates (carousels, styled text)",
                documentation: "https://help.moengage.com/hc/en-us/articles/31631630353812",
                category: "MOE_PUSH_TEMPLATE", modules: ["MoEngageRichNotification", "MORichNotification"],
                pods: ["MoEngageRichNotification", "MORichNotification"], products: ["MoEngageRichNotification"])),
        PushSDK(
            name: "Netmera", pods: ["Netmera", "NetmeraCore", "NetmeraNotification"],
            repositories: ["netmera/netmera-ios", "netmera/swift-sdk"], npmPackages: ["react-native-netmera"],
            pubPackages: ["netmera_flutter_sdk"], categories: .registers(identifiers: [], andOthers: true)),
        PushSDK(
            name: "Batch", pods: ["Batch", "BatchExtension"],
            repositories: ["batchlabs/batch-ios-sdk", "batchlabs/batch-ios-sdk-extension"],
            npmPackages: ["@batch.com/react-native-plugin", "@bam.tech/react-native-batch"],
            pubPackages: ["batch_flutter"], categories: .none),
        PushSDK(
            name: "Expo Notifications", pods: ["EXNotifications"], repositories: [],
            npmPackages: ["expo-notifications"],
            pubPackages: [], categories: .none,
            richPush: RichPush(
                documentation: "https://docs.expo.dev/versions/latest/sdk/notifications/",
                helpers: [], helperDescription: "its own download of the image into a UNNotificationAttachment",
                extensionModules: [], extensionPods: [], extensionProducts: [], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: [], sendsImages: false)),
        PushSDK(
            name: "Notifee", pods: ["RNNotifee", "RNNotifeeCore"], repositories: [],
            npmPackages: ["@notifee/react-native"],
            pubPackages: [], categories: .none,
            richPush: RichPush(
                documentation: "https://notifee.app/react-native/docs/ios/remote-notification-support",
                helpers: ["NotifeeExtensionHelper"],
                helperDescription: "NotifeeExtensionHelper.populateNotificationContent(_:with:withContentHandler:)",
                extensionModules: ["NotifeeExtensionHelper", "RNNotifeeCore"], extensionPods: ["RNNotifeeCore"],
                extensionProducts: [], appGroupSuffix: nil, appGroupKey: nil, expoPlugins: [], sendsImages: false)),
        PushSDK(
            name: "Capacitor Push Notifications", pods: ["CapacitorPushNotifications"], repositories: [],
            npmPackages: ["@capacitor/push-notifications"], pubPackages: [], categories: .none,
            richPush: RichPush(
                documentation: "https://capacitorjs.com/docs/apis/push-notifications",
                helpers: [], helperDescription: "its own download of the image into a UNNotificationAttachment",
                extensionModules: [], extensionPods: [], extensionProducts: [], appGroupSuffix: nil, appGroupKey: nil,
                expoPlugins: [], sendsImages: false)),
    ]

    /// The modules an extension of the SDK imports, and what links them into its target.
    struct ExtensionModules {
        var modules: [String]
        var pods: [String]
        var products: [String]
        /// The guide that says so.
        var documentation: String
    }

    /// What a notification service extension (its image helper) or content extension (its
    /// carousel or story view controller) of the SDK imports; nil when it has none of that kind.
    func extensionModules(for point: ExtensionPoint) -> ExtensionModules? {
        switch point {
        case .serviceExtension:
            richPush.map {
                ExtensionModules(
                    modules: $0.extensionModules, pods: $0.extensionPods, products: $0.extensionProducts,
                    documentation: $0.documentation)
            }
        case .contentExtension:
            contentExtension.map {
                ExtensionModules(
                    modules: $0.modules, pods: $0.pods, products: $0.products, documentation: $0.documentation)
            }
        }
    }

    /// What React Native Firebase needs of `use_frameworks!`: from 15 (firebase-ios-sdk 9) its
    /// pods must be built as static frameworks; from 26 it resolves Firebase through Swift Package
    /// Manager on React Native 0.75 and later unless `$RNFirebaseDisableSPM` is set, and SPM's
    /// Firebase products cannot be linked into static frameworks (rnfirebase.io, "Altering
    /// CocoaPods to use frameworks" and "iOS SPM"; react-native-firebase 26's `firebase_spm.rb`
    /// error, issue #9161 and pull request #9147).
    static let reactNativeFirebaseLinkage: [PodLinkage] = {
        let frameworks = (
            consequence: "Firebase's Swift pods need frameworks or module maps, so pod install stops",
            step:
                "add `use_frameworks! :linkage => :static` and `$RNFirebaseAsStaticFramework = true` to the Podfile, before `use_react_native!`",
            expoStep: #"add expo-build-properties to the plugins with { "ios": { "useFrameworks": "static" } }"#
        )
        let disableSPM = PodLinkage.Flag(
            name: "$RNFirebaseDisableSPM", expoPlugin: "@react-native-firebase/app", expoOption: "ios.disableSPM",
            impliedBelow: (0, 75))
        return [
            PodLinkage(
                package: "@react-native-firebase/app", pod: "RNFBApp", majors: 15...25, flag: nil,
                requirement: .frameworksOrModules, consequence: frameworks.consequence, step: frameworks.step,
                expoStep: frameworks.expoStep,
                documentation: "https://rnfirebase.io/#altering-cocoapods-to-use-frameworks"),
            PodLinkage(
                package: "@react-native-firebase/app", pod: "RNFBApp", majors: 26...999,
                flag: (disableSPM, true),
                requirement: .frameworksOrModules, consequence: frameworks.consequence, step: frameworks.step,
                expoStep: frameworks.expoStep, documentation: "https://rnfirebase.io/ios-spm"),
            PodLinkage(
                package: "@react-native-firebase/app", pod: "RNFBApp", majors: 26...999,
                flag: (disableSPM, false),
                requirement: .notStaticFrameworks,
                consequence:
                    #"it resolves Firebase through Swift Package Manager, whose Firebase products cannot be linked into static frameworks, so pod install stops ("SPM + static linkage is not supported")"#,
                step:
                    "use `use_frameworks! :linkage => :dynamic`, or set `$RNFirebaseDisableSPM = true` before the first target block to keep static frameworks",
                expoStep:
                    #"set expo-build-properties' ios.useFrameworks to "dynamic", or the @react-native-firebase/app plugin's ios.disableSPM to true"#,
                documentation: "https://rnfirebase.io/ios-spm"),
        ]
    }()

    /// The SDK a dependency is, if lint knows it.
    static func identify(_ dependency: Dependency) -> PushSDK? {
        known.first { sdk in
            switch dependency.kind {
            case .cocoaPod:
                sdk.pods.contains(String(dependency.name.prefix { $0 != "/" }))
            case .repository:
                sdk.repositories.contains(repositoryPath(dependency.name))
            case .npmPackage:
                sdk.npmPackages.contains(dependency.name)
            case .pubPackage:
                sdk.pubPackages.contains(dependency.name)
            }
        }
    }

    /// `owner/name` of a repository URL or Carthage line (`https://github.com/Owner/Name.git`,
    /// `git@github.com:Owner/Name`, `Owner/Name`), lowercased.
    static func repositoryPath(_ location: String) -> String {
        var text = Substring(location.lowercased())
        while text.hasSuffix("/") { text = text.dropLast() }
        if text.hasSuffix(".git") { text = text.dropLast(4) }
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == ":" })
        return parts.suffix(2).joined(separator: "/")
    }
}

/// A dependency an app's project files declare, by the kind of name it has.
struct Dependency: Sendable, Hashable {
    /// Which namespace the name is in.
    enum Kind: Sendable, Hashable {
        /// A CocoaPods pod (`Firebase/Messaging`).
        case cocoaPod
        /// A repository, by URL (a Swift package, a Carthage entry).
        case repository
        /// An npm package.
        case npmPackage
        /// A Flutter (pub) package.
        case pubPackage
    }

    /// The namespace.
    var kind: Kind
    /// The name as written.
    var name: String
    /// The file that declares it, as the walk named it.
    var file: String
    /// The version or range as written (`^21.6.1` in a `package.json`, `21.6.1` in a
    /// `Podfile.lock`), when the file gives one.
    var version: String? = nil

    /// The major version the written version or range starts from (`21` of `^21.6.1`, `~> 21.0`
    /// or `>=21 <23`); nil for a tag, a path or a URL.
    var majorVersion: Int? {
        guard var text = version?.trimmingCharacters(in: .whitespaces)[...] else { return nil }
        text = text.drop { "^~>=v ".contains($0) }
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count < 6,
            text.dropFirst(digits.count).first.map({ $0 == "." || $0 == " " }) ?? true
        else { return nil }
        return Int(digits)
    }
}
