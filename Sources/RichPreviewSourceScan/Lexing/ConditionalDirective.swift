/// A conditional-compilation directive as the lexer passes it: which one, where its `#` is, and
/// the bytes of its condition.
package struct ConditionalDirective: Sendable {
    /// The directives that open, continue or close a conditional block.
    package enum Kind: String, Sendable {
        case `if`, elseif, `else`, endif, ifdef, ifndef, elif

        /// The directive `name` spells, if it is one: its bytes packed little-endian into an
        /// integer and compared with each directive's (every `#import` and `#selector` is asked).
        init?(_ name: some Collection<UInt8>) {
            guard name.count >= 2, name.count <= 6 else { return nil }
            var packed: UInt64 = 0
            var shift: UInt64 = 0
            for byte in name {
                packed |= UInt64(byte) << shift
                shift += 8
            }
            switch packed {
            case 0x6669: self = .if
            case 0x6573_6C65: self = .else
            case 0x6669_6C65: self = .elif
            case 0x66_6964_6E65: self = .endif
            case 0x66_6564_6669: self = .ifdef
            case 0x6669_6573_6C65: self = .elseif
            case 0x6665_646E_6669: self = .ifndef
            default: return nil
            }
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
