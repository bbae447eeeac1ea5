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
            characterOfScalar += repeatElement(characterCount, count: scalars.count)
            characterCount += 1
            let first = characterOfScalar.count - scalars.count
            let target: (FontFace, String)?
            switch library.choice(for: character, weight: weight) {
            case .font(let face, let family): target = (face, family)
            case .ignorable: target = runs.last.map { ($0.face, $0.family) }
            case .missing:
                // Drawn as one empty box per cluster, combining marks and all.
                if !pending.isEmpty {
                    runs.append(
                        FontRun(
                            face: primary, family: primaryFamily, scalars: pending, firstScalar: first - pending.count))
                    pending = []
                }
                if let last = runs.indices.last, runs[last].isMissing {
                    runs[last].scalars += scalars
                } else {
                    runs.append(
                        FontRun(
                            face: primary, family: primaryFamily, scalars: scalars, firstScalar: first, isMissing: true)
                    )
                }
                continue
            }
            guard let (face, family) = target else {
                pending += scalars
                continue
            }
            if let last = runs.indices.last, runs[last].face === face, !runs[last].isMissing {
                runs[last].scalars += scalars
            } else {
                runs.append(
                    FontRun(face: face, family: family, scalars: pending + scalars, firstScalar: first - pending.count))
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
