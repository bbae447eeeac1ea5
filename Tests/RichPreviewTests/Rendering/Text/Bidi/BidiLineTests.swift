import Foundation
import RichPreview
import Testing

/// Paragraph directions and the display order of runs, against examples worked by UAX #9's rules
/// and against the reference tool (GNU FriBidi's `fribidi`, Debian's libfribidi-bin).
struct BidiLineTests {
    /// The text of each run in display order, as a caller would draw it: a right-to-left run's
    /// code points reversed.
    static func visual(_ text: String) -> (line: BidiLine, order: [Int]) {
        let line = BidiLine(text, direction: TextDirection(paragraph: text))
        let order = line.runs.flatMap { $0.isRightToLeft ? Array($0.range.reversed()) : Array($0.range) }
        return (line, order)
    }

    @Test(arguments: [
        ("مرحبا", TextDirection.rightToLeft),
        ("שלום iPhone", .rightToLeft),
        ("Hello שלום", .leftToRight),
        ("123 שלום", .rightToLeft),
        ("(!) «שלום»", .rightToLeft),
        ("", .leftToRight),
        ("!!! 123", .leftToRight),
        ("\u{200F}", .rightToLeft),
        ("\u{2067}שלום\u{2069} ok", .leftToRight),
    ])
    func theFirstStrongCharacterSetsTheDirection(text: String, expected: TextDirection) {
        #expect(
            TextDirection(paragraph: text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func aTrailingNumberAndStopInArabicAreShownAtTheLeft() {
        // "… رقم 123." in a right-to-left paragraph: the stop takes the paragraph's direction and
        // ends up leftmost, then the number left to right, then the Arabic words.
        let text = "رقم 123."
        let (line, order) = Self.visual(text)
        #expect(line.direction == .rightToLeft)
        #expect(order == [7, 4, 5, 6, 3, 2, 1, 0])
        #expect(line.levels == [1, 1, 1, 1, 2, 2, 2, 1])
    }

    @Test func latinWordsInAHebrewTitleKeepTheirOrderBetweenTheHebrewWords() {
        let text = "שלום iPhone 15 Pro עכשיו"
        let (line, order) = Self.visual(text)
        // The last Hebrew word leftmost, "iPhone 15 Pro" as written, the first Hebrew word rightmost
        // (with the space after it, at the paragraph's level).
        #expect(order == Array((18...23).reversed()) + Array(5...17) + Array((0...4).reversed()))
        #expect(line.runs.map(\.level) == [1, 2, 1])
    }

    @Test func leftToRightTextIsOneRun() {
        let line = BidiLine("Hello, world 123", direction: .leftToRight)
        #expect(line.runs.map(\.range) == [0..<16])
        #expect(line.levels.allSatisfy { $0 == 0 })
        #expect(BidiLine("", direction: .rightToLeft).runs.isEmpty)
    }

    @Test func latinInARightToLeftParagraphMovesItsTrailingNeutralsLeft() {
        // A continuation line of an Arabic paragraph: the "!" resolves to the paragraph's level.
        let line = BidiLine("Hello!", direction: .rightToLeft)
        #expect(line.runs.map(\.range) == [5..<6, 0..<5])
    }

    /// Sentences with numbers, brackets, punctuation and mixed scripts; the reference tool's
    /// visual-to-logical map must equal the runs' order.
    static let referenceSentences = [
        "تم شحن طلبك رقم 123.",
        "שלום iPhone 15 Pro עכשיו",
        "ההזמנה שלך (מספר 42) נשלחה!",
        "Your code is קוד 1234, thanks.",
        "السعر 25.50 $ فقط - عرض محدود",
        "مرحبا \"iOS 18\" و macOS",
        "1) first: אחד, 2) second: שניים",
    ]

    @Test func runsAreOrderedAsTheReferenceToolOrdersThem() throws {
        guard
            let tool = ["/usr/bin/fribidi", "/usr/local/bin/fribidi"].first(where: FileManager.default.isExecutableFile)
        else {
            print(
                "note: the fribidi tool (Debian package libfribidi-bin) is not installed; skipping the reference comparison"
            )
            return
        }
        for sentence in Self.referenceSentences {
            let (line, order) = Self.visual(sentence)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = [
                "--novisual", "--vtol", "--nobreak", line.direction == .rightToLeft ? "--rtl" : "--ltr",
            ]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data((sentence + "\n").utf8))
            try input.fileHandleForWriting.close()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let reference = printed.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            #expect(reference == order, "\(sentence)")
        }
    }
}
