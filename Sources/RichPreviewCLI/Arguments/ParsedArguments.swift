import RichPreview
import RichPreviewImaging

/// The options and positionals of one command line, checked against its declaration.
package struct ParsedArguments: Sendable, Equatable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    /// Positional arguments in order (anything after `--` included).
    package internal(set) var positionals: [String] = []

    /// True when the flag `--name` was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for `--name`, or nil.
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable `--name`, in order.
    package func values(_ name: String) -> [String] { values[name] ?? [] }

    /// Refuses a command line that names standard input (`-`) more than once among its positionals
    /// and the values of `fileOptions`: the second read would find it empty.
    package func checkStandardInputReadOnce(fileOptions: [String] = []) throws(UsageError) {
        let uses =
            positionals.filter { $0 == "-" }.count + fileOptions.flatMap { values($0) }.filter { $0 == "-" }.count
        if uses > 1 { throw UsageError("standard input ('-') can be read only once, but it is named \(uses) times") }
    }

    /// The attachment limits, with the service extension's memory from `--extension-memory`.
    package func attachmentLimits() -> AttachmentLimits {
        var limits = AttachmentLimits()
        if let megabytes = wholeNumber("extension-memory") { limits.extensionMemory = megabytes << 20 }
        return limits
    }

    /// The image limits from `--max-pixels` and `--max-memory` (in MiB, declared by
    /// `OptionDeclaration.imageLimits`), defaults for those not given.
    package func imageLimits() -> ImageLimits {
        var limits = ImageLimits()
        if let pixels = wholeNumber("max-pixels") { limits.maxPixels = pixels }
        if let mebibytes = wholeNumber("max-memory") { limits.maxMemory = mebibytes << 20 }
        return limits
    }

    /// The value of `--name`, an option declared with `.wholeNumber` (the parser has checked it),
    /// or nil when it was not given.
    package func wholeNumber(_ name: String) -> Int? {
        value(name).flatMap { Int($0) }
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
