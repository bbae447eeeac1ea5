import Foundation
import RichPreview

/// `payload --to apns|simctl FILE`: the APNs request a payload, request file or provider message
/// sends, printed as a request file or as a Simulator `.apns` file.
enum PayloadConversion {
    /// A request file: APNs' headers beside the payload.
    struct RequestFile: Encodable {
        var headers: PushHeaders
        var payload: PropertyValue
    }

    /// Prints what `path` sends; nothing on standard output when it cannot be read as a message
    /// or has errors (then they go to standard error and the exit status is 1).
    static func convert(
        _ path: String, toSimulator: Bool, bundleID: String?, provider: PushProvider?, language: String?,
        console: Console
    ) -> ExitStatus {
        let message: ProviderMessage
        do {
            let input = try InputFile.read(path, limit: PayloadDecoder.parseLimit, console: console)
            message = try ProviderMessage.decode(input.data, provider: provider, language: language, file: input.path)
        } catch let error as InputFile.ReadError {
            console.report(.error, file: error.path, error.reason)
            return .failure
        } catch let error as PayloadError {
            console.report(error.findings)
            return .failure
        } catch {
            console.report(.error, file: path, "\(error)")
            return .failure
        }
        console.report(message.findings)
        guard !message.findings.contains(where: { $0.severity == .error }) else { return .failure }
        let payloads = message.requests.compactMap { try? JSONDecoder().decode(PropertyValue.self, from: $0.payload) }
        guard payloads.count == message.requests.count, let first = payloads.first else {
            console.report(.error, file: path, "the payload it sends could not be built")
            return .failure
        }
        if toSimulator {
            guard payloads.count == 1, case .dictionary(var members) = first else {
                console.report(
                    .error, file: path,
                    "holds \(payloads.count) messages; a Simulator .apns file holds one push (split the array)")
                return .failure
            }
            if let bundleID { members[APNsPayload.simulatorTargetBundleKey] = .string(bundleID) }
            console.out(JSONOutput.encode(PropertyValue.dictionary(members)))
            return .success
        }
        let files = zip(message.requests, payloads).map { RequestFile(headers: $0.headers, payload: $1) }
        console.out(files.count == 1 ? JSONOutput.encode(files[0]) : JSONOutput.encode(files))
        return .success
    }
}
