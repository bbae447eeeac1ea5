/// Why an endpoint could not answer with its result: the status and the problem's kind and words.
struct EndpointError: Error {
    var status: Int
    var kind: String
    var message: String

    /// A request that does not say what it wants properly: 400.
    static func badRequest(_ message: String) -> EndpointError {
        EndpointError(status: 400, kind: "bad-request", message: message)
    }

    var response: ServerResponse { .problem(status, kind, message) }
}
