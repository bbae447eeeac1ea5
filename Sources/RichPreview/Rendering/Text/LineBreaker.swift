/// Where a line may (or must) break, after the Unicode Line Breaking Algorithm (UAX #14).
///
/// Implements the default rules LB2–LB31 of UAX #14 for Unicode 15.0 (the version of the generated
/// tables), with the numeric tailoring of its Example 7 (section 8.2) for LB25, which the official
/// `LineBreakTest.txt` also uses. Classes are resolved per LB1 when the tables are generated (AI, SG and
/// XX become AL, CJ becomes NS, SA becomes CM or AL), so breaks between ideographs are allowed while
/// small kana and iteration marks never start a line.
///
/// Opportunities are never inside a grapheme cluster: where UAX #14 allows a break between two code
/// points of one Swift `Character` (for example after a space followed by a combining mark), it is
/// dropped. The end of non-empty text is always a mandatory break (LB3).
///
/// Linear in the number of code points; memory is a few bytes per code point.
public enum LineBreaker {
    /// A position in the text before which a line may break.
    public struct Opportunity: Sendable, Equatable {
        /// The break position: the start of the first character of the next line.
        public var index: String.Index
        /// True when the line must break here: after a line or paragraph separator (BK, CR, LF, NL)
        /// and at the end of the text.
        public var isMandatory: Bool

        /// Creates an opportunity at `index` (a position in the text the caller holds), mandatory
        /// or not.
        public init(index: String.Index, isMandatory: Bool) {
            self.index = index
            self.isMandatory = isMandatory
        }
    }

    /// The positions in `text` before which a line may break, in increasing order, never inside a
    /// grapheme cluster and never at the start. For non-empty text the last is `text.endIndex`,
    /// mandatory; empty text has none.
    ///
    /// With `keepingHangulWords` (the default), Korean is broken as iOS 14 and later break it: at
    /// the spaces between words, never between the syllables of one (UAX #14 §8.1's "keep-all"
    /// tailoring, Hangul jamo and syllables taken as AL); without it, between any two syllables as
    /// the default rules allow.
    ///
    /// Thai, Lao, Khmer and Burmese (class SA) also break between the words of ICU's dictionaries,
    /// as iOS breaks them: each run of their characters is broken where ICU's line break iterator
    /// breaks it. Without ICU (`ICULibrary.unavailable` says why) such a run breaks only at its
    /// ends, where the other rules allow.
    public static func opportunities(in text: String, keepingHangulWords: Bool = true) -> [Opportunity] {
        let scalars = text.unicodeScalars
        var indices: [String.Index] = []
        var values: [UnicodeTables.LineBreakValue] = []
        // Runs of two or more Thai, Lao, Khmer or Burmese characters, for ICU's dictionaries.
        var dictionaryRuns: [Range<Int>] = []
        var runStart: Int?
        var position = scalars.startIndex
        while position < scalars.endIndex {
            let scalar = scalars[position]
            if DictionaryLineBreaks.isBrokenByDictionary(scalar) {
                if runStart == nil { runStart = values.count }
            } else if let start = runStart {
                if values.count - start > 1 { dictionaryRuns.append(start..<values.count) }
                runStart = nil
            }
            indices.append(position)
            var value = UnicodeTables.lineBreakValue(of: scalar)
            if keepingHangulWords, Context.isKorean(value.lineBreakClass) { value.lineBreakClass = .al }
            values.append(value)
            scalars.formIndex(after: &position)
        }
        if let start = runStart, values.count - start > 1 { dictionaryRuns.append(start..<values.count) }
        guard !values.isEmpty else { return [] }
        var decisions = decide(values)
        if !dictionaryRuns.isEmpty {
            DictionaryLineBreaks.allowBreaks(in: dictionaryRuns, of: scalars, at: indices, decisions: &decisions)
        }

        var result: [Opportunity] = []
        var boundary = text.startIndex
        for offset in 1..<values.count where decisions[offset] != .none {
            let index = indices[offset]
            while boundary < index {
                text.formIndex(after: &boundary)
            }
            if boundary == index {
                result.append(Opportunity(index: index, isMandatory: decisions[offset] == .mandatory))
            }
        }
        result.append(Opportunity(index: text.endIndex, isMandatory: true))
        return result
    }

