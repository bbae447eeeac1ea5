import Foundation
import RichPreview

/// Lint findings as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), with
/// every rule's metadata, for GitHub code scanning and other SARIF consumers.
enum SARIFDocument {
    static func encode(_ findings: [Finding]) -> String {
        let rules = Rules.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let log = Log(
            version: "2.1.0", schema: "https://json.schemastore.org/sarif-2.1.0.json",
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: RichPreviewTool.name, semanticVersion: RichPreviewVersion.current,
                            rules: rules.map {
                                Rule(
                                    id: $0.id, name: camelName($0.id), shortDescription: Text(text: $0.summary),
                                    defaultConfiguration: Configuration(level: level($0.severity)),
                                    properties: ["area": $0.area.rawValue])
                            })),
                    results: findings.map { finding in
                        Result(
                            ruleId: finding.rule, ruleIndex: index[finding.rule] ?? 0, level: level(finding.severity),
                            message: Text(text: finding.detail),
                            locations: finding.file.map { file in
                                [
                                    Location(
                                        physicalLocation: PhysicalLocation(
                                            artifactLocation: ArtifactLocation(uri: uri(file)),
                                            region: finding.line.map {
                                                Region(startLine: $0, startColumn: finding.column)
                                            }
                                        ))
                                ]
                            } ?? [],
                            properties: finding.keyPath.map { ["keyPath": $0] })
                    })
            ])
        return JSONOutput.encode(log)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `aps-unknown-key` → `ApsUnknownKey`, SARIF's human-readable rule name.
    static func camelName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference for a path: percent-encoded, `/`-separated.
    static func uri(_ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return trimmed.addingPercentEncoding(withAllowedCharacters: allowed) ?? trimmed
    }

    struct Log: Encodable {
        var version: String
        var schema: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var semanticVersion: String
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var defaultConfiguration: Configuration
        var properties: [String: String]
    }
    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var properties: [String: String]?
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }
    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
}
