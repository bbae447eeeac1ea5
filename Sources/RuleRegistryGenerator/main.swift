import Foundation

// Writes `Rules.registered`, the list of every rule type, and a typed `RuleID` constant for each
// rule, from the rule files it is given:
// RuleRegistryGenerator OUTPUT FILE...
//
// A rule file declares its rule inside `extension Rules { … }` as `public enum NAME: …Rule` (any of
// the rule protocols: `PayloadRule`, `ProjectRule`, …). The list is in the files' path order (the
// folder is the rule's area), so the output does not depend on the order the build gives them in.
// A file under Rules/ that declares no rule (the protocols, the runner) adds nothing.

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: RuleRegistryGenerator OUTPUT FILE...\n".utf8))
    exit(2)
}
let declaration = try NSRegularExpression(
    pattern: #"^\s*public enum (\w+)\s*:\s*([^{]*\b\w*Rule\b[^{]*)\{"#, options: [.anchorsMatchLines])
let conformance = try NSRegularExpression(pattern: #"\b(\w+Rule)\b"#)
var names: [String] = []
// Each rule protocol with the rules that declare it, so no list is sorted out with dynamic casts
// when the program runs (each costs a search of the binary's conformance records).
var byProtocol: [String: [String]] = [:]
for path in arguments.dropFirst().sorted() {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("RuleRegistryGenerator: cannot read \(path)\n".utf8))
        exit(1)
    }
    let range = NSRange(text.startIndex..., in: text)
    for match in declaration.matches(in: text, range: range) {
        guard let name = Range(match.range(at: 1), in: text), let clause = Range(match.range(at: 2), in: text) else {
            continue
        }
        names.append(String(text[name]))
        let inherited = String(text[clause])
        for found in conformance.matches(in: inherited, range: NSRange(inherited.startIndex..., in: inherited)) {
            guard let word = Range(found.range(at: 1), in: inherited) else { continue }
            byProtocol[String(inherited[word]), default: []].append(String(text[name]))
        }
    }
}
var source = "// Written by RuleRegistryGenerator from the rule files under Rules/ when the target is built.\n\n"
source += "extension Rules {\n"
source += "    /// Every rule type, in the order of their files' paths.\n"
source += "    static let registered: [any Rule.Type] = [\n"
for name in names { source += "        Rules.\(name).self,\n" }
source += "    ]\n"
for (proto, rules) in byProtocol.sorted(by: { $0.key < $1.key }) {
    source += "\n    /// The rules that are `\(proto)`s, in the order of their files' paths.\n"
    source += "    static let registered\(proto)s: [any \(proto).Type] = [\n"
    for name in rules { source += "        Rules.\(name).self,\n" }
    source += "    ]\n"
}
source += "}\n"
// Each rule's typed id, named after its type with a small first letter.
source += "\nextension RuleID {\n"
for name in names {
    let member = name.prefix(1).lowercased() + name.dropFirst()
    source += "    /// The id of `Rules.\(name)`.\n"
    source += "    public static let \(member) = RuleID(rawValue: Rules.\(name).descriptor.id)\n"
}
source += "}\n"
let url = URL(fileURLWithPath: output)
if (try? String(contentsOf: url, encoding: .utf8)) != source {
    try source.write(to: url, atomically: true, encoding: .utf8)
}
