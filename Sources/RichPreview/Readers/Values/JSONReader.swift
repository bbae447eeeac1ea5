import Foundation

/// A strict JSON reader (RFC 8259) that walks UTF-8 bytes in place: values are built only where
/// asked for, one at a time, so a reader can take a large document element by element.
///
/// Foundation's `JSONSerialization` builds the whole document as Foundation objects first, which on
/// Linux costs many times the text (`Benchmarks/hostile-inputs.md` has the figures for manifests).
/// This reader keeps nothing but the value it is asked for, refuses what RFC 8259 refuses
/// (trailing commas, comments, control characters in strings, lone surrogates, invalid UTF-8,
/// leading zeros) and says where, by byte offset. Objects nest at most `maximumDepth` deep.
struct JSONReader {
    /// Why the bytes are not JSON, and the byte offset where reading stopped.
    struct SyntaxError: Error, Equatable {
        var offset: Int
        var reason: String
        /// What went wrong, where a writer most often goes wrong.
        var kind: Kind = .other

        /// What went wrong, told apart where a writer most often goes wrong.
        enum Kind: Equatable {
            /// A comma just before the `}` or `]` that closes its container.
            case trailingComma(closer: Character)
            /// A string where a `,` belongs: two members or elements without one between them.
            case missingComma
            /// Anything else; `reason` says what.
            case other
        }
    }

    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    /// The byte offset of the next byte to read.
    private(set) var offset: Int
    private var depth = 0

    /// Runs `body` with a reader over `data`'s bytes as UTF-8 (UTF-16 and UTF-32 JSON, which
    /// RFC 8259 allows readers to take and Foundation takes, are converted first).
    static func reading<Value>(
        _ data: Data, _ body: (inout JSONReader) throws(SyntaxError) -> Value
    ) -> Result<Value, SyntaxError> {
        let utf8 = Self.utf8(data)
        return utf8.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes)
            do throws(SyntaxError) {
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Why `data` is not one JSON document, or nil when it is.
    static func check(_ data: Data) -> SyntaxError? {
        let result = reading(data) { reader throws(SyntaxError) in
            try reader.skipValue()
            try reader.expectEnd()
        }
        if case .failure(let error) = result { return error }
        return nil
    }

    /// `data` as UTF-8: UTF-16 or UTF-32 text (told by a byte-order mark or by the zero bytes
    /// around its first character, as RFC 4627 describes) is converted; anything else is left.
    static func utf8(_ data: Data) -> Data {
        guard data.count >= 2 else { return data }
        let head = [UInt8](data.prefix(4))
        let encoding: String.Encoding? =
            switch (head.count == 4, head[0], head[1], head.count > 2 ? head[2] : 1, head.count > 3 ? head[3] : 1) {
            case (true, 0, 0, 0xFE, 0xFF), (true, 0, 0, 0, _): .utf32BigEndian
            case (true, 0xFF, 0xFE, 0, 0), (true, _, 0, 0, 0): .utf32LittleEndian
            case (_, 0xFE, 0xFF, _, _), (_, 0, _, _, _): .utf16BigEndian
            case (_, 0xFF, 0xFE, _, _), (_, _, 0, _, _): .utf16LittleEndian
            default: nil
            }
        guard let encoding, var text = String(data: data, encoding: encoding) else { return data }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return Data(text.utf8)
    }

    /// A reader over `bytes`, which must outlive it; a UTF-8 byte-order mark is passed over.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// What the next value is, after white space.
    enum Kind: Equatable {
        case object, array, string, number, boolean, null
    }

    /// The kind of the value at the reading position, or nil at the end of the bytes.
    mutating func peekKind() throws(SyntaxError) -> Kind? {
        skipWhitespace()
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: throw unexpected("a value")
        }
    }

    /// Checks that only white space follows the document's value.
    mutating func expectEnd() throws(SyntaxError) {
        skipWhitespace()
        guard offset == bytes.count else { throw unexpected("the end of the document") }
    }

    // MARK: Containers, member by member

    /// Consumes the `{` of an object.
    mutating func beginObject() throws(SyntaxError) {
        try expect(UInt8(ascii: "{"), "'{'")
        try enter()
    }

