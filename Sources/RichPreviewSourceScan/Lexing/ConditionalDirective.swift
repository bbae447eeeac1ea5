/// A conditional-compilation directive as the lexer passes it: which one, where its `#` is, and
/// the bytes of its condition.
package struct ConditionalDirective: Sendable {
    /// The directives that open, continue or close a conditional block.
    package enum Kind: String, Sendable {
        case `if`, elseif, `else`, endif, ifdef, ifndef, elif

        /// The directive `name` spells, if it is one.
        init?(_ name: some Collection<UInt8>) {
            guard let kind = Kind(rawValue: String(decoding: name, as: UTF8.self)) else { return nil }
            self = kind
        }

        /// Swift writes it (`#if`, `#elseif`, `#else`, `#endif`).
        var isSwift: Bool { self == .if || self == .elseif || self == .else || self == .endif }
        /// Only Swift writes it (`#elseif`).
        var isSwiftOnly: Bool { self == .elseif }
        /// It opens a block.
        var opens: Bool { self == .if || self == .ifdef || self == .ifndef }
        /// It ends the branch before it and starts another.
        var continues: Bool { self == .elseif || self == .else || self == .elif }
    }

    /// Which directive.
    package var kind: Kind
    /// The byte offset of its `#`.
    package var offset: Int32
    /// The bytes of its condition (empty for `#else` and `#endif`, whatever follows them).
    package var condition: Range<Int32>
}
