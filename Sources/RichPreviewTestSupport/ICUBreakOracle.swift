import Foundation

/// ICU's own break iterators, asked through PyICU (Debian `python3-icu`, listed in
/// `Scripts/test-packages.txt`): the reference the dictionary line breaks are checked against.
package enum ICUBreakOracle {
    /// Which of ICU's break iterators.
    package enum Kind: String, Sendable {
        /// Line break opportunities (UAX #14 with ICU's dictionaries).
        case line
        /// Word boundaries (UAX #29 with ICU's dictionaries).
        case word
    }

    /// Why the reference could not be asked.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, with the package to install.
        package var description: String
    }

    private static let script = """
        import json, sys
        import icu
        kind, texts = sys.argv[1], json.loads(sys.stdin.buffer.read().decode("utf-8"))
        root = icu.Locale.getRoot()
        result = []
        for text in texts:
            iterator = (icu.BreakIterator.createLineInstance(root) if kind == "line"
                        else icu.BreakIterator.createWordInstance(root))
            iterator.setText(text)
            length = icu.UnicodeString(text).length()
            result.append([offset for offset in iterator if 0 < offset < length])
        print(json.dumps(result))
        """

    /// For each of `texts`, the UTF-16 offsets strictly inside it where ICU's `kind` break
    /// iterator for the root locale breaks it.
    /// - Throws: `Unavailable` when Debian's Python 3 or PyICU is missing or the script fails.
    package static func breaks(_ texts: [String], kind: Kind) throws -> [[Int]] {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Unavailable(description: "\(python) is missing: install python3 and python3-icu")
        }
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("texts.json")
        try JSONEncoder().encode(texts).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, kind.rawValue]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let result = try? JSONDecoder().decode([[Int]].self, from: data) else {
            throw Unavailable(
                description: "PyICU failed (install python3-icu): " + String(decoding: message, as: UTF8.self))
        }
        return result
    }
}
