import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct NotificationResponderTests {
    static let extensionFolder = TestPaths.packageFile("Info-plist-samples")
    static let contentPlist = extensionFolder.appendingPathComponent("NotificationContent/Info.plist").relativePath

    static func seedResponder() throws -> NotificationResponder {
        NotificationResponder(
            categories: try CategoryManifest.load(contentsOf: TestPaths.packageFile("Resources/categories.json")),
            extensions: try ExtensionRegistry.load([extensionFolder]))
    }

    static func referenceResponder(extensions: ExtensionRegistry = ExtensionRegistry([])) throws
        -> NotificationResponder
    {
        NotificationResponder(
            categories: try CategoryManifest.load(contentsOf: TestPaths.fixture("manifests/reference.json")),
            extensions: extensions)
    }

    static func error(_ responder: NotificationResponder, _ category: String, _ action: String, text: String? = nil)
        -> ResponseError?
    {
        do {
            _ = try responder.respond(category: category, action: action, text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["image", "audio", "movie"])
    func seedConfirmForwardsAndCancelDismisses(kind: String) throws {
        let responder = try Self.seedResponder()
        let confirm = try responder.respond(category: "\(kind)_category", action: "\(kind)confirmaction")
        #expect(
            confirm
                == ResolvedResponse(
                    category: "\(kind)_category", action: "\(kind)confirmaction", extensionFile: Self.contentPlist,
                    response: .dismissAndForwardAction, forwardedToApp: true, foreground: true,
                    authenticationRequired: true,
                    destructive: false, text: nil, isSystemAction: false))
        let cancel = try responder.respond(category: "\(kind)_category", action: "\(kind)concelaction")
        #expect(cancel.response == .dismiss)
        #expect(cancel.extensionFile == Self.contentPlist)
        #expect(!cancel.forwardedToApp && !cancel.foreground && !cancel.authenticationRequired)
    }

    @Test func withoutAContentExtensionTheActionGoesToTheApp() throws {
        let responder = try Self.referenceResponder()
        let cancel = try responder.respond(category: "image_category", action: "imageconcelaction")
        #expect(cancel.extensionFile == nil)
        #expect(cancel.response == .dismissAndForwardAction)
        #expect(cancel.forwardedToApp)
        #expect(cancel.destructive)
        #expect(!cancel.foreground)
    }

    @Test func theExtensionsAnswerIsUsedWhenItDrawsTheCategory() throws {
        let registry = try ExtensionRegistry.load([Self.extensionFolder])
        let responder = try Self.referenceResponder(extensions: registry)
        let cancel = try responder.respond(category: "image_category", action: "imageconcelaction")
        #expect(cancel.response == .dismiss)
        #expect(!cancel.forwardedToApp)
        let later = try responder.respond(category: "image_category", action: "later")
        #expect(later.response == .dismissAndForwardAction)
        #expect(later.authenticationRequired && !later.foreground)
    }

    @Test func textInputActionsTakeNonEmptyText() throws {
        let responder = try Self.referenceResponder()
        let reply = try responder.respond(category: "image_category", action: "reply", text: "On my way")
        #expect(reply.text == "On my way")
        #expect(reply.forwardedToApp)
        #expect(
            Self.error(responder, "image_category", "reply")
                == .textRequired(
                    category: "image_category", action: "reply",
                    origin: responder.categories.origin(of: "image_category")))
        #expect(
            Self.error(responder, "image_category", "reply", text: "")
                == .textRequired(
                    category: "image_category", action: "reply",
                    origin: responder.categories.origin(of: "image_category")))
        #expect(
            Self.error(responder, "image_category", "later", text: "hi")
                == .textNotAccepted(
                    category: "image_category", action: "later",
                    origin: responder.categories.origin(of: "image_category")))
        #expect(
            Self.error(responder, "image_category", "default", text: "hi")
                == .textNotAccepted(
                    category: "image_category", action: "default",
                    origin: responder.categories.origin(of: "image_category")))
    }

    @Test(arguments: ["default", NotificationAction.defaultActionIdentifier])
    func tappingTheNotificationOpensTheApp(action: String) throws {
        let responder = try Self.seedResponder()
        let response = try responder.respond(category: "image_category", action: action)
        #expect(
            response
                == ResolvedResponse(
                    category: "image_category", action: NotificationAction.defaultActionIdentifier,
                    extensionFile: Self.contentPlist,
                    response: .dismissAndForwardAction, forwardedToApp: true, foreground: true,
                    authenticationRequired: true,
                    destructive: false, text: nil, isSystemAction: true))
    }

    @Test(arguments: ["dismiss", NotificationAction.dismissActionIdentifier])
    func dismissIsDeliveredOnlyWithCustomDismissAction(action: String) throws {
        let seed = try Self.seedResponder()
        #expect(
            Self.error(seed, "image_category", action)
                == .dismissNotDelivered(
                    category: "image_category", origin: seed.categories.origin(of: "image_category")))
        let response = try Self.referenceResponder().respond(category: "image_category", action: action)
        #expect(response.action == NotificationAction.dismissActionIdentifier)
        #expect(response.forwardedToApp && !response.foreground && !response.authenticationRequired)
    }

    @Test func aCategoryActionNamedLikeASystemActionWins() throws {
        let category = NotificationCategory(
            identifier: "c", actions: [NotificationAction(identifier: "dismiss", title: "Dismiss", response: .dismiss)])
        let responder = NotificationResponder(
            categories: try CategoryManifest([category], file: "code"), extensions: ExtensionRegistry([]))
        let response = try responder.respond(category: "c", action: "dismiss")
        #expect(response.action == "dismiss")
        #expect(!response.isSystemAction)
    }

    @Test func unregisteredCategoryListsTheKnownOnes() throws {
        let responder = try Self.seedResponder()
        let error = try #require(Self.error(responder, "imagecategory", "imageconfirmaction"))
        #expect(
            error
                == .unregisteredCategory(
                    category: "imagecategory", known: ["image_category", "audio_category", "movie_category"]))
        #expect(error.finding.file == nil)
        #expect(error.finding.text.contains("did you mean 'image_category'?"))
    }

    @Test func aCategoryOnlyAnExtensionClaimsIsStillUnregistered() throws {
        let responder = NotificationResponder(
            categories: CategoryManifest(), extensions: try ExtensionRegistry.load([Self.extensionFolder]))
        #expect(
            Self.error(responder, "image_category", "imageconfirmaction")
                == .unregisteredCategory(category: "image_category", known: []))
    }

    @Test func unknownActionListsTheCategorysActionsAndPointsAtTheManifest() throws {
        let responder = try Self.seedResponder()
        let error = try #require(Self.error(responder, "audio_category", "audioconfirm"))
        #expect(
            error
                == .unknownAction(
                    category: "audio_category", action: "audioconfirm",
                    known: ["audioconfirmaction", "audioconcelaction", "default"],
                    origin: responder.categories.origin(of: "audio_category")))
        #expect(error.finding.file == TestPaths.packageFile("Resources/categories.json").relativePath)
        #expect(error.finding.keyPath == "categories[1].actions")
        #expect(error.finding.text.contains("did you mean 'audioconfirmaction'?"))
    }

    @Test func anActionInNoContextIsNeverShown() throws {
        let actions = ["a", "b", "c"].map { NotificationAction(identifier: $0, title: $0) }
        let category = NotificationCategory(
            identifier: "c", actions: actions, minimalContext: ["a"], defaultContext: ["a", "b"])
        let responder = NotificationResponder(
            categories: try CategoryManifest([category], file: "code"), extensions: ExtensionRegistry([]))
        #expect(try responder.respond(category: "c", action: "b").action == "b")
        #expect(
            Self.error(responder, "c", "c")
                == .actionNotShown(category: "c", action: "c", origin: responder.categories.origin(of: "c")))
    }
}
