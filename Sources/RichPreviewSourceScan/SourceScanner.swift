import Foundation
import RichPreviewSystem

/// Reads notification categories, actions, category assignments and dismiss-action handling out of
/// Swift and Objective-C sources, for `richpreview lint`.
///
/// Not a compiler: a lexer per language (comments and string literals never match) and patterns
/// over its tokens. Each file is lexed and read on its own; names (constants, enum cases, `#define`s,
/// variables holding actions or categories) are then resolved across all the files given. Anything
/// it cannot pin down is reported as `ScannedString.unresolved` with the expression and the reason,
/// and in `notes`; nothing is guessed.
///
/// Limits: files over `fileSizeLimit` bytes are skipped (a note); brackets nesting deeper than
/// `nestingLimit` stop a file's extraction (a note); constant chains are followed at most 32 deep.
public enum SourceScanner {
    /// Files larger than this many bytes of UTF-8 (2 MiB) are skipped with a note.
    public static let fileSizeLimit = 2 * 1024 * 1024
    /// Brackets nesting deeper than this stop a file's extraction with a note.
    public static var nestingLimit: Int { SourceStructure.nestingLimit }

    /// The facts of `files`, in the order given, with what `queries` ask for.
    public static func scan(_ files: [SourceFile], queries: SourceQueries = .none) -> SourceScan {
        scan(count: files.count, withConstants: true, keepingWorkings: false, queries: queries) {
            SourceBytes(files[$0])
        }
    }

    /// The facts of the `count` files `file(index)` gives, in index order (a file it cannot give,
    /// nil, has none); `withConstants` false leaves `constants` empty (the lint reads no constants
    /// table, and building it resolves every symbol of every file). `file` is called once per
    /// index, from several threads at once. `keepingWorkings` keeps every file's facts and the
    /// symbol table in the scan (`workings`), to be freed with it rather than here; `queries`
    /// say what to record beyond the scanner's own facts.
    package static func scan(
        count: Int, withConstants: Bool, keepingWorkings: Bool, queries: SourceQueries = .none,
        file: @Sendable (Int) -> SourceBytes?
    ) -> SourceScan {
        var facts = Array(repeating: FileFacts(path: ""), count: count)
        facts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                guard let source = file(index) else { return }
                output[index] = analyze(source, index: index, queries: queries)
            }
        }
        var resolver = SourceResolver(files: facts)
        var scan = resolver.resolve(withConstants: withConstants)
        if keepingWorkings { scan.workings = resolver }
        return scan
    }

    /// The facts of the files at `urls`, with what `queries` ask for. Files that are not Swift or
    /// Objective-C (by extension), are over the size limit, or cannot be read are skipped, each
    /// with a note.
    public static func scan(contentsOf urls: [URL], queries: SourceQueries = .none) -> SourceScan {
        var files: [SourceFile] = []
        var skipped: [ScanNote] = []
        for url in urls {
            let path = url.relativePath
            guard let language = SourceLanguage(path: path) else {
                skipped.append(
                    ScanNote(
                        kind: .skippedFile, file: path, location: nil,
                        message: "not a Swift or Objective-C file (.swift, .m, .mm, .h); not scanned"))
                continue
            }
            do {
                let data = try FileContents.read(url, limit: fileSizeLimit)
                files.append(SourceFile(path: path, text: decode(data), language: language))
            } catch {
                skipped.append(
                    ScanNote(kind: .skippedFile, file: path, location: nil, message: "not scanned: \(error.reason)"))
            }
        }
        var scan = scan(files, queries: queries)
        scan.notes = skipped + scan.notes
        return scan
    }

    /// Text from UTF-8 (invalid bytes replaced), or UTF-16 with a byte order mark.
    private static func decode(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]),
            let text = String(data: data, encoding: .utf16)
        {
            return text
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func analyze(_ file: SourceBytes, index: Int, queries: SourceQueries) -> FileFacts {
        let size = file.utf8.count
        guard size <= fileSizeLimit else {
            var facts = FileFacts(path: file.path)
            facts.notes.append(
                ScanNote(
                    kind: .skippedFile, file: file.path, location: nil,
                    message: "\(size) bytes, over the limit of \(fileSizeLimit); not scanned"))
            return facts
        }
        var analyzer = FileAnalyzer(
            source: SourceLexer.lex(file, lexicon: queries.lexicon), fileIndex: index, queries: queries)
        return analyzer.run()
    }
}
