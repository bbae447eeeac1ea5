/// What one opened face is: names, metrics in font units and the kind of glyphs it has.
struct FaceInfo: Sendable, Equatable {
    var familyName: String
    var styleName: String
    var unitsPerEm: Int
    /// Font units above the baseline, positive.
    var ascender: Int
    /// Font units below the baseline, positive (the font's own value is negative).
    var descender: Int
    var lineGap: Int
    /// Font units from the baseline to the top of a flat capital; 0 when the font does not say.
    var capHeight: Int
    var glyphCount: Int
    /// Faces in the file: more than 1 for a `.ttc` collection.
    var faceCount: Int
    var isScalable: Bool
    var hasColor: Bool
    var strikeCount: Int
}
