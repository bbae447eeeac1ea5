import RichPreview
import Testing

struct NumberTextTests {
    @Test(arguments: [
        (0.35, "0.35"), (Double(Float(0.35)), "0.35"), (0.1 + 0.2, "0.3"), (3.0, "3"), (-2.5, "-2.5"),
        (123456.789, "123456.789"), (1e-7, "1e-07"), (0.35000000000000003, "0.35"),
    ])
    func numbersReadAsPeopleWriteThem(value: Double, expected: String) {
        #expect(NumberText.format(value) == expected)
    }
}
