import Foundation
import RichPreview

/// `richpreview respond`: what happens when the user picks an action of a notification.
enum RespondCommand: Command {
    static let name = "respond"
    static let declaration = CommandDeclaration(
        name: name,
        abstract: "Answer a notification action as iOS routes it: category, content extension, app.",
        discussion: """
            Looks the category up in the manifests (--categories, required), finds the content
            extension that draws it among the plists (--extensions; none given means no content
            extension), and tells the response, whether the app is told and opens, and whether the
            device must be unlocked. --action takes an action identifier of the category, or
            'default' (tapping the notification) or 'dismiss' (only with customDismissAction).
            Exit 1 for an unreadable or invalid plist or manifest, an unregistered category or an
            unknown action.
            """,
        options: [category, action, extensions, categories, text, json]
    )

    static let category = Option.value(
        "category", placeholder: "ID", required: true, help: "The notification's category identifier.")
    static let action = Option.value(
        "action", placeholder: "ID", required: true, help: "The action picked: its identifier, 'default' or 'dismiss'.")
    static let extensions = Option.repeated(
        "extensions", placeholder: "PATH",
        help: "An extension Info.plist, or a folder searched for *.plist files; repeatable.")
    static let categories = Option.repeated(
        "categories", placeholder: "FILE", required: true,
        help: "A category manifest (JSON or plist); repeatable, at least one.")
    static let text = Option.value("text", placeholder: "STRING", help: "The text typed, for a text-input action.")
    static let json = Option.flag("json", help: "Print one JSON object (category, action, extension, response, …).")

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitStatus {
        try arguments.checkStandardInputReadOnce(fileOptions: [Self.categories, Self.extensions])
        let category = arguments[Self.category] ?? ""
        let action = arguments[Self.action] ?? ""
        let manifestPaths = arguments[Self.categories]
        let json = arguments[Self.json]
        func fail(_ issue: some FindingConvertible, findings: [Finding]? = nil) -> ExitStatus {
            console.report(findings ?? [issue.finding])
            if json {
                console.out(
                    JSONOutput.encode(ResponseReport(category: category, action: action, error: issue.description)))
            }
            return .failure
        }
        let categories: CategoryManifest
        do {
            categories = try ConfigInputs.manifest(manifestPaths, console: console)
        } catch {
            return fail(error, findings: error.findings)
        }
        let extensions: ExtensionRegistry
        do {
            extensions = try ConfigInputs.extensions(arguments[Self.extensions], console: console)
        } catch {
            // Every finding of the plist that does not load; its first error in the JSON.
            return fail(error, findings: error.findings)
        }
        let responder = NotificationResponder(categories: categories, extensions: extensions)
        console.report(responder.extensions.findings)
        do {
            let response = try responder.respond(category: category, action: action, text: arguments[Self.text])
            if json {
                console.out(JSONOutput.encode(ResponseReport(response)))
            } else {
                for line in summary(response) { console.record(line) }
            }
            // The answer stands (the first extension draws a category claimed twice), but an error
            // found on the way fails the run, as in every command.
            return responder.extensions.findings.contains { $0.severity == .error } ? .failure : .success
        } catch {
            return fail(error)
        }
    }

    /// The answer in a few lines: the response, the extension, and what the app and device do.
    static func summary(_ response: ResolvedResponse) -> [String] {
        func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
        var lines = [
            "\(response.category) \(response.action): \(response.response.rawValue)",
            "  extension: \(response.extensionFile ?? "none (iOS delivers the action to the app)")",
            "  forwarded to the app: \(yesNo(response.forwardedToApp)), foreground: \(yesNo(response.foreground)), "
                + "unlock required: \(yesNo(response.authenticationRequired)), destructive: \(yesNo(response.destructive))",
        ]
        if let text = response.text { lines.append("  text: \(text)") }
        return lines
    }
}
