import Foundation

extension LintProject {
    /// A finding of `rule` at the first of `uses` that no app has `entitlement` for, naming the
    /// apps and how many other uses there are.
    func entitlementFinding(
        _ rule: RuleDescriptor, entitlement: String, capability: String, uses: [CapabilityUse], effect: String
    ) -> [Finding] {
        let apps = appsLacking(entitlement)
        guard let first = uses.first, !apps.isEmpty else { return [] }
        let names = apps.map { scope in
            scope.app.target.entitlements.map { "\(scope.app.described), \(($0 as NSString).lastPathComponent)" }
                ?? "\(scope.app.described), which has no entitlements file"
        }
        let more = uses.count > 1 ? " (and \(uses.count - 1) more use\(uses.count > 2 ? "s" : ""))" : ""
        return [
            Finding(
                rule: rule,
                message:
                    "\(first.what)\(more) needs the \(capability) capability (\(entitlement)), which the app's entitlements lack (\(names.joined(separator: "; "))): \(effect)",
                file: first.file, line: first.line, column: first.column, keyPath: first.keyPath)
        ]
    }
}
