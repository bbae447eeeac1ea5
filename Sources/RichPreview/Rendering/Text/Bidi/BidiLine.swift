import CRichPreviewFriBidi

/// One line of text laid out by the Unicode bidirectional algorithm (UAX #9, by GNU FriBidi) in
/// a paragraph of a given direction: the level of each code point and the runs in the order they
/// are shown, left to right.
public struct BidiLine: Sendable, Equatable {
    /// A maximal stretch of code points of one embedding level, contiguous both in the text and
    /// on screen.
    public struct Run: Sendable, Equatable {
        /// The code points' indices in the line, in logical order.
        public var range: Range<Int>
        /// The embedding level: odd runs right to left.
        public var level: UInt8
        /// True when the run is shown right to left (its level is odd).
        public var isRightToLeft: Bool { level % 2 == 1 }
    }

    /// The paragraph's direction the line was resolved in.
    public var direction: TextDirection
    /// The embedding level of each code point, after the line rules (trailing white space takes
    /// the paragraph's level).
    public var levels: [UInt8]
    /// The runs in display order, leftmost first.
    public var runs: [Run]

    /// Resolves `scalars` (code point values, as one line) in a paragraph running `direction`.
    /// Left-to-right text in a left-to-right paragraph, text over FriBidi's limit and text laid
    /// out while FriBidi cannot be loaded come back as one left-to-right run.
    public init(scalars: [UInt32], direction: TextDirection) {
        self.direction = direction
        let count = scalars.count
        let base: UInt8 = direction == .rightToLeft ? 1 : 0
        levels = Array(repeating: 0, count: count)
        runs = count == 0 ? [] : [Run(range: 0..<count, level: 0)]
        guard count > 0, direction == .rightToLeft || BidiLibrary.mayHoldRightToLeft(scalars) else { return }
        var visual = [Int32](repeating: 0, count: count)
        let status = scalars.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { levels in
                visual.withUnsafeMutableBufferPointer { visual in
                    crp_bidi_resolve_line(
                        text.baseAddress, UInt32(count), base == 1 ? CRP_BIDI_RTL : CRP_BIDI_LTR,
                        levels.baseAddress, visual.baseAddress)
                }
            }
        }
        BidiLibrary.noteFailure(status)
        guard status == CRP_BIDI_OK else {
            levels = Array(repeating: 0, count: count)
            return
        }
        // Where each code point is shown; a run's leftmost position places it.
        var position = [Int](repeating: 0, count: count)
        for (shown, logical) in visual.enumerated() where (0..<count).contains(Int(logical)) {
            position[Int(logical)] = shown
        }
        var logicalRuns: [(run: Run, left: Int)] = []
        var start = 0
        for index in 1...count where index == count || levels[index] != levels[start] {
            let left = position[start..<index].min() ?? start
            logicalRuns.append((Run(range: start..<index, level: levels[start]), left))
            start = index
        }
        runs = logicalRuns.sorted { $0.left < $1.left }.map(\.run)
    }

    /// `text` as one line in a paragraph running `direction`.
    public init(_ text: some StringProtocol, direction: TextDirection) {
        self.init(scalars: text.unicodeScalars.map(\.value), direction: direction)
    }
}
