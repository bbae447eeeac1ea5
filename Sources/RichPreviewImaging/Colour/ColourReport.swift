/// What a decode did with an image's ICC profile.
public struct ColourReport: Sendable, Equatable, Codable {
    /// What was done.
    public enum Action: String, Sendable, Codable {
        /// The pixels were converted from the profile to sRGB (Little CMS, perceptual intent).
        case converted
        /// The profile is sRGB in effect: the pixels are kept bit for bit.
        case alreadySRGB = "already-srgb"
        /// The pixels were kept as stored and the profile carried to the output, as asked
        /// (`ScaleRequest.keepsProfile`, `scale --keep-profile`).
        case kept
        /// The profile could not be used (damaged, not an RGB or grey input profile, or Little CMS
        /// is not installed): the pixels are kept as stored, as if there were none.
        case ignored
    }

    /// What was done.
    public var action: Action
    /// The profile's description (`Display P3`); empty when it has none or could not be read.
    public var profile: String
    /// Why the profile was ignored, for a warning.
    public var problem: String?

    /// A report from its parts.
    public init(action: Action, profile: String, problem: String? = nil) {
        self.action = action
        self.profile = profile
        self.problem = problem
    }
}