    /// A break opportunity between code points, with no grapheme-cluster restriction: `offset` counts
    /// code points from the start (the break is before scalar `offset`; the last is the count).
    package struct CodePointBreak: Sendable, Equatable {
        /// Code points before the break.
        package var offset: Int
        /// True after BK, CR, LF, NL and at the end.
        package var isMandatory: Bool

        package init(offset: Int, isMandatory: Bool) {
            self.offset = offset
            self.isMandatory = isMandatory
        }
    }

    /// The UAX #14 break opportunities between code points, as `LineBreakTest.txt` states them (breaks
    /// inside grapheme clusters included); for conformance tests.
    package static func codePointBreaks(in scalars: [Unicode.Scalar]) -> [CodePointBreak] {
        guard !scalars.isEmpty else { return [] }
        let decisions = decide(scalars.map(UnicodeTables.lineBreakValue(of:)))
        var result: [CodePointBreak] = []
        for offset in 1..<scalars.count where decisions[offset] != .none {
            result.append(CodePointBreak(offset: offset, isMandatory: decisions[offset] == .mandatory))
        }
        result.append(CodePointBreak(offset: scalars.count, isMandatory: true))
        return result
    }

    /// What happens before one code point.
    enum Decision: UInt8 {
        case none
        case allowed
        case mandatory
    }

    /// The decision before each code point (index 0 is always `.none`, LB2), by one pass that keeps
    /// the little context the pair rules need.
    static func decide(_ values: [UnicodeTables.LineBreakValue]) -> [Decision] {
        var decisions = [Decision](repeating: .none, count: values.count)
        var state = Context()
        for offset in values.indices {
            let value = values[offset]
            if offset > 0 {
                decisions[offset] = state.decision(before: value, in: values, at: offset)
            }
            state.advance(over: value, isFirst: offset == 0)
        }
        return decisions
    }

    /// The class of the first code point after `offset` that is not CM or ZWJ (LB9 folds those into
    /// the preceding one), for the LB25 lookahead; AL at the end of the text.
    static func nextBase(in values: [UnicodeTables.LineBreakValue], after offset: Int) -> LineBreakClass {
        var next = offset + 1
        while next < values.count {
            let nextClass = values[next].lineBreakClass
            if nextClass != .cm && nextClass != .zwj { return nextClass }
            next += 1
        }
        return .al
    }

    /// The context of the text before the current position, after LB9/LB10 folding.
    private struct Context {
        /// The class of the previous code point itself (for LB4–LB8a).
        var previous: LineBreakClass = .al
        /// The class of the previous unit: a code point with the CM/ZWJ that LB9 attached to it.
        var left: LineBreakClass = .al
        /// The unit before `left` (LB21a). Here and in `beforeSpaces`, AL stands for the start of the
        /// text: no rule that reads them matches AL. (Optionals would cost generic comparisons.)
        var beforeLeft: LineBreakClass = .al
        /// When `left` is SP: the unit before the run of spaces (LB8, LB14–LB17).
        var beforeSpaces: LineBreakClass = .al
        /// `left` is an OP or CP that is East Asian F/W/H (LB30).
        var leftIsEastAsian = false
        /// `left` is an unassigned Extended_Pictographic code point (LB30b).
        var leftIsUnassignedPictographic = false
        /// How many RI units end at `left` (LB30a).
        var regionalIndicators = 0
        /// The units so far end with `NU (NU|SY|IS)*` (LB25, Example 7).
        var inNumber = false
        /// The units so far end with `NU (NU|SY|IS)* (CL|CP)` (LB25, Example 7).
        var afterClosedNumber = false

