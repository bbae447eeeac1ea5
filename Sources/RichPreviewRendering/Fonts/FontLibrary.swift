import Foundation
import Synchronization

/// The shared storage of a `FontSet`: the chain's slots per weight, the last-resort fonts found
/// on first need, and the per-character choice of font.
final class FontLibrary: Sendable {
    /// A family of the chain with the slot used for each weight.
    struct Member: Sendable {
        var family: FontFamily
        var slots: [FontWeight: FontSlot]
    }

    /// The font chosen for one grapheme cluster.
    enum Choice: Sendable {
        /// The first font of the chain (or the last resort) that covers the cluster.
        case font(FontFace, family: String)
        /// Only default-ignorable or control characters: drawn in the neighbouring run's font.
        case ignorable
        /// No installed font covers it; drawn with the primary font's missing-glyph box.
        case missing
    }

    let members: [Member]
    let folders: [String]
    private let lastResort = Mutex<[FontSlot]?>(nil)

    /// Choices kept before the cache is emptied.
    static let choiceCacheLimit = 16384

    /// A cluster by its exact scalars: `Character` equality would merge canonically equivalent
    /// clusters (e + U+0301 and é), which fonts may cover differently.
    private struct ChoiceKey: Hashable {
        var scalars: [UInt32]
        var weight: FontWeight
    }

    /// Choices for clusters of several scalars, and (cheaper to hash) for single scalars keyed
    /// by the scalar value and the weight.
    private struct ChoiceCache {
        var clusters: [ChoiceKey: Choice] = [:]
        var scalars: [UInt64: Choice] = [:]
    }

    private let choices = Mutex(ChoiceCache())
    /// The libraries made from this one with another face of Noto Sans CJK (`withCJKFace`).
    let cjkVariants = Mutex<[CJKFace: FontLibrary]>([:])

    init(members: [Member], folders: [String]) {
        self.members = members
        self.folders = folders
    }

    /// The primary (first) family's face for `weight`, used for metrics and missing glyphs.
    func primaryFace(_ weight: FontWeight) -> FontFace? {
        members.first?.slots[weight]?.face
    }

    /// Every other font file in the search folders, listed on first call, opened as needed.
    func lastResortSlots() -> [FontSlot] {
        lastResort.withLock { slots in
            if let slots { return slots }
            // A script family's file stays a candidate for characters outside its script's
            // blocks (a supplement its font also covers).
            let known = Set(members.filter { $0.family.script == nil }.flatMap { $0.slots.values.map(\.file.path) })
            let found = FontLocator.otherFontFiles(in: folders, excluding: known).map {
                FontSlot(file: FontFile(path: $0), family: ($0 as NSString).lastPathComponent)
            }
            slots = found
            return found
        }
    }

    /// The font for one grapheme cluster: the emoji font first for an emoji-presentation
    /// cluster, then the chain in order, then the last resort; the first that covers every
    /// scalar that is not default-ignorable (or the cluster's composed form) wins.
    func choice(for character: Character, weight: FontWeight) -> Choice {
        let scalars = character.unicodeScalars
        if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            let key = UInt64(only.value) | UInt64(FontWeight.allCases.firstIndex(of: weight) ?? 0) << 32
            if let cached = choices.withLock({ $0.scalars[key] }) { return cached }
            let choice = uncachedChoice(for: character, weight: weight)
            choices.withLock { cache in
                if cache.scalars.count >= Self.choiceCacheLimit { cache.scalars.removeAll(keepingCapacity: true) }
                cache.scalars[key] = choice
            }
            return choice
        }
        let key = ChoiceKey(scalars: scalars.map(\.value), weight: weight)
        if let cached = choices.withLock({ $0.clusters[key] }) { return cached }
        let choice = uncachedChoice(for: character, weight: weight)
        choices.withLock { cache in
            if cache.clusters.count >= Self.choiceCacheLimit { cache.clusters.removeAll(keepingCapacity: true) }
            cache.clusters[key] = choice
        }
        return choice
    }

    private func uncachedChoice(for character: Character, weight: FontWeight) -> Choice {
        let scalars = Array(character.unicodeScalars.filter { !Self.isIgnorable($0) })
        if scalars.isEmpty { return .ignorable }
        let composed = Self.composedForm(of: character, scalars: scalars)
        var candidates = members
        if Self.prefersEmoji(character.unicodeScalars), let emoji = members.firstIndex(where: \.family.isEmoji) {
            candidates.insert(candidates.remove(at: emoji), at: 0)
        }
        for member in candidates {
            if let script = member.family.script, !script.contains(scalars[0]) { continue }
            guard let face = member.slots[weight]?.face else { continue }
            if Self.covers(face, scalars) || composed.map({ Self.covers(face, $0) }) == true {
                return .font(face, family: member.family.name)
            }
        }
        for slot in lastResortSlots() {
            guard let face = slot.face else { continue }
            if Self.covers(face, scalars) || composed.map({ Self.covers(face, $0) }) == true {
                return .font(face, family: face.info.familyName.isEmpty ? slot.family : face.info.familyName)
            }
        }
        return .missing
    }

    private static func covers(_ face: FontFace, _ scalars: [Unicode.Scalar]) -> Bool {
        scalars.allSatisfy { face.glyphIndex(for: $0) != 0 }
    }

    /// The cluster's canonical composition when it differs (e + U+0301 is é), for a font that has
    /// only the precomposed character; HarfBuzz composes when it shapes.
    private static func composedForm(of character: Character, scalars: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        guard scalars.count > 1 else { return nil }
        let composed = Array(String(character).precomposedStringWithCanonicalMapping.unicodeScalars)
            .filter { !isIgnorable($0) }
        return composed.count < scalars.count ? composed : nil
    }

    /// Default-ignorable code points (ZWJ, variation selectors, tags...), controls and line or
    /// paragraph separators need no glyph (controls and separators are shaped as spaces).
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isDefaultIgnorableCodePoint { return true }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// True when the cluster is shown as a colour emoji: an emoji-presentation first character
    /// not followed by VS15, or VS16, a keycap mark or a skin-tone modifier anywhere in it.
    static func prefersEmoji(_ scalars: Character.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, !scalars.contains("\u{FE0E}") else { return false }
        if scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier }) {
            return true
        }
        return first.properties.isEmojiPresentation
    }
}
