/// Splits a line into font runs: each grapheme cluster takes the font the `FontSet` chooses for
/// it, and consecutive clusters with the same font share a run.
struct TextItemizer {
    /// Code points shaped for one line at most; the rest of a longer text is left off.
    static let maxScalars = 16384

    private(set) var runs: [FontRun] = []
    /// For each code point of the line, the index of its `Character`.
    private(set) var characterOfScalar: [Int] = []
    private(set) var characterCount = 0

    init(_ text: Substring, weight: FontWeight, library: FontLibrary) {
        guard let primary = library.primaryFace(weight) else { return }
        let primaryFamily = library.members.first?.family.name ?? ""
        var pending: [UInt32] = []
        var scalars: [UInt32] = []
        for character in text {
            scalars.removeAll(keepingCapacity: true)
            for scalar in character.unicodeScalars { scalars.append(Self.shapedValue(scalar)) }
            guard characterOfScalar.count + scalars.count <= Self.maxScalars else { break }
            let target: (FontFace, String)?
            switch library.choice(for: character, weight: weight) {
            case .font(let face, let family): target = (face, family)
            case .missing: target = (primary, primaryFamily)
            case .ignorable: target = runs.last.map { ($0.face, $0.family) }
            }
            characterOfScalar += repeatElement(characterCount, count: scalars.count)
            characterCount += 1
            guard let (face, family) = target else {
                pending += scalars
                continue
            }
            if let last = runs.indices.last, runs[last].face === face {
                runs[last].scalars += scalars
            } else {
                let first = characterOfScalar.count - scalars.count - pending.count
                runs.append(FontRun(face: face, family: family, scalars: pending + scalars, firstScalar: first))
                pending = []
            }
        }
        if !pending.isEmpty {
            runs.append(FontRun(face: primary, family: primaryFamily, scalars: pending, firstScalar: 0))
        }
    }

    /// Controls (tab, line breaks) are shaped as spaces so that no font draws a box for them.
    private static func shapedValue(_ scalar: Unicode.Scalar) -> UInt32 {
        if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F ? 0x20 : scalar.value }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return 0x20
        default: return scalar.value
        }
    }
}
