/// An error enum whose debug description (`String(reflecting:)`, `debugPrint`, a debugger's
/// summary, a test failure) names its type, its case and the case's values, beside the sentence
/// for users its `description` gives: `ImageDecodingError.corrupt(format: jpeg, reason: "…")`.
public protocol CaseNamingError: Error, CustomStringConvertible, CustomDebugStringConvertible {
    /// The name of the current case when it carries no values (reflection names only cases
    /// with values); nil when it carries some.
    var nameOfCaseWithoutValues: String? { get }
}

extension CaseNamingError {
    /// Nil: every case carries values.
    public var nameOfCaseWithoutValues: String? { nil }

    /// `Type.case(label: value, …)`, the values as `String(reflecting:)` writes them.
    public var debugDescription: String {
        // The type as it is named in code, its enclosing types included, without the module.
        let type = String(reflecting: Self.self).split(separator: ".").dropFirst().joined(separator: ".")
        guard let child = Mirror(reflecting: self).children.first, let name = child.label else {
            return "\(type).\(nameOfCaseWithoutValues ?? "?")"
        }
        let values = Mirror(reflecting: child.value)
        guard values.displayStyle == .tuple else { return "\(type).\(name)(\(String(reflecting: child.value)))" }
        let written = values.children.map { element in
            let value = String(reflecting: element.value)
            guard let label = element.label, !label.hasPrefix(".") else { return value }
            return "\(label): \(value)"
        }
        return "\(type).\(name)(\(written.joined(separator: ", ")))"
    }
}
