/// `x.categoryIdentifier = …` and the like.
struct PendingAssignment: Sendable {
    var value: SymbolicString?
    var receiver: String
    var isLegacy: Bool
    var confidence: ScanConfidence
    var location: CodeLocation
}
