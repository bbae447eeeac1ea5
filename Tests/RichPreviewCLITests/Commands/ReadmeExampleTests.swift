import Foundation
import RichPreviewTestSupport
import Testing

/// Every shell example in the README (`$ richpreview …` and the lines it prints) is run through
/// the built binary, both streams together as a terminal shows them, and must print what the
/// README says.
struct ReadmeExampleTests {
    /// One example: the folder it runs in, its arguments, and the lines the README shows.
    struct Example: CustomStringConvertible {
        var folder: String
        var command: String
        var output: [String]
        var description: String { command }
    }

    /// Examples whose inputs are made up for the README (`cut.png` is a damaged file the reader is
    /// meant to imagine); every other example is run.
    static let illustrative = ["cut.png"]

    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: TestPaths.packageFile("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inBlock = false
        var folder = "."
        var current: Example?
        var continuing = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let example = current { examples.append(example) }
                current = nil
                inBlock.toggle()
                folder = "."
                continue
            }
            guard inBlock else { continue }
            if continuing, current != nil {
                current?.command += " " + line.trimmingCharacters(in: .whitespaces)
                continuing = current?.command.hasSuffix("\\") == true
                if continuing { current?.command.removeLast() }
                continue
            }
            if line.hasPrefix("$ cd ") {
                folder = String(line.dropFirst(5))
                continue
            }
            if line.hasPrefix("$ richpreview ") {
                if let example = current { examples.append(example) }
                var command = String(line.dropFirst(2))
                var exampleFolder = folder
                if let comment = command.range(of: "   # in ") {
                    exampleFolder = String(command[comment.upperBound...])
                    command = String(command[..<comment.lowerBound])
                }
                continuing = command.hasSuffix("\\")
                if continuing { command.removeLast() }
                current = Example(folder: exampleFolder, command: command, output: [])
                continue
            }
            if current != nil, !line.hasPrefix("$") { current?.output.append(line) }
        }
        return examples.filter { example in !illustrative.contains { example.command.contains($0) } }
    }

    @Test func theReadmeHasExamplesToRun() throws {
        #expect(try Self.examples().count >= 5)
    }

    @Test(arguments: try ReadmeExampleTests.examples())
    func exampleOutputIsWhatTheToolPrints(example: Example) throws {
        let arguments = example.command.split(separator: " ").dropFirst().map(String.init)
        let script = "exec \"$0\" \"$@\" 2>&1"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, ToolRun.builtBinary.path] + arguments
        process.currentDirectoryURL = TestPaths.packageRoot.appendingPathComponent(example.folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let printed = String(decoding: data, as: UTF8.self).components(separatedBy: "\n").dropLast()
        #expect(Array(printed) == example.output, "\(example.command)")
    }
}
