import Foundation
import RichPreview
import RichPreviewImaging

extension NotificationRenderJob {
    /// The bytes of the project's icon when it decodes within `limits`; nil, with a note naming
    /// the file and why, when it does not (the tile with the name's initial is drawn instead).
    func projectIconBytes(report: (RenderEvent) -> Void) -> Data? {
        guard let icon = projectIcon else { return nil }
        do {
            // Decoded once, into a box of one pixel (shrink-on-load), to find out before drawing.
            _ = try ImageScaler.scale(
                icon.data, to: ScaleRequest(box: PixelSize(width: 1, height: 1), mode: .fill, limits: limits))
            return icon.data
        } catch {
            report(.note(file: icon.file, "the app icon is not drawn: \(error)"))
            return nil
        }
    }

    /// The bytes of the template images `actions` name as their icons, by name, from `imageSets`;
    /// each that is not there or cannot be read is a note naming the action, and is left out.
    func actionImageBytes(_ actions: [CardAction], file: String, report: (RenderEvent) -> Void) -> [String: Data] {
        var images: [String: Data] = [:]
        var tried: Set<String> = []
        for action in actions {
            guard let icon = action.icon, icon.kind == .templateImage, tried.insert(icon.name).inserted else {
                continue
            }
            let lead = "action '\(action.identifier)' is drawn without its icon, the template image '\(icon.name)'"
            guard let imageSets else {
                report(.note(file: file, "\(lead): images are read from the app's asset catalogs (give --project)"))
                continue
            }
            do throws(ProjectImageSets.Problem) {
                guard let image = try imageSets.image(named: icon.name, scale: scale) else {
                    report(
                        .note(
                            file: file,
                            "\(lead): the project's asset catalogs have no image set of that name (lint's action-icon-image-missing says whether the bundle has one at all)"
                        ))
                    continue
                }
                images[icon.name] = image.data
            } catch {
                report(.note(file: error.file, "\(lead): \(error.message)"))
            }
        }
        return images
    }

    /// The bytes of the sender's avatar (`.some(nil)` without one); nil, the error reported, when
    /// it cannot be read or is not an image.
    func avatarBytes(report: (RenderEvent) -> Void) -> Data?? {
        guard let path = avatar else { return .some(nil) }
        guard let bytes = imageBytes(path, naming: "the avatar", report: report) else { return nil }
        return .some(bytes)
    }
}
