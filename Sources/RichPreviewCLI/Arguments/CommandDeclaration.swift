import RichPreview
import RichPreviewImaging
import RichPreviewRendering

/// What a subcommand accepts: the single source for parsing, usage lines and help.
package struct CommandDeclaration: Sendable {
    package var name: String
    package var abstract: String
    package var discussion: String?
    package var options: [OptionDeclaration]
    package var positionals: [PositionalDeclaration]

    package init(
        name: String, abstract: String, discussion: String? = nil,
        options: [any OptionDeclaring] = [], positionals: [PositionalDeclaration] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.declaration) + [CommonOptions.help.declaration]
        self.positionals = positionals
    }

    func option(long: String) -> OptionDeclaration? { options.first { $0.long == long } }
    func option(short: Character) -> OptionDeclaration? { options.first { $0.short == short } }
}

/// One `--long` (and optional `-s`) option of a command: its arity, the values it takes and
/// whether it must be given. The parser checks values against this, and the usage line, the help
/// page and the error texts are written from it.
package struct OptionDeclaration: Sendable {
    /// Whether the option is a switch or takes a value, and whether it may repeat.
    package enum Arity: Sendable, Equatable {
        case flag
        case value(placeholder: String)
        case repeatedValue(placeholder: String)
    }

    /// What a value must be.
    package enum Values: Sendable, Equatable {
        /// Any text: a path, an identifier.
        case text
        /// Any text but the empty string, which names no file (an output, a baseline).
        case nonEmptyText
        /// One of these words (the placeholder is written from them: `text|json`).
        case oneOf([String])
        /// A whole number in this range.
        case wholeNumber(ClosedRange<Int>)
    }

    package var long: String
    package var short: Character?
    package var arity: Arity
    package var values: Values
    /// Whether a command line without the option is a usage error.
    package var required: Bool
    package var help: String

    package init(
        _ long: String, short: Character? = nil, arity: Arity = .flag, values: Values = .text, required: Bool = false,
        help: String
    ) {
        self.long = long
        self.short = short
        self.values = values
        self.required = required
        self.help = help
        // The choices are the placeholder, so that usage and help show them as declared.
        if case .oneOf(let words) = values {
            switch arity {
            case .value: self.arity = .value(placeholder: words.joined(separator: "|"))
            case .repeatedValue: self.arity = .repeatedValue(placeholder: words.joined(separator: "|"))
            case .flag: self.arity = arity
            }
        } else {
            self.arity = arity
        }
    }

    /// An option taking one of `words`.
    package static func oneOf(_ long: String, _ words: [String], help: String) -> OptionDeclaration {
        OptionDeclaration(long, arity: .value(placeholder: ""), values: .oneOf(words), help: help)
    }

    var takesValue: Bool { arity != .flag }

    var placeholder: String? {
        switch arity {
        case .flag: nil
        case .value(let placeholder), .repeatedValue(let placeholder): placeholder
        }
    }

    /// `--fit WxH`: the option as usage lines and errors name it.
    var spelled: String { "--\(long)" + (placeholder.map { " \($0)" } ?? "") }

    /// Why `value` is not one this option takes, or nil when it is.
    func problem(with value: String) -> String? {
        switch values {
        case .text:
            return nil
        case .nonEmptyText:
            return value.isEmpty ? "\(spelled) cannot be empty" : nil
        case .oneOf(let words):
            guard !words.contains(value) else { return nil }
            let listed = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words.last! : words[0]
            return "--\(long) must be \(listed), not '\(value.echoed)'"
        case .wholeNumber(let range):
            if let number = Int(value), range.contains(number) { return nil }
            let bounds =
                range.upperBound == Int.max
                ? (range.lowerBound == 1 ? "a positive whole number" : "a whole number of at least \(range.lowerBound)")
                : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            return "--\(long) needs \(bounds), not '\(value.echoed)'"
        }
    }
}

/// The options several commands declare, each read the same way wherever it is.
enum CommonOptions {
    /// `--help`, `-h`: every command's.
    static let help = Option.flag("help", short: "h", help: "Show help for this command.")

    /// `--exclude GLOB`, the paths a walk leaves out (lint, review).
    static let exclude = Option.repeated(
        "exclude", placeholder: "GLOB",
        help: "Leave out paths matching this pattern, or with a component matching it (repeatable).")

    /// `--attachments DIR`, the folder payloads' attachment paths resolve under (lint, review).
    static let attachmentsFolder = Option.value(
        "attachments", placeholder: "DIR",
        help: "The folder payloads' attachment paths resolve under (default: each payload's folder).")

    /// `--assume-service-extension`: a remote image reaches the notification (render, review).
    static let assumeServiceExtension = Option.flag(
        "assume-service-extension",
        help:
            "Draw a remote image as an app whose notification service extension downloads it would show it (with mutable-content): from the file of the URL's name in the attachments folder, else a placeholder."
    )

    /// What a remote image shows as: `--assume-service-extension`'s delivery, else the project's
    /// (`project`), else unknown (the text alone).
    static func remoteImages(_ arguments: ParsedArguments, project: RemoteImageDelivery?) -> RemoteImageDelivery {
        guard arguments[assumeServiceExtension] else { return project ?? .unknown }
        return .downloaded(by: "the app's notification service extension (--assume-service-extension)")
    }

    /// `--extension-memory MB`, the service extension's memory image attachments are held to.
    static let extensionMemory = Option.wholeNumber(
        "extension-memory", placeholder: "MB", range: 1...(Int.max >> 22),
        help:
            "Warn about images whose decoded pixels need more than MB (2^20 bytes) of the service extension's memory (default \(AttachmentLimits.defaultExtensionMemory >> 20))."
    )

    /// `--style NAME`, which iOS the pictures look like (render, review).
    static let style = Option.oneOf(
        "style", NotificationStyle.allCases.map(\.rawValue),
        help: "Which iOS the pictures look like: ios26 (glass; the default) or ios18 (blurred material)."
    ).map { $0.flatMap(NotificationStyle.init(rawValue:)) }

    /// `--max-pixels N`, the pixel limit of the commands that decode images.
    static let maxPixels = Option.wholeNumber(
        "max-pixels", placeholder: "N", range: 1...Int.max,
        help: "Refuse images over N pixels before decoding (default \(ImageLimits.defaultMaxPixels)).")

    /// `--max-pixels N` and `--max-memory MIB`, the image limits of the commands that decode
    /// images (read with `ParsedArguments.imageLimits()`); `memory` ends the second's help.
    static func imageLimits(memory: String = "") -> [any OptionDeclaring] {
        [maxPixels, maxMemory(memory)]
    }

    /// `--max-memory MIB`, the memory budget of the commands that decode images (read with
    /// `ParsedArguments.imageLimits()`); `memory` ends its help.
    static func maxMemory(_ memory: String = "") -> Option<Int?> {
        Option.wholeNumber(
            "max-memory", placeholder: "MIB", range: 1...(Int.max >> 20),
            help:
                "Refuse images whose whole-image buffers would need more than MIB mebibytes (default \(ImageLimits.defaultMaxMemory >> 20))\(memory)."
        )
    }
}

/// A positional argument; `repeated` takes one or more, `optional` allows none.
package struct PositionalDeclaration: Sendable {
    package var name: String
    package var help: String
    package var repeated: Bool
    package var optional: Bool

    package init(_ name: String, help: String, repeated: Bool = false, optional: Bool = false) {
        self.name = name
        self.help = help
        self.repeated = repeated
        self.optional = optional
    }
}