    /// The next member's key (its value comes next), or nil after the object's `}`. `first` is
    /// true for the first call after `beginObject`.
    mutating func nextKey(first: Bool) throws(SyntaxError) -> (key: String, offset: Int)? {
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return nil
        }
        if !first {
            try expectComma(before: "}")
        }
        let keyOffset = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected("a string key") }
        let key = try string(building: true)
        try expect(UInt8(ascii: ":"), "':' after the key")
        return (key, keyOffset)
    }

    /// Consumes the `[` of an array.
    mutating func beginArray() throws(SyntaxError) {
        try expect(UInt8(ascii: "["), "'['")
        try enter()
    }

    /// Whether another element follows (then it is next to read), or false after the array's `]`.
    mutating func nextElement(first: Bool) throws(SyntaxError) -> Bool {
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        }
        if !first {
            try expectComma(before: "]")
        }
        return true
    }

    // MARK: Whole values

    /// Reads the value at the reading position, whole.
    mutating func value() throws(SyntaxError) -> PropertyValue {
        guard let kind = try peekKind() else { throw unexpected("a value") }
        switch kind {
        case .object:
            try beginObject()
            var members: [String: PropertyValue] = [:]
            var first = true
            while let (key, _) = try nextKey(first: first) {
                first = false
                members[key] = try value()
            }
            return .dictionary(members)
        case .array:
            try beginArray()
            var elements: [PropertyValue] = []
            var first = true
            while try nextElement(first: first) {
                first = false
                elements.append(try value())
            }
            return .array(elements)
        case .string:
            return .string(try string(building: true))
        case .number:
            return try number()
        case .boolean:
            if matchWord("true") { return .boolean(true) }
            if matchWord("false") { return .boolean(false) }
            throw unexpected("true or false")
        case .null:
            guard matchWord("null") else { throw unexpected("null") }
            return .null
        }
    }

    /// Reads past the value at the reading position, checking it, building nothing.
    mutating func skipValue() throws(SyntaxError) {
        guard let kind = try peekKind() else { throw unexpected("a value") }
        switch kind {
        case .object:
            try beginObject()
            var first = true
            while try nextKey(first: first) != nil {
                first = false
                try skipValue()
            }
        case .array:
            try beginArray()
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValue()
            }
        case .string:
            _ = try string(building: false)
        case .number, .boolean, .null:
            _ = try value()
        }
    }

    /// Moves the reading position to `offset`, one the reader reported (a key's, or a value's start).
    mutating func seek(to offset: Int, depth: Int) {
        self.offset = offset
        self.depth = depth
    }

    /// How deep in containers the reader is now.
    var nesting: Int { depth }

    // MARK: Tokens

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw SyntaxError(
                offset: offset - 1, reason: "arrays and objects nested more than \(Self.maximumDepth) deep")
        }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The comma between two members or elements of a container that `closer` ends.
    private mutating func expectComma(before closer: Character) throws(SyntaxError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else {
            var error = unexpected("',' or '\(closer)'")
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") { error.kind = .missingComma }
            throw error
        }
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == closer.asciiValue {
            throw SyntaxError(
                offset: offset, reason: "a trailing comma before '\(closer)'", kind: .trailingComma(closer: closer))
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { throw unexpected(what) }
        offset += 1
    }

    private mutating func matchWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
        offset += count
        return true
    }

    private func unexpected(_ expected: String) -> SyntaxError {
        guard offset < bytes.count else {
            return SyntaxError(offset: offset, reason: "the document ends where \(expected) is expected")
        }
        let byte = bytes[offset]
        let found =
            byte >= 0x21 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
        return SyntaxError(offset: offset, reason: "expected \(expected), found \(found)")
    }

    private mutating func number() throws(SyntaxError) -> PropertyValue {
        let start = offset
        var isInteger = true
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else {
            throw unexpected("a digit")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                throw SyntaxError(offset: start, reason: "a number with a leading zero")
            }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() > 0 else { throw unexpected("a digit after '.'") }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard skipDigits() > 0 else { throw unexpected("a digit in the exponent") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        return .real(Double(text) ?? .nan)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset - start
    }

    /// Reads the string at the reading position (its opening quote), decoding escapes; when not
    /// `building`, only checks it and returns "".
    private mutating func string(building: Bool) throws(SyntaxError) -> String {
        offset += 1
        let start = offset
        // The common case, no escape: the run is checked as UTF-8 and made a string in one step.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                return try utf8(run, at: start, building: building)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter() }
            offset += 1
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: try utf8(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), at: start, building: true)
                .unicodeScalars)
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                return building ? String(scalars) : ""
            case UInt8(ascii: "\\"):
                scalars.append(try escape())
            case 0..<0x20:
                throw controlCharacter()
            default:
                let runStart = offset
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"),
                    bytes[offset] >= 0x20
                {
                    offset += 1
                }
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset])
                scalars.append(contentsOf: try utf8(run, at: runStart, building: true).unicodeScalars)
            }
        }
        throw SyntaxError(offset: start - 1, reason: "a string that is never closed")
    }

    private func controlCharacter() -> SyntaxError {
        SyntaxError(
            offset: offset,
            reason:
                "control character U+\(String(format: "%04X", bytes[offset])) inside a string (write it as an escape)")
    }

    /// The run as a string (or "" when not `building`), refused unless it is UTF-8.
    private func utf8(_ run: UnsafeRawBufferPointer, at start: Int, building: Bool) throws(SyntaxError) -> String {
        if run.allSatisfy({ $0 < 0x80 }) { return building ? String(decoding: run, as: UTF8.self) : "" }
        if let text = String(validating: run, as: UTF8.self) { return building ? text : "" }
        var iterator = run.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { consumed += UTF8.width(scalar) }
        throw SyntaxError(offset: start + consumed, reason: "bytes that are not UTF-8 inside a string")
    }

    /// Reads one escape (`\n`, `\u00E9`, a surrogate pair) at the reading position.
    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw unexpected("an escape") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad(escapeStart: start)
            switch first {
            case 0xD800...0xDBFF:
                guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw SyntaxError(offset: start, reason: "a high surrogate escape without its low half") }
                offset += 2
                let second = try hexQuad(escapeStart: offset - 2)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw SyntaxError(offset: start, reason: "a high surrogate escape without its low half")
                }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            case 0xDC00...0xDFFF:
                throw SyntaxError(offset: start, reason: "a low surrogate escape without its high half")
            default:
                return Unicode.Scalar(first)!
            }
        default:
            offset -= 1
            throw SyntaxError(offset: start, reason: "an unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(SyntaxError) -> UInt32 {
        guard bytes.count - offset >= 4 else {
            throw SyntaxError(offset: escapeStart, reason: "a \\u escape without four hex digits")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw SyntaxError(offset: escapeStart, reason: "a \\u escape without four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
