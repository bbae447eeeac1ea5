/// The face of Noto Sans CJK (`fonts-noto-cjk`: one collection holding a face per language) that
/// draws Chinese, Japanese and Korean characters. Many Han characters are written differently in
/// each (直, 骨 and 誤 in Japanese and Simplified Chinese), and iOS draws them in the font of the
/// language: PingFang SC or TC, Hiragino Sans, Apple SD Gothic Neo.
public enum CJKFace: String, Sendable, CaseIterable {
    /// Noto Sans CJK JP, for `ja`.
    case japanese = "JP"
    /// Noto Sans CJK KR, for `ko`.
    case korean = "KR"
    /// Noto Sans CJK SC, for `zh-Hans`, `zh-CN`, `zh-SG` and `zh`; also for every other language.
    case simplifiedChinese = "SC"
    /// Noto Sans CJK TC, for `zh-Hant`, `zh-TW`, `zh-HK` and `zh-MO`.
    case traditionalChinese = "TC"

    /// The face for every language but Japanese, Korean and Traditional Chinese.
    public static let standard = CJKFace.simplifiedChinese

    /// The face for a language tag, BCP 47 or Apple's (`ja`, `ja-JP`, `zh-Hant-HK`, `zh_TW`,
    /// `ko-KR`, case ignored): a Chinese tag's script decides, else its region; nil for a tag of
    /// another language.
    public init?(language: String) {
        let subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let primary = subtags.first else { return nil }
        switch primary {
        case "ja": self = .japanese
        case "ko": self = .korean
        case "zh":
            let rest = subtags.dropFirst()
            if rest.contains("hant") {
                self = .traditionalChinese
            } else if rest.contains("hans") {
                self = .simplifiedChinese
            } else if rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) {
                self = .traditionalChinese
            } else {
                self = .simplifiedChinese
            }
        default: return nil
        }
    }

    /// The family name of the face ("Noto Sans CJK JP").
    public var familyName: String { "Noto Sans CJK " + rawValue }

    /// The face's index in `NotoSansCJK-Regular.ttc` and `NotoSansCJK-Bold.ttc`.
    var faceIndex: Int {
        switch self {
        case .japanese: 0
        case .korean: 1
        case .simplifiedChinese: 2
        case .traditionalChinese: 3
        }
    }
}
