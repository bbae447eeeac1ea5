import CRichPreviewLCMS

/// A conversion of decoded 8-bit RGBA pixels from an image's ICC profile to sRGB, through Little
/// CMS (`CRichPreviewLCMS`, loaded the first time an image with a profile other than sRGB is
/// decoded), perceptual intent, alpha untouched.
final class ICCTransform: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The profile's description (`Display P3`), for reports.
    let profileName: String

    /// What an image's profile asks of its pixels.
    enum Outcome {
        /// Converted to sRGB by the transform.
        case convert(ICCTransform)
        /// sRGB already, in effect: the pixels are kept bit for bit.
        case identity
        /// The profile cannot be used (damaged, not an RGB or grey input profile, or Little CMS is
        /// not installed): the pixels are kept as they are, with this reason for a warning.
        case unusable(reason: String)
    }

    private init(handle: OpaquePointer, profileName: String) {
        self.handle = handle
        self.profileName = profileName
    }

    deinit { crp_lcms_transform_destroy(handle) }

    /// The transform for `profile`.
    static func make(profile: [UInt8]) -> Outcome {
        var message = [CChar](repeating: 0, count: 512)
        var handle: OpaquePointer?
        let status = profile.withUnsafeBufferPointer { bytes in
            crp_lcms_transform_create(bytes.baseAddress, bytes.count, &handle, &message, message.count)
        }
        let reason = CMessage.string(message)
        switch status {
        case CRP_LCMS_OK:
            guard let handle else { return .unusable(reason: "Little CMS made no transform") }
            return .convert(ICCTransform(handle: handle, profileName: description(of: profile)))
        case CRP_LCMS_IDENTITY:
            return .identity
        case CRP_LCMS_LIBRARY_UNAVAILABLE:
            var report = crp_lcms_library_report()
            _ = crp_lcms_load(&report)
            return .unusable(
                reason:
                    "\(CMessage.string(field: report.library)) cannot be loaded (install the Debian package \(CMessage.string(field: report.package))): \(CMessage.string(field: report.reason))"
            )
        case CRP_LCMS_OUT_OF_MEMORY:
            return .unusable(reason: "out of memory for its colour transform")
        default:
            return .unusable(reason: reason.isEmpty ? "Little CMS cannot read it" : reason)
        }
    }

    /// Loads Little CMS now; nil when it loads, else `library (package): reason`.
    static func loadLibrary() -> String? {
        var report = crp_lcms_library_report()
        guard crp_lcms_load(&report) != CRP_LCMS_OK else { return nil }
        return CMessage.libraryProblem(library: report.library, package: report.package, reason: report.reason)
    }

    /// The profile's description tag, or "" when it has none.
    static func description(of profile: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: 256)
        profile.withUnsafeBufferPointer { bytes in
            crp_lcms_profile_description(bytes.baseAddress, bytes.count, &text, text.count)
        }
        return CMessage.string(text)
    }

    /// Converts `count` pixels at `pixels` in place.
    func apply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        crp_lcms_transform_apply(handle, pixels, count)
    }
}
