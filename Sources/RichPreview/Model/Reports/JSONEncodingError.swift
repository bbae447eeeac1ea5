import Foundation

/// Why a value could not be written as JSON (a floating-point infinity or NaN, or a value whose
/// own encoding failed): where in the value, and the encoder's reason.
public struct JSONEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The keys and indices down to the value that failed, dot-separated; empty for the top.
    public var codingPath: String
    /// The encoder's message.
    public var reason: String

    /// The error Foundation's `JSONEncoder` threw, as this library throws it.
    init(_ error: any Error) {
        guard let error = error as? EncodingError, case .invalidValue(_, let context) = error else {
            codingPath = ""
            reason = "\(error)"
            return
        }
        codingPath = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        reason = context.debugDescription
    }

    /// One line for users.
    public var description: String {
        "cannot write JSON" + (codingPath.isEmpty ? "" : " at \(codingPath)") + ": \(reason)"
    }
}
