import Testing

@testable import Understanding

@Suite("Slot declarations checked by the template compiler")
struct SlotDeclarationTests {
    let declarations = SlotDeclarations(
        everyIntent: ["app": ["list:app"]],
        intents: ["playMedia": ["mediaName": ["wildcard"], "volume": ["number"]]])

    func compile(_ sentence: String, rules: [String: String] = [:]) throws -> CompiledGrammar {
        let file = GrammarFile(
            language: "en", rules: rules, lists: ["app": ["spotify": "spotify"]], spokenLists: nil,
            wraps: ["default": "$ [on {app}]"],
            intents: [IntentGroup(intent: "playMedia", sentences: [sentence], fixed: nil, wrap: nil, weight: nil)],
            durationUnits: [:], halfWords: [], oneWords: [])
        return try CompiledGrammar(file: file, extraLists: [:], slots: declarations)
    }

    func error(_ sentence: String, rules: [String: String] = [:]) -> String? {
        do {
            _ = try compile(sentence, rules: rules)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func declaredSlotsCompile() throws {
        #expect(try compile("play {mediaName}").sentences.count == 1)
    }

    @Test func undeclaredSlotIsAnErrorNamingTemplateAndSlot() throws {
        let message = try #require(error("play {mediaName} by {singer}"))
        #expect(message.contains("intents/playMedia.json: play {mediaName} by {singer}"))
        #expect(message.contains("slot {singer} is not declared for playMedia"))
    }

    @Test func undeclaredSlotInsideARuleIsAnError() throws {
        let message = try #require(error("play <who>", rules: ["who": "songs by {singer}"]))
        #expect(message.contains("slot {singer}"))
    }

    @Test func slotReadAsAnUndeclaredKindIsAnError() throws {
        let message = try #require(error("play {mediaName:number}"))
        #expect(message.contains("reads as number"))
    }

    @Test func shippedGrammarsCompileAgainstShippedDeclarations() throws {
        #expect(try Understander().languages.count >= 8)
    }
}
