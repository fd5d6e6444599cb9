import Assistant
import MediaIntents
import Testing

/// A request's language tag as clients send it: a region ("de-DE"), Chinese as "zh", "zh-CN" or
/// "zh-TW", or a language Hark has no grammar for ("pt", whose words are then read as written).
@Suite("Language tags as clients send them")
struct LanguageTagTests {
    @Test(arguments: [
        ("zh", "下一首", IntentKind.nextTrack, "zh-Hans"),
        ("zh-CN", "暂停", .pause, "zh-Hans"),
        ("zh-TW", "暫停", .pause, "zh-Hant"),
        ("zh-HK", "下一首", .nextTrack, "zh-Hant"),
        ("zh_Hans_SG", "下一首", .nextTrack, "zh-Hans"),
        ("de-DE", "pausiere die musik", .pause, "de"),
        ("ja-JP", "一時停止", .pause, "ja"),
        ("pt", "pause", .pause, "en"),
    ])
    func aTagIsReadAsHarkNamesItsLanguage(tag: String, text: String, intent: IntentKind, language: String) async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask(text, context: RequestContext(language: tag))
        #expect(outcome.understood.intent == intent, "\(tag) \(text): \(outcome.reply)")
        #expect(outcome.language == language)
    }

    /// A bare "zh" follows the characters written: traditional ones are answered in traditional.
    @Test func aBareZhFollowsTheScript() async throws {
        let assistant = try freshAssistant()
        let played = await assistant.ask("播放晴天", context: RequestContext(language: "zh"))
        #expect(played.reply == "正在播放周杰伦的《晴天》。")
        let liked = await assistant.ask("我喜歡這個歌手", context: RequestContext(language: "zh"))
        #expect(liked.language == "zh-Hant")
        #expect(liked.reply == "好的，已記下你喜歡周杰倫。")
    }
}
