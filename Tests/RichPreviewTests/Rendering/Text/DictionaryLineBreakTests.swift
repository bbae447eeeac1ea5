import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// Thai, Lao, Khmer and Burmese break between the words of ICU's dictionaries, exactly where ICU's
/// own line break iterator breaks them; the other rules are unchanged around them.
struct DictionaryLineBreakTests {
    /// A few sentences of each script, spaces only between sentences as those languages write them.
    static let samples: [(script: String, text: String)] = [
        (
            "Thai",
            "วันนี้อากาศดีมาก เราจะไปเที่ยวทะเลกับครอบครัว ร้านกาแฟเปิดตั้งแต่เจ็ดโมงเช้า กรุณาตรวจสอบคำสั่งซื้อของคุณก่อนชำระเงิน"
        ),
        ("Lao", "ມື້ນີ້ອາກາດດີຫຼາຍ ພວກເຮົາຈະໄປຕະຫຼາດນຳກັນ ຂອບໃຈຫຼາຍໆ"),
        ("Khmer", "ថ្ងៃនេះអាកាសធាតុល្អណាស់ សូមពិនិត្យការបញ្ជាទិញរបស់អ្នក"),
        ("Burmese", "ဒီနေ့ရာသီဥတုအရမ်းကောင်းတယ် ကျေးဇူးတင်ပါတယ်"),
        ("Thai among Latin and digits", "Order ABC-123 ส่งแล้ว today, รหัส 4567 (ด่วน)"),
    ]

    /// The UTF-16 offsets of the break opportunities strictly inside `text`.
    static func breaks(_ text: String) -> [Int] {
        LineBreaker.opportunities(in: text).map { $0.index.utf16Offset(in: text) }.filter { $0 < text.utf16.count }
    }

    @Test func everySampleBreaksExactlyWhereICUBreaksIt() throws {
        let expected = try ICUBreakOracle.breaks(Self.samples.map(\.text), kind: .line)
        for (sample, icu) in zip(Self.samples, expected) {
            #expect(Self.breaks(sample.text) == icu, "\(sample.script)")
        }
    }

    @Test func noBreakFallsInsideADictionaryWord() throws {
        let words = try ICUBreakOracle.breaks(Self.samples.map(\.text), kind: .word)
        for (sample, boundaries) in zip(Self.samples, words) {
            let breaks = Self.breaks(sample.text)
            #expect(Set(breaks).isSubset(of: Set(boundaries)), "\(sample.script)")
            // Not only after spaces: inside the runs of letters too.
            let units = Array(sample.text.utf16)
            let insideRuns = breaks.filter { units[$0 - 1] != 0x20 }.count
            #expect(insideRuns >= (sample.script.contains(" ") ? 1 : 5), "\(sample.script): \(breaks)")
        }
    }

    @Test func aLongThaiRunWrapsBetweenWordsAndLosesNothing() throws {
        let text = Self.samples[0].text
        let allowed = Set(try ICUBreakOracle.breaks([text], kind: .line)[0])
        let lines = LineWrapper.wrap(text, columns: 14)
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { TerminalWidth.of($0) <= 14 })
        for line in lines.dropLast() {
            // Each line ends where ICU allows a break (the spaces that end it dropped).
            var end = line.endIndex
            while end < text.endIndex && text[end] == " " { end = text.index(after: end) }
            #expect(allowed.contains(end.utf16Offset(in: text)), "\(line)")
        }
        #expect(
            lines.joined(separator: " ").replacingOccurrences(of: " ", with: "")
                == text.replacingOccurrences(of: " ", with: ""))
    }

    @Test func otherScriptsAndMandatoryBreaksAreUnchanged() {
        #expect(pieces("Hello world") == ["Hello ", "world"])
        #expect(pieces("ขอบคุณ\nครับ").last == "ครับ")
        #expect(LineBreaker.opportunities(in: "ขอบคุณ\nครับ").filter(\.isMandatory).count == 2)
        // A single Thai letter and Thai digits give ICU nothing to split.
        #expect(pieces("ก") == ["ก"])
        #expect(pieces("๑๒๓๔") == ["๑๒๓๔"])
    }
}
