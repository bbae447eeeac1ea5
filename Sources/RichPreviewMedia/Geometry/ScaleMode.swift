/// How an image is sized into a box, as UIKit's content modes.
public enum ScaleMode: String, Sendable, CaseIterable, Codable {
    /// `scaleAspectFit`: the whole image inside the box, aspect kept; the output is the fitted size.
    case fit
    /// `scaleAspectFill`: the box covered, aspect kept, the overflow cropped equally from both sides.
    case fill
    /// `scaleToFill`: stretched to the box, aspect not kept.
    case stretch
}
