import Foundation
import RichPreview
import RichPreviewImaging

extension NotificationRenderer {
    /// `png(payload:attachment:…)` on `pool` (the library's own threads), so that a server's
    /// cooperative threads are not held while the card is laid out, drawn and encoded.
    /// - Throws: `Failure`, as the synchronous form; `.cancelled` when the task is cancelled before
    ///   the drawing starts.
    public func png(
        payload: Data, attachment: Data? = nil, attachmentName: String = "attachment", state: CardState = .expanded,
        context: ActionContext = .default, width: Int = 375, scale: Int = 2, appearance: Appearance = .light,
        fonts: FontSet? = nil, on pool: WorkerPool = .shared
    ) async throws(Failure) -> Rendered<Data> {
        try await pool.run { () throws(Failure) in
            if Task.isCancelled { throw .cancelled }
            return try png(
                payload: payload, attachment: attachment, attachmentName: attachmentName, state: state,
                context: context, width: width, scale: scale, appearance: appearance, fonts: fonts)
        }
    }

    /// `text(payload:attachment:…)` on `pool` (the library's own threads), off a server's cooperative threads.
    /// - Throws: `Failure`, as the synchronous form; `.cancelled` when the task is cancelled before
    ///   the drawing starts.
    public func text(
        payload: Data, attachment: Data? = nil, attachmentName: String = "attachment", state: CardState = .expanded,
        context: ActionContext = .default, style: TerminalCardRenderer.Style = .text, columns: Int = 80,
        appearance: Appearance = .light, on pool: WorkerPool = .shared
    ) async throws(Failure) -> Rendered<String> {
        try await pool.run { () throws(Failure) in
            if Task.isCancelled { throw .cancelled }
            return try text(
                payload: payload, attachment: attachment, attachmentName: attachmentName, state: state,
                context: context, style: style, columns: columns, appearance: appearance)
        }
    }
}