        /// Hangul jamo and syllable classes (LB27).
        static func isKorean(_ lineBreakClass: LineBreakClass) -> Bool {
            switch lineBreakClass {
            case .jl, .jv, .jt, .h2, .h3: true
            default: false
            }
        }

        /// True when a CM or ZWJ after `left` is attached to it (LB9).
        private var attachesCombining: Bool {
            switch left {
            case .bk, .cr, .lf, .nl, .sp, .zw: false
            default: true
            }
        }

        /// Takes the code point `value` as the new previous one.
        mutating func advance(over value: UnicodeTables.LineBreakValue, isFirst: Bool) {
            let raw = value.lineBreakClass
            let isCombining = raw == .cm || raw == .zwj
            defer { previous = raw }
            if isCombining && !isFirst && attachesCombining { return }
            let unit: LineBreakClass = isCombining ? .al : raw
            if unit == .sp {
                if isFirst {
                    beforeSpaces = .al
                } else if left != .sp {
                    beforeSpaces = left
                }
            }
            beforeLeft = isFirst ? .al : left
            left = unit
            leftIsEastAsian = value.isEastAsian
            leftIsUnassignedPictographic = value.isUnassignedPictographic
            regionalIndicators = unit == .ri ? regionalIndicators + 1 : 0
            switch unit {
            case .nu:
                inNumber = true
                afterClosedNumber = false
            case .sy, .is:
                afterClosedNumber = false
            case .cl, .cp:
                afterClosedNumber = inNumber
                inNumber = false
            default:
                inNumber = false
                afterClosedNumber = false
            }
        }

        /// The decision before the code point `value`, at `offset` ≥ 1 in `values`.
        func decision(
            before value: UnicodeTables.LineBreakValue, in values: [UnicodeTables.LineBreakValue], at offset: Int
        ) -> Decision {
            let raw = value.lineBreakClass
            // LB4, LB5: after a hard line break, except CR × LF.
            if previous == .bk || previous == .lf || previous == .nl { return .mandatory }
            if previous == .cr { return raw == .lf ? .none : .mandatory }
            // LB6: × (BK | CR | LF | NL).  LB7: × SP, × ZW.
            switch raw {
            case .bk, .cr, .lf, .nl, .sp, .zw: return .none
            default: break
            }
            // LB8: ZW SP* ÷.
            if left == .zw || (left == .sp && beforeSpaces == .zw) { return .allowed }
            // LB8a: ZWJ ×.
            if previous == .zwj { return .none }
            // LB9: X (CM | ZWJ)* is X.  LB10: any other CM or ZWJ is AL.
            let isCombining = raw == .cm || raw == .zwj
            if isCombining && attachesCombining { return .none }
            let right: LineBreakClass = isCombining ? .al : raw
            return pairDecision(right: right, rightIsEastAsian: value.isEastAsian, in: values, at: offset)
        }

        /// Rules LB11–LB31 for the unit `left` followed by `right`.
        private func pairDecision(
            right: LineBreakClass, rightIsEastAsian: Bool, in values: [UnicodeTables.LineBreakValue], at offset: Int
        ) -> Decision {
            // LB11: × WJ, WJ ×.  LB12: GL ×.  LB12a: [^SP BA HY] × GL.
            if right == .wj || left == .wj || left == .gl { return .none }
            if right == .gl && left != .sp && left != .ba && left != .hy { return .none }
            // LB13: × CL, × CP, × EX, × IS, × SY.
            switch right {
            case .cl, .cp, .ex, .is, .sy: return .none
            default: break
            }
            // LB14–LB17: OP SP* ×, QU SP* × OP, (CL | CP) SP* × NS, B2 SP* × B2.
            let beforeAnySpaces = left == .sp ? beforeSpaces : left
            if beforeAnySpaces == .op { return .none }
            if beforeAnySpaces == .qu && right == .op { return .none }
            if (beforeAnySpaces == .cl || beforeAnySpaces == .cp) && right == .ns { return .none }
            if beforeAnySpaces == .b2 && right == .b2 { return .none }
            // LB18: SP ÷.
            if left == .sp { return .allowed }
            // LB19: × QU, QU ×.  LB20: ÷ CB, CB ÷.
            if right == .qu || left == .qu { return .none }
            if right == .cb || left == .cb { return .allowed }
            // LB21: × BA, × HY, × NS, BB ×.  LB21a: HL (HY | BA) ×.  LB21b: SY × HL.
            if right == .ba || right == .hy || right == .ns || left == .bb { return .none }
            if beforeLeft == .hl && (left == .hy || left == .ba) { return .none }
            if left == .sy && right == .hl { return .none }
            // LB22: × IN.
            if right == .in { return .none }
            if numericRules(right: right, in: values, at: offset) { return .none }
            return laterRules(right: right, rightIsEastAsian: rightIsEastAsian)
        }

