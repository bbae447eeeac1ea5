import RichPreview

extension ParsedArguments {
    /// The attachment options of `--type-hint UTI`, `--thumbnail-clip X,Y,W,H`, `--thumbnail-time T`
    /// and `--thumbnail-hidden`, for the commands that declare them. Numbers out of range are kept,
    /// for `attachment-thumbnail-invalid` to report; text that is not a number is a usage error.
    func attachmentOptions() throws(UsageError) -> AttachmentOptions {
        var options = AttachmentOptions(typeHint: value("type-hint"), thumbnailHidden: flag("thumbnail-hidden"))
        if let clip = value("thumbnail-clip") {
            let numbers = clip.split(separator: ",", omittingEmptySubsequences: false).map {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            guard numbers.count == 4, case let values = numbers.compactMap({ $0 }), values.count == 4 else {
                throw UsageError("--thumbnail-clip needs X,Y,W,H as four numbers, not '\(clip.echoed)'")
            }
            options.thumbnailClippingRect = UnitRect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        if let time = value("thumbnail-time") {
            guard let seconds = Double(time) else {
                throw UsageError("--thumbnail-time needs a number, not '\(time.echoed)'")
            }
            options.thumbnailTime = seconds
        }
        return options
    }
}
