import Foundation

/// A payload's JSON read in one strict pass (`JSONReader`, RFC 8259 as APNs' parser takes it): the
/// value, where each key path is first written, and the keys written twice in one object (the last
/// one wins, as in `JSONSerialization`). What is not JSON is one typed `Failure` with its byte
/// offset: a trailing comma, a typographic quote where JSON needs a straight one, a missing comma,
/// or what the reader expected and found.
struct PayloadJSON {
    /// The document's value.
    var value: PropertyValue
    /// The byte offset of each key path's first key (`aps.alert.title`, `items[2].id`), in `utf8`.
    var keyOffsets: [String: Int]
    /// Keys written again in one object: the key path and the repeat's byte offset, in `utf8`.
    var duplicates: [(keyPath: String, offset: Int)]
    /// The bytes read, as UTF-8 (UTF-16 and UTF-32 text converted), which offsets count in.
    var utf8: Data

    /// Why the bytes are not JSON, with the byte offset (in the UTF-8 bytes) where it shows.
    struct Failure: Error, Hashable {
        /// What is wrong.
        enum Kind: Hashable {
            /// A comma just before the `}` or `]` that closes its container.
            case trailingComma(closer: Character)
            /// A typographic quote (“ ” ‘ ’ ＂) where JSON needs `"`.
            case typographicQuote(Character)
            /// A string where a `,` is needed: two members or elements without one between them.
            case missingComma
            /// Anything else, in the reader's words.
            case syntax(String)
        }

        var kind: Kind
        var offset: Int
    }

    /// Reads `data`.
    /// - Throws: `Failure` for the first thing that is not JSON.
    static func read(_ data: Data) throws(Failure) -> PayloadJSON {
        let utf8 = JSONReader.utf8(data)
        var keyOffsets: [String: Int] = [:]
        var duplicates: [(keyPath: String, offset: Int)] = []
        let result = JSONReader.reading(utf8) { reader throws(JSONReader.SyntaxError) -> PropertyValue in
            let value = try readValue(&reader, path: "", keyOffsets: &keyOffsets, duplicates: &duplicates)
            try reader.expectEnd()
            return value
        }
        switch result {
        case .success(let value):
            return PayloadJSON(value: value, keyOffsets: keyOffsets, duplicates: duplicates, utf8: utf8)
        case .failure(let error):
            throw failure(error, in: utf8)
        }
    }

    private static func readValue(
        _ reader: inout JSONReader, path: String, keyOffsets: inout [String: Int],
        duplicates: inout [(keyPath: String, offset: Int)]
    ) throws(JSONReader.SyntaxError) -> PropertyValue {
        switch try reader.peekKind() {
        case .object?:
            try reader.beginObject()
            var members: [String: PropertyValue] = [:]
            var first = true
            while let (key, offset) = try reader.nextKey(first: first) {
                first = false
                let keyPath = path.isEmpty ? key : path + "." + key
                if members[key] != nil {
                    duplicates.append((keyPath, offset))
                } else if keyOffsets[keyPath] == nil {
                    keyOffsets[keyPath] = offset
                }
                members[key] = try readValue(&reader, path: keyPath, keyOffsets: &keyOffsets, duplicates: &duplicates)
            }
            return .dictionary(members)
        case .array?:
            try reader.beginArray()
            var elements: [PropertyValue] = []
            var first = true
            while try reader.nextElement(first: first) {
                first = false
                elements.append(
                    try readValue(
                        &reader, path: "\(path)[\(elements.count)]", keyOffsets: &keyOffsets, duplicates: &duplicates))
            }
            return .array(elements)
        default:
            return try reader.value()
        }
    }

    /// The reader's error as a failure, told apart where a payload's author most often goes wrong.
    private static func failure(_ error: JSONReader.SyntaxError, in utf8: Data) -> Failure {
        if let (offset, quote) = JSONSyntax.typographicQuote(in: utf8, before: error.offset) {
            return Failure(kind: .typographicQuote(quote), offset: offset)
        }
        switch error.kind {
        case .trailingComma(let closer):
            // Placed at the comma, the byte to remove, not at the bracket the reader stopped at.
            var comma = error.offset - 1
            while comma > 0, utf8[utf8.startIndex + comma] != UInt8(ascii: ",") { comma -= 1 }
            return Failure(kind: .trailingComma(closer: closer), offset: comma)
        case .missingComma: return Failure(kind: .missingComma, offset: error.offset)
        case .other: return Failure(kind: .syntax(error.reason), offset: error.offset)
        }
    }
}
