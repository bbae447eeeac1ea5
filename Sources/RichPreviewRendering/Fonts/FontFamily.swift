/// A family the renderer knows: where its Debian package installs each weight, relative to a
/// fonts folder such as `/usr/share/fonts`, and its place in the fallback chain.
struct FontFamily: Sendable {
    var name: String
    /// The Debian package that installs it, for messages.
    var package: String
    /// Relative path of each weight's file; a missing weight falls back to the nearest one present.
    var files: [FontWeight: String]
    var faceIndex: Int
    var isEmoji: Bool
    /// The chain cannot be built without it: text metrics come from it.
    var isRequired: Bool
    /// The only script it is tried for, when it draws one (a Noto Sans script family): its
    /// file is not opened for characters outside that script's blocks.
    var script: WritingScript? = nil
    /// Shaped without the substitutions iOS's system font does not make (contextual alternates
    /// and ligatures that draw a character the text lacks): the stand-in for SF Pro.
    var shapesLiterally = false
    /// The language's face of Noto Sans CJK this family is, for the CJK family of the chain.
    var cjkFace: CJKFace? = nil

    /// Inter, the stand-in for SF Pro, whose metrics set line heights.
    static let inter = FontFamily(
        name: "Inter", package: "fonts-inter",
        files: [
            .regular: "opentype/inter/Inter-Regular.otf", .semibold: "opentype/inter/Inter-SemiBold.otf",
            .bold: "opentype/inter/Inter-Bold.otf",
        ], faceIndex: 0, isEmoji: false, isRequired: true, shapesLiterally: true)

    /// Noto Sans CJK, Simplified Chinese face (index 2 of the collection) unless a language picks
    /// another (`FontSet.forLanguage`); every face also covers the other languages' characters.
    static let notoSansCJK = notoSansCJK(.standard)

    /// Noto Sans CJK in the face of one language.
    static func notoSansCJK(_ face: CJKFace) -> FontFamily {
        FontFamily(
            name: face.familyName, package: "fonts-noto-cjk",
            files: [.regular: "opentype/noto/NotoSansCJK-Regular.ttc", .bold: "opentype/noto/NotoSansCJK-Bold.ttc"],
            faceIndex: face.faceIndex, isEmoji: false, isRequired: false, cjkFace: face)
    }

    /// WenQuanYi Zen Hei, the smaller Chinese alternative (one weight).
    static let wenQuanYiZenHei = FontFamily(
        name: "WenQuanYi Zen Hei", package: "fonts-wqy-zenhei", files: [.regular: "truetype/wqy/wqy-zenhei.ttc"],
        faceIndex: 0, isEmoji: false, isRequired: false)

    /// Noto Color Emoji: CBDT colour bitmaps at one 109-pixel strike, scaled to the text size.
    static let notoColorEmoji = FontFamily(
        name: "Noto Color Emoji", package: "fonts-noto-color-emoji",
        files: [.regular: "truetype/noto/NotoColorEmoji.ttf"], faceIndex: 0, isEmoji: true, isRequired: false)

    /// DejaVu Sans, the last resort for symbols, arrows and scripts the others lack.
    static let dejaVuSans = FontFamily(
        name: "DejaVu Sans", package: "fonts-dejavu-core",
        files: [.regular: "truetype/dejavu/DejaVuSans.ttf", .bold: "truetype/dejavu/DejaVuSans-Bold.ttf"],
        faceIndex: 0, isEmoji: false, isRequired: false)

    /// The Noto Sans family of each script `fonts-noto-core` covers, in regular and bold.
    static let notoScripts: [FontFamily] = WritingScript.all.compactMap { script in
        guard let stem = script.notoStem else { return nil }
        var files: [FontWeight: String] = [.regular: "truetype/noto/\(stem)-Regular.ttf"]
        if script.hasBold { files[.bold] = "truetype/noto/\(stem)-Bold.ttf" }
        return FontFamily(
            name: "Noto Sans " + script.name, package: script.package, files: files, faceIndex: 0, isEmoji: false,
            isRequired: false, script: script)
    }

    /// The fallback chain in order.
    static let chain: [FontFamily] =
        [inter, notoSansCJK, wenQuanYiZenHei, notoColorEmoji] + notoScripts + [dejaVuSans]
}
