/// One family of a `FontSet`'s fallback chain and the file it uses for each weight.
public struct FontSource: Sendable, Equatable {
    /// The family name, for example `Inter` or `Noto Sans CJK SC`.
    public var family: String
    /// The file used for each weight: the family's nearest weight when it lacks one.
    public var files: [FontWeight: FontFile]
    /// True for the colour emoji font, which emoji-presentation characters try first.
    public var isEmoji: Bool
}
