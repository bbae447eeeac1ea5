import RichPreview

extension CommonOptions {
    /// `--type-hint UTI`, the type hint the service extension gives the attachment.
    static func typeHint(help: String) -> Option<String?> { Option.value("type-hint", placeholder: "UTI", help: help) }
    /// `--thumbnail-clip X,Y,W,H`, the thumbnail's clipping rectangle in unit coordinates.
    static func thumbnailClip(help: String) -> Option<String?> {
        Option.value("thumbnail-clip", placeholder: "X,Y,W,H", help: help)
    }
    /// `--thumbnail-time T`, the thumbnail's time: seconds into a movie, a GIF's frame.
    static func thumbnailTime(placeholder: String, help: String) -> Option<String?> {
        Option.value("thumbnail-time", placeholder: placeholder, help: help)
    }
    /// `--thumbnail-hidden`, no thumbnail in the banner.
    static func thumbnailHidden(help: String) -> Option<Bool> { Option.flag("thumbnail-hidden", help: help) }
}

extension ParsedArguments {
    /// The attachment options of `--type-hint UTI`, `--thumbnail-clip X,Y,W,H`, `--thumbnail-time T`
    /// and `--thumbnail-hidden`, for the commands that declare them (those they do not are unset).
    /// Numbers out of range are kept, for `attachment-thumbnail-invalid` to report; text that is
    /// not a number is a usage error.
    func attachmentOptions() throws(UsageError) -> AttachmentOptions {
        var options = AttachmentOptions(
            typeHint: self[CommonOptions.typeHint(help: "")],
            thumbnailHidden: self[CommonOptions.thumbnailHidden(help: "")])
        if let clip = self[CommonOptions.thumbnailClip(help: "")] {
            let numbers = clip.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            guard numbers.count == 4, case let values = numbers.compactMap({ $0 }), values.count == 4 else {
                throw UsageError("--thumbnail-clip needs X,Y,W,H as four numbers, not '\(clip.echoed)'")
            }
            options.thumbnailClippingRect = UnitRect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        if let time = self[CommonOptions.thumbnailTime(placeholder: "", help: "")] {
            guard let seconds = Double(time) else {
                throw UsageError("--thumbnail-time needs a number, not '\(time.echoed)'")
            }
            options.thumbnailTime = seconds
        }
        return options
    }
}
