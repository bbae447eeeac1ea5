import Foundation

/// An app's Live Activity contract: the `ActivityAttributes` types its Swift files declare, and
/// Live Activity pushes checked against them as `JSONDecoder` decodes them on the device (a
/// `content-state` against the type's `ContentState`, a start's `attributes` and
/// `attributes-type` against the type), with every payload and header rule as `lint` runs them.
/// Nothing is read from disk: a server holding the app's sources checks a push before sending it.
public struct ActivityContract: Sendable {
    /// The Swift files, by the path findings name them with, as given.
    public let swiftFiles: [String: String]
    /// The names a start's `attributes-type` may give: each declared type's own name, sorted.
    public let attributeTypeNames: [String]

    /// The contract the `ActivityAttributes` types in `swiftFiles` (path to source text) declare.
    public init(swiftFiles: [String: String]) {
        self.swiftFiles = swiftFiles
        let scan = SourceScanner.scan(
            swiftFiles.sorted { $0.key < $1.key }.map { SourceFile(path: $0.key, text: $0.value, language: .swift) },
            queries: Rules.sourceQueries ?? .none)
        attributeTypeNames = Set(LiveActivityContract.attributeTypes(in: scan).map(LiveActivityContract.typeName))
            .sorted()
    }

    /// Everything found about one push: `push` is a payload or a request file (`{"headers": …,
    /// "payload": …}`) as JSON, named `file` in the findings. The Live Activity findings point at
    /// the payload's keys and say in their notes where the Swift field is declared.
    public func check(_ push: Data, file: String = "push.json") -> [Finding] {
        var files = swiftFiles.mapValues { Data($0.utf8) }
        files[file] = push
        return Linter().lint(files: files).findings.filter { $0.file == file }
    }
}
