/// An option declared once, with the type its value is read as: the declaration the parser, the
/// usage line and the help are written from, and how the values given become a `Value`. A command
/// reads it back with `arguments[option]`, so a misspelt name does not compile.
package struct Option<Value: Sendable>: Sendable, OptionDeclaring {
    /// What the parser checks and the help shows.
    package let declaration: OptionDeclaration
    /// The value, from the values given for it (in order) and whether it was given at all.
    let read: @Sendable (_ values: [String], _ given: Bool) -> Value

    /// An option read by `read` from the values given.
    package init(
        _ declaration: OptionDeclaration, read: @escaping @Sendable (_ values: [String], _ given: Bool) -> Value
    ) {
        self.declaration = declaration
        self.read = read
    }

    /// The same option, its value passed through `transform`.
    package func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> Option<Other> {
        let read = self.read
        return Option<Other>(declaration) { values, given in transform(read(values, given)) }
    }
}

/// What a command declares its options with: a typed `Option`, or a bare `OptionDeclaration`
/// read through one of the shared readers (`ParsedArguments.imageLimits()`).
package protocol OptionDeclaring: Sendable {
    /// The declaration.
    var declaration: OptionDeclaration { get }
}

extension OptionDeclaration: OptionDeclaring {
    /// Itself.
    package var declaration: OptionDeclaration { self }
}

extension Option where Value == Bool {
    /// A switch: true when given.
    package static func flag(_ long: String, short: Character? = nil, help: String) -> Self {
        Option(OptionDeclaration(long, short: short, help: help)) { _, given in given }
    }
}

extension Option where Value == String? {
    /// One value (the last given), nil when not given.
    package static func value(
        _ long: String, short: Character? = nil, placeholder: String, values: OptionDeclaration.Values = .text,
        required: Bool = false, help: String
    ) -> Self {
        Option(
            OptionDeclaration(
                long, short: short, arity: .value(placeholder: placeholder), values: values, required: required,
                help: help)
        ) { values, _ in values.last }
    }

    /// One of `words`.
    package static func oneOf(_ long: String, _ words: [String], help: String) -> Self {
        Option(OptionDeclaration.oneOf(long, words, help: help)) { values, _ in values.last }
    }
}

extension Option where Value == [String] {
    /// A value that may be given again, every one in order.
    package static func repeated(
        _ long: String, short: Character? = nil, placeholder: String, values: OptionDeclaration.Values = .text,
        required: Bool = false, help: String
    ) -> Self {
        Option(
            OptionDeclaration(
                long, short: short, arity: .repeatedValue(placeholder: placeholder), values: values,
                required: required, help: help)
        ) { values, _ in values }
    }
}

extension Option where Value == Int? {
    /// A whole number in `range` (the parser refuses any other), nil when not given.
    package static func wholeNumber(
        _ long: String, short: Character? = nil, placeholder: String, range: ClosedRange<Int>, help: String
    ) -> Self {
        Option(
            OptionDeclaration(
                long, short: short, arity: .value(placeholder: placeholder), values: .wholeNumber(range), help: help)
        ) { values, _ in values.last.flatMap { Int($0) } }
    }
}
