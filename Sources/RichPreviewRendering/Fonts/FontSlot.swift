import Synchronization

/// A font file of the chain, opened on first use; a failure to open is kept and not retried.
final class FontSlot: Sendable {
    let file: FontFile
    /// The family it stands for in the chain, or the file's own name for a last-resort font.
    let family: String
    /// Its face is shaped without substitutions that draw characters the text lacks.
    let shapesLiterally: Bool

    private enum State {
        case unopened
        case opened(FontFace)
        case failed(FontError)
    }

    private let state = Mutex<State>(.unopened)

    init(file: FontFile, family: String, shapesLiterally: Bool = false) {
        self.file = file
        self.family = family
        self.shapesLiterally = shapesLiterally
    }

    /// The face, opening it now if needed.
    /// - Throws: the `FontError` of the first attempt to open it.
    func open() throws(FontError) -> FontFace {
        let result: Result<FontFace, FontError> = state.withLock { state in
            switch state {
            case .opened(let face): return .success(face)
            case .failed(let error): return .failure(error)
            case .unopened:
                do throws(FontError) {
                    let face = try FontFace(
                        path: file.path, faceIndex: file.faceIndex, shapesLiterally: shapesLiterally)
                    state = .opened(face)
                    return .success(face)
                } catch {
                    state = .failed(error)
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// The face, or nil when it could not be opened (the error is in `failure`).
    var face: FontFace? { try? open() }

    /// Why the face could not be opened, if it was tried and failed.
    var failure: FontError? {
        state.withLock { state in
            if case .failed(let error) = state { return error }
            return nil
        }
    }
}
