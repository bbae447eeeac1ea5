import Foundation
import RichPreview

/// Reads a file named on the command line, or standard input for `-`, into memory or a mapping.
struct InputFile {
    /// Standard input is read whole; more than this is refused.
    static let standardInputLimit = 256 * 1024 * 1024

    /// Why a named input could not be read.
    struct ReadError: Error, Equatable {
        var path: String
        var reason: String
    }

    let path: String
    let data: Data

    static func read(_ path: String, console: Console) throws(ReadError) -> InputFile {
        if path == "-" {
            let data: Data
            do {
                data = try console.readStandardInput()
            } catch {
                throw ReadError(path: "-", reason: "cannot read standard input: \(error.localizedDescription)")
            }
            guard data.count <= standardInputLimit else {
                throw ReadError(path: "-", reason: "standard input is over \(standardInputLimit) bytes")
            }
            return InputFile(path: "<stdin>", data: data)
        }
        do {
            return InputFile(
                path: path, data: try FileContents.read(URL(fileURLWithPath: path), limit: nil, mapped: true))
        } catch {
            throw ReadError(path: path, reason: error.reason)
        }
    }
}
