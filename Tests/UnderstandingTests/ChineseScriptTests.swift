import Testing

@testable import Understanding

@Suite("Traditional Chinese through OpenCC")
struct ChineseScriptTests {
    @Test func simplifiedNamesBecomeTraditional() {
        #expect(ChineseScript.shared.isAvailable)
        #expect(ChineseScript.shared.traditional("周杰伦的晴天") == "周杰倫的晴天")
        // Already traditional, or not Chinese at all: unchanged.
        #expect(ChineseScript.shared.traditional("正在播放周杰倫的《七里香》。") == "正在播放周杰倫的《七里香》。")
        #expect(ChineseScript.shared.traditional("Playing Skyfall by Adele.") == "Playing Skyfall by Adele.")
        #expect(ChineseScript.shared.traditional("") == "")
    }
}
