import Assistant
import Testing

/// Issue 20: a reply holding control characters is not printed raw to a terminal.
@Suite("Replies on a terminal") struct TerminalTextTests {
    @Test func controlCharactersInARepliesAreReplaced() {
        #expect("Playing \u{1B}]0;owned\u{07}Skyfall.".forTerminal == "Playing \u{FFFD}]0;owned\u{FFFD}Skyfall.")
        #expect("Включаю «Кино».".forTerminal == "Включаю «Кино».")
    }
}
