import Foundation
import RichPreview

/// Reads a file named on the command line, or standard input for `-`, into memory or a mapping.
struct InputFile {
    /// Why a named input could not be read.
    struct ReadError: Error, Equatable {
        /// The path as given, or `<stdin>`.
        var path: String
        var failure: FileContents.ReadFailure

        var reason: String { failure.reason }
    }

    /// The path as given, or `<stdin>` for standard input.
    let path: String
    let data: Data

    /// The most bytes of an image, audio or movie read, from a file or standard input.
    static let mediaLimit = FileContents.mediaLimit

    /// The name inputs read from standard input are reported under.
    static let standardInputName = "<stdin>"

    /// Reads `path`, or standard input for `-`. `limit` refuses a larger input: a regular file from
    /// its size before reading, a stream (standard input, a pipe, a device) as soon as it passes the
    /// limit. `limit` nil accepts a regular file of any size, mapped rather than copied; a stream
    /// is then capped at `FileContents.sizeLimit`.
    static func read(_ path: String, limit: Int?, console: Console) throws(ReadError) -> InputFile {
        if path == "-" {
            do {
                return InputFile(
                    path: standardInputName, data: try console.readStandardInput(limit ?? FileContents.sizeLimit))
            } catch {
                throw ReadError(path: standardInputName, failure: error)
            }
        }
        do {
            return InputFile(path: path, data: try FileContents.read(path: path, limit: limit, mapped: true))
        } catch {
            throw ReadError(path: path, failure: error)
        }
    }
}
