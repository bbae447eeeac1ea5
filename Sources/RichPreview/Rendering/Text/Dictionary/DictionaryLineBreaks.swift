/// The line breaks of Thai, Lao, Khmer and Burmese, whose words are not separated by spaces: UAX #14
/// gives their letters class SA and leaves the breaks between them to a dictionary, which is ICU's
/// line break iterator here, as it is iOS's. Only runs of these scripts' SA characters go to ICU;
/// without ICU a run is not broken inside (UAX #14's fallback, SA taken as AL).
enum DictionaryLineBreaks {
    /// True for a character of class SA in the Thai, Lao, Khmer and Myanmar blocks: their letters,
    /// marks and the few signs that join words (Unicode 15's `LineBreak.txt` gives SA to exactly
    /// these categories there).
    static func isBrokenByDictionary(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: break
        default: return false
        }
        switch scalar.properties.generalCategory {
        case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .otherSymbol: return true
        default: return false
        }
    }

    /// Allows a break in `decisions` (one per code point of `scalars`) wherever ICU breaks one of
    /// `runs`, ranges of code point offsets of at least two dictionary-broken characters each.
    static func allowBreaks(
        in runs: [Range<Int>], of scalars: String.UnicodeScalarView, at indices: [String.Index],
        decisions: inout [LineBreaker.Decision]
    ) {
        for run in runs {
            let end = run.upperBound < indices.count ? indices[run.upperBound] : scalars.endIndex
            var units: [UInt16] = []
            // The code point offset in the run of each UTF-16 offset that starts a code point.
            var scalarAt: [Int] = []
            for (offset, scalar) in scalars[indices[run.lowerBound]..<end].enumerated() {
                scalarAt.append(offset)
                if scalar.utf16.count == 2 { scalarAt.append(-1) }
                units.append(contentsOf: scalar.utf16)
            }
            guard let breaks = ICULibrary.lineBreaks(in: units) else { continue }
            for unit in breaks where unit < scalarAt.count && scalarAt[unit] > 0 {
                let offset = run.lowerBound + scalarAt[unit]
                if decisions[offset] == .none { decisions[offset] = .allowed }
            }
        }
    }
}
