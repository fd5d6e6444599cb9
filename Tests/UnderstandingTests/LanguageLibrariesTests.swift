import MediaIntents
import Testing
import Understanding

/// MeCab's readings and Snowball's stems, as name keys use them once installed.
@Suite("Language libraries: MeCab readings, Snowball stems")
struct LanguageLibrariesTests {
    init() { LanguageLibraries.install() }

    @Test(arguments: [
        ("Земфиру", "Земфира"), ("кухне", "Кухня"), ("Яндекс Музыке", "Яндекс Музыка"), ("Сектор Газа", "Сектора Газа"),
        ("Пугачёвой", "Пугачева"),
    ])
    func russianCaseEndingsCompareEqual(said: String, name: String) {
        #expect(NameFolding.stem(said) == NameFolding.stem(name))
    }

    @Test func latinWordsAreStemmedOnlyInTheLanguageAsked() {
        #expect(NameFolding.stem("Liedern", language: "de") == NameFolding.stem("Lieder", language: "de"))
        #expect(NameFolding.stem("Liedern") == "liedern")
    }

    @Test func mecabReadsKanjiInKatakana() throws {
        #expect(JapaneseReadings.shared.isAvailable)
        #expect(JapaneseReadings.shared.reading("椎名林檎") == "シイナリンゴ")
        // The morphemes of a request, not one character each.
        let words = JapaneseReadings.shared.words("米津玄師の曲をかけて").map(\.surface)
        #expect(words.starts(with: ["米津", "玄", "師", "の", "曲"]))
    }

    /// 米津玄師 in kanji (read ヨネツゲンシ by the dictionary), kana and romaji come out one letter
    /// apart at most (rendaku: ツ/ヅ).
    @Test func oneNameInEveryWritingReadsAlike() throws {
        let kanji = try #require(NameFolding.readingKey("米津玄師"))
        for other in ["よねづけんし", "ヨネヅケンシ"] {
            let key = try #require(NameFolding.readingKey(other))
            #expect(editDistance(kanji, key) <= 1, "\(other): \(key) vs \(kanji)")
        }
        let romaji = try #require(NameFolding.latinReadingKey("Yonezu Kenshi"))
        #expect(editDistance(kanji, romaji) <= 1)
        #expect(NameFolding.readingKey("しいなりんご") == NameFolding.readingKey("椎名林檎"))
        #expect(NameFolding.readingKey("Adele") == nil)
    }

    func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        var row = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: y.count, by: 1) {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        return row[y.count]
    }
}