        /// LB23–LB25 (LB25 after Example 7): true when they forbid a break.
        private func numericRules(
            right: LineBreakClass, in values: [UnicodeTables.LineBreakValue], at offset: Int
        ) -> Bool {
            let leftIsLetter = left == .al || left == .hl
            let rightIsLetter = right == .al || right == .hl
            let leftIsAffix = left == .pr || left == .po
            // LB23: (AL | HL) × NU, NU × (AL | HL).
            if (leftIsLetter && right == .nu) || (left == .nu && rightIsLetter) { return true }
            // LB23a: PR × (ID | EB | EM), (ID | EB | EM) × PO.
            if left == .pr && (right == .id || right == .eb || right == .em) { return true }
            if (left == .id || left == .eb || left == .em) && right == .po { return true }
            // LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO).
            if (leftIsAffix && rightIsLetter) || (leftIsLetter && (right == .pr || right == .po)) { return true }
            // LB25: (PR | PO)? (OP | HY)? NU (NU | SY | IS)* (CL | CP)? (PR | PO)? is not broken.
            if leftIsAffix && right == .nu { return true }
            if leftIsAffix && (right == .op || right == .hy) && LineBreaker.nextBase(in: values, after: offset) == .nu {
                return true
            }
            if (left == .op || left == .hy) && right == .nu { return true }
            switch right {
            case .nu, .sy, .is, .cl, .cp: if inNumber { return true }
            case .po, .pr: if inNumber || afterClosedNumber { return true }
            default: break
            }
            return false
        }

        /// LB26–LB31.
        private func laterRules(right: LineBreakClass, rightIsEastAsian: Bool) -> Decision {
            // LB26: Korean syllable blocks.
            switch (left, right) {
            case (.jl, .jl), (.jl, .jv), (.jl, .h2), (.jl, .h3): return .none
            case (.jv, .jv), (.jv, .jt), (.h2, .jv), (.h2, .jt): return .none
            case (.jt, .jt), (.h3, .jt): return .none
            default: break
            }
            // LB27: Korean syllable blocks with prefix and postfix numerics.
            if (Self.isKorean(left) && right == .po) || (left == .pr && Self.isKorean(right)) { return .none }
            // LB28: (AL | HL) × (AL | HL).  LB29: IS × (AL | HL).
            let rightIsLetter = right == .al || right == .hl
            if (left == .al || left == .hl || left == .is) && rightIsLetter { return .none }
            // LB30: (AL | HL | NU) × OP and CP × (AL | HL | NU), for non-East-Asian OP and CP.
            if (left == .al || left == .hl || left == .nu) && right == .op && !rightIsEastAsian { return .none }
            if left == .cp && !leftIsEastAsian && (rightIsLetter || right == .nu) { return .none }
            // LB30a: regional indicators pair up.
            if left == .ri && right == .ri && regionalIndicators % 2 == 1 { return .none }
            // LB30b: EB × EM, [\p{Extended_Pictographic}&\p{Cn}] × EM.
            if right == .em && (left == .eb || leftIsUnassignedPictographic) { return .none }
            // LB31: everywhere else.
            return .allowed
        }
    }
}
