/// Consecutive grapheme clusters of a line drawn with one font, as code points to shape.
struct FontRun {
    var face: FontFace
    var family: String
    /// The code points, controls replaced by spaces.
    var scalars: [UInt32]
    /// The index in the line's code points of the run's first one.
    var firstScalar: Int
    /// Clusters no installed font has, each drawn as one empty box.
    var isMissing = false
}
