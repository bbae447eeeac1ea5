import RichPreview
import RichPreviewImaging

/// The options and positionals of one command line, checked against its declaration. Options
/// are read back through their typed declarations (`arguments[option]`), never by name.
package struct ParsedArguments: Sendable, Equatable {
    /// The switches given, by long name (written by the parser).
    var flags: Set<String> = []
    /// The values given, by long name, in order (written by the parser).
    var values: [String: [String]] = [:]
    /// Positional arguments in order (anything after `--` included).
    package internal(set) var positionals: [String] = []

    /// The value of `option` as this command line gives it.
    package subscript<Value>(_ option: Option<Value>) -> Value {
        let long = option.declaration.long
        let given = values[long] ?? []
        return option.read(given, flags.contains(long) || !given.isEmpty)
    }

    /// Refuses a command line that names standard input (`-`) more than once among its positionals
    /// and the values of `fileOptions`: the second read would find it empty.
    package func checkStandardInputReadOnce(fileOptions: [Option<[String]>] = []) throws(UsageError) {
        let uses = positionals.filter { $0 == "-" }.count + fileOptions.flatMap { self[$0] }.filter { $0 == "-" }.count
        if uses > 1 { throw UsageError("standard input ('-') can be read only once, but it is named \(uses) times") }
    }

    /// The attachment limits, with the service extension's memory from `--extension-memory`.
    package func attachmentLimits() -> AttachmentLimits {
        var limits = AttachmentLimits()
        if let megabytes = self[CommonOptions.extensionMemory] { limits.extensionMemory = megabytes << 20 }
        return limits
    }

    /// The image limits from `--max-pixels` and `--max-memory` (in MiB, declared by
    /// `CommonOptions.imageLimits`), defaults for those not given.
    package func imageLimits() -> ImageLimits {
        var limits = ImageLimits()
        if let pixels = self[CommonOptions.maxPixels] { limits.maxPixels = pixels }
        if let mebibytes = self[CommonOptions.maxMemory()] { limits.maxMemory = mebibytes << 20 }
        return limits
    }
}

/// A command line that does not fit its declaration; reported with the usage line and exit 2.
package struct UsageError: Error, Equatable, Sendable {
    package var message: String
    /// The command whose usage line to show, or nil for the tool's own.
    package var command: String?

    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}
