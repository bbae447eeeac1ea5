import Foundation
import RichPreview
import RichPreviewSystem

extension RenderCommand {
    /// The app's identity read from the project folder `folder` (`--project`), its notes
    /// reported; nil, the error reported, when `folder` is not a folder.
    static func projectIdentity(_ folder: String, console: Console) -> AppIdentity? {
        guard (try? FileStatus.of(path: folder))?.kind == .directory else {
            console.report(.error, file: folder, "not a folder: --project takes the app's project folder")
            return nil
        }
        let identity = AppIdentity.read(project: folder)
        for note in identity.notes { console.note(note.file ?? folder, note.message) }
        return identity
    }
}
