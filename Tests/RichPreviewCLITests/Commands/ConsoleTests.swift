import Foundation
import Testing

@testable import RichPreviewCLI

struct ConsoleTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(Console.colorAllowed(environment: ["TERM": "xterm"], onTerminal: true))
        #expect(!Console.colorAllowed(environment: ["TERM": "xterm"], onTerminal: false))
        #expect(!Console.colorAllowed(environment: ["TERM": "xterm", "NO_COLOR": ""], onTerminal: true))
        #expect(!Console.colorAllowed(environment: ["NO_COLOR": "1"], onTerminal: true))
        #expect(!Console.colorAllowed(environment: ["TERM": "dumb"], onTerminal: true))
    }

    @Test func styledTextIsPlainWithoutColour() {
        let plain = Console(out: { _ in }, err: { _ in }, useColor: false)
        let coloured = Console(out: { _ in }, err: { _ in }, useColor: true)
        #expect(plain.styled("error:", .red) == "error:")
        #expect(coloured.styled("error:", .red) == "\u{1B}[31merror:\u{1B}[0m")
    }

    @Test func environmentReadsOnlyTheNamedVariablesThatAreSet() {
        setenv("RICHPREVIEW_CONSOLE_TEST", "a=b c", 1)
        unsetenv("RICHPREVIEW_CONSOLE_TEST_UNSET")
        defer { unsetenv("RICHPREVIEW_CONSOLE_TEST") }
        let values = Console.environment(["RICHPREVIEW_CONSOLE_TEST", "RICHPREVIEW_CONSOLE_TEST_UNSET"])
        #expect(values == ["RICHPREVIEW_CONSOLE_TEST": "a=b c"])
    }
}
