import Foundation

/// What the entitlement rules ask of a project: where a capability is used, and which apps'
/// entitlements lack it.
extension LintProject {
    /// A place that uses a capability: a payload key, or code.
    struct CapabilityUse {
        var file: String
        var line: Int?
        var column: Int?
        var keyPath: String?
        /// How the message names it (`interruption-level "time-sensitive"`).
        var what: String
    }

    /// Every use of `kind` in the payloads and the code, in file order.
    func uses(of kind: ScannedCapabilityUse.Kind) -> [CapabilityUse] {
        var result: [CapabilityUse] = []
        for payload in payloads {
            guard let aps = payload.report.payload?.aps else { continue }
            switch kind {
            case .timeSensitive where aps.interruptionLevel == .timeSensitive:
                result.append(
                    CapabilityUse(
                        file: payload.file, keyPath: "aps.interruption-level",
                        what: "interruption-level \"time-sensitive\""))
            case .criticalAlert where aps.interruptionLevel == .critical:
                result.append(
                    CapabilityUse(
                        file: payload.file, keyPath: "aps.interruption-level", what: "interruption-level \"critical\""))
            case .criticalAlert:
                if case .critical? = aps.sound {
                    result.append(
                        CapabilityUse(file: payload.file, keyPath: "aps.sound.critical", what: "a critical sound"))
                }
            default:
                break
            }
        }
        // Only code an app is built from: an SDK's sources beside its samples use every level
        // for its callers.
        let built = builtCode
        for use in sources.capabilityUses where use.kind == kind && built.contains(use.location.file) {
            let what =
                switch kind {
                case .timeSensitive: "the time-sensitive interruption level"
                case .criticalAlert: "a critical alert"
                case .communication: "a notification updated from a message intent"
                }
            result.append(
                CapabilityUse(file: use.location.file, line: use.location.line, column: use.location.column, what: what)
            )
        }
        return result
    }

    /// The iOS apps of the project files when none of them is known to have `entitlement` (each
    /// has an entitlements file without it, or none at all); empty when one has it, when one's
    /// entitlements file could not be found, or without a project file.
    func appsLacking(_ entitlement: String) -> [AppScope] {
        let apps = appScopes.filter { $0.app.target.platform == .iOS || $0.app.target.platform == .unknown }
        for app in apps {
            // A build script that names the entitlement adds it as the app is built.
            if targetScripts[app.app.key]?.contains(entitlement) == true { return [] }
            guard let file = app.app.target.entitlements else { continue }
            guard let granted = entitlements[file] else { return [] }
            if granted[entitlement]?.grants == true { return [] }
        }
        return apps
    }
}

extension LintProject {
    /// The app groups `built`'s entitlements list (`com.apple.security.application-groups`,
    /// build settings expanded); nil when they are not known: its entitlements file was not read,
    /// a script of its adds groups, or a group does not resolve.
    func appGroups(of built: ProjectTargets.Built) -> Set<String>? {
        if targetScripts[built.key]?.contains("application-groups") == true { return nil }
        guard let file = built.target.entitlements else { return [] }
        guard let granted = entitlements[file] else { return nil }
        var groups: Set<String> = []
        for value in granted["com.apple.security.application-groups"]?.array ?? [] {
            guard let text = value.string, let group = built.target.settings.expandedFully(text) else { return nil }
            groups.insert(group)
        }
        return groups
    }
}

extension PropertyValue {
    /// Whether an entitlement's value grants it: true, or a non-empty list or text.
    var grants: Bool {
        switch self {
        case .boolean(let value): value
        case .array(let values): !values.isEmpty
        case .string(let text): !text.isEmpty
        default: false
        }
    }
}
