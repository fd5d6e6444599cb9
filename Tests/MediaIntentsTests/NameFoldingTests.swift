import Foundation
import MediaIntents
import Testing

@Suite("Name folding")
struct NameFoldingTests {
    /// A name said plainly and as printed share a compact key; names that differ in words do not.
    @Test(arguments: [
        ("Girl & Tiger", "girl tiger"), ("Girl & Tiger", "girl and tiger"), ("a-ha", "aha"), ("24K Magic", "24 k magic"),
        ("I Wanna Dance with Somebody (Who Loves Me)", "i wanna dance with somebody"), ("The Winter Saints", "winter saints"),
        ("Here Comes the Sun - Remastered 2009", "here comes the sun"), ("Leo & The Lovers", "leo the lovers"),
        ("Guns N' Roses", "guns and roses"), ("Nineteen Eighty-Four", "19 84"),
    ])
    func compactKeysMeet(printed: String, saidKey: String) {
        #expect(NameFolding.compactKey(printed) == NameFolding.compact(key: saidKey))
    }

    /// A letter printed as a sign is the letter: P!nk is said "Pink"; a sign that ends a word stays
    /// punctuation ("Help!", "Wham!").
    @Test(arguments: [
        ("P!nk", "pink"), ("Ke$ha", "kesha"), ("A$AP Rocky", "asap rocky"), ("Help!", "help"), ("Wham! Rap", "wham rap"),
        ("$100 Bill", "100 bill"),
    ])
    func signsForLetters(printed: String, key: String) {
        #expect(NameFolding.key(printed) == key)
    }

    @Test func compactKeysKeepWordsThatDiffer() {
        #expect(NameFolding.compactKey("Tiger Girl") != NameFolding.compact(key: "girl tiger"))
        #expect(NameFolding.compactKey("(Untitled)") == "untitled")
        #expect(NameFolding.compact(key: "the") == "the")
    }

    /// English names said in katakana meet by the consonants Japanese keeps.
    @Test(arguments: [
        ("ファーストラブ", "1 love"), ("マリーゴールド", "marigold"), ("プリテンダー", "pretender"),
        ("トゥモローネバーノウズ", "tomorrow never knows"), ("ドントストップミーナウ", "dont stop me now"),
    ])
    func katakanaLoanwordsMeetTheirEnglishNames(katakana: String, key: String) {
        let skeleton = NameFolding.soundSkeleton(katakana: katakana)
        #expect(skeleton != nil && NameFolding.soundSkeletons(english: key).contains(skeleton!), "\(katakana)")
    }

    /// Short English titles said in katakana meet by how a Japanese ear hears them, function words
    /// and plurals too (ザ, カムズ, ヒア).
    @Test(arguments: [
        ("スリラー", "thriller"), ("ドリームス", "dreams"), ("ヒア・カムズ・ザ・サン", "here comes the sun"),
        ("ビート・イット", "beat it"), ("ワン・ラブ", "one love"), ("テイク・ファイブ", "take 5"), ("タイム・アウト", "time out"), ("サムシング", "something"),
    ])
    func shortKatakanaTitlesMeetTheirEnglishNames(katakana: String, key: String) {
        let heard = NameFolding.heardForm(katakana: katakana)
        #expect(heard != nil && heard == NameFolding.heardForm(english: key), "\(katakana): \(heard ?? "-") vs \(NameFolding.heardForm(english: key) ?? "-")")
    }

    /// Foreign names written in Cyrillic by their sound, in any case, meet their English names;
    /// "ch" before r, l or "ae" is a k in English (Michael, Christina).
    @Test(arguments: [
        ("Майкл Джексон", "michael jackson"), ("Майкла Джексона", "michael jackson"),
        ("マイケル・ジャクソン", "michael jackson"), ("Кристина Агилера", "christina aguilera"),
        ("Эминема", "eminem"),
    ])
    func soundWrittenNamesMeetTheirEnglishNames(said: String, key: String) {
        let skeleton =
            NameFolding.soundSkeleton(katakana: said, minimumConsonants: 3)
            ?? NameFolding.soundSkeleton(cyrillic: said, minimumConsonants: 3)
        #expect(skeleton != nil && NameFolding.soundSkeletons(english: key, minimumConsonants: 3).contains(skeleton!), "\(said)")
    }

    @Test func cyrillicNamesOfOtherSoundsStayApart() {
        // «Битлз» and the Beatles share four consonants: below what is indexed, enough for the gate.
        #expect(NameFolding.soundSkeleton(cyrillic: "Битлз") == nil)
        #expect(NameFolding.soundSkeleton(cyrillic: "Битлз", minimumConsonants: 4) == "btrs")
        #expect(NameFolding.soundSkeleton(cyrillic: "Майкл Джексон") != NameFolding.soundSkeletons(english: "michael bolton").first)
        #expect(NameFolding.soundSkeleton(cyrillic: "Skyfall") == nil)
    }

    @Test func differentLoanwordsStayApart() {
        let skeleton = NameFolding.soundSkeleton(katakana: "ファーストラブ")
        #expect(!NameFolding.soundSkeletons(english: "fast lane").contains(skeleton ?? ""))
        #expect(NameFolding.soundSkeleton(katakana: "宇多田") == nil)
        // Too few consonants to tell names apart: ミスチル would meet "most ulro".
        #expect(NameFolding.soundSkeleton(katakana: "ミスチル") == nil)
        #expect(NameFolding.soundSkeletons(english: "lemon").isEmpty)
    }

    @Test(arguments: [
        ("Eighty-First Street", "81 street"), ("81st Street", "81 street"), ("2 Unlimited", "2 unlimited"),
        ("Two Unlimited", "2 unlimited"), ("Beyoncé", "beyonce"), ("AC/DC", "ac dc"),
        ("Guns N' Roses", "guns n roses"), ("Rock & Roll", "rock and roll"), ("  HELLO,   World!! ", "hello world"),
        ("Twenty One Pilots", "21 pilots"), ("The One", "the 1"), ("Ｆｕｌｌ Ｗｉｄｔｈ", "full width"),
        ("Сектор Газа", "sektor gaza"), ("Земфира", "zemfira"), ("北京", "bei jing"),
    ])
    func key(raw: String, folded: String) {
        #expect(NameFolding.key(raw) == folded)
    }

    @Test(arguments: [
        ("Bohemian Rhapsody (Remastered 2011)", "Bohemian Rhapsody"),
        ("Skyfall (feat. Someone)", "Skyfall"),
        ("Song - Live at Wembley", "Song"),
        ("Hello - Radio Edit", "Hello"),
        ("Star Wars (Original Motion Picture Soundtrack)", "Star Wars"),
        ("Love Me Do [Mono]", "Love Me Do"),
        ("Help!", "Help!"),
        ("Love (Is All Around)", "Love (Is All Around)"),
        ("Uptown Funk feat. Bruno Mars", "Uptown Funk"),
    ])
    func core(raw: String, core: String) {
        #expect(NameFolding.core(raw) == core)
    }

    @Test func aTitleIsItsNameWithOrWithoutVersionNotes() {
        let key = NameFolding.key("come together")
        #expect(NameFolding.isTitle("Come Together (Remastered 2009)", key: key))
        #expect(NameFolding.isTitle("Come Together", key: key))
        #expect(!NameFolding.isTitle("Come Together Again", key: key))
    }

    @Test(arguments: [
        (["forty", "five"], 45.0, 2), (["one", "hundred", "and", "twenty"], 120, 4), (["81st"], 81, 1),
        (["twenty", "first"], 21, 2), (["1.5"], 1.5, 1), (["seven", "seven"], 7, 1),
    ])
    func numberWords(tokens: [String], value: Double, count: Int) throws {
        let read = try #require(NumberWords.english.read(tokens[...]))
        #expect(read.value == value)
        #expect(read.count == count)
    }

    @Test func stemLeavesOtherScriptsAlone() {
        #expect(NameFolding.stem("Rolling in the Deep") == "rolling in the deep")
    }

    @Test(arguments: [
        ("Yonezu Kenshi", "yonesukensi"), ("yonedzukenshi", "yonesukensi"), ("Tōkyō", "tokyo"), ("toukyou", "tokyo"),
        ("shinbun", "sinhun"), ("shimbun", "sinhun"),
    ])
    func romajiSpellingsFoldTogether(romaji: String, key: String) {
        #expect(NameFolding.romajiKey(romaji) == key)
    }

    @Test func katakanaLoanwordsAreSpelledBack() {
        #expect(NameFolding.loanwordSpellings("カリード") == ["kalid", "karid"])
        #expect(NameFolding.loanwordSpellings("カリード Khalid").isEmpty)
    }

    @Test func notANumber() {
        #expect(NumberWords.english.read(["hello"][...]) == nil)
    }

    /// Ordinals and cases are read by the formatter's rules, whole words only: «одинокий» begins
    /// like «один» and «станцию» like «сто», and neither is a number.
    @Test(arguments: [
        (["девяносто", "первого", "года"], 91.0, 2), (["восемьдесят", "второму"], 82, 2), (["сорокового"], 40, 1),
        (["две", "тысячи", "одиннадцатого"], 2011, 3), (["тысяча", "девятьсот", "девяносто", "первого"], 1991, 4),
        (["девяностых"], 90, 1), (["первую", "песню"], 1, 1),
    ])
    func inflectedRussianNumbers(tokens: [String], value: Double, count: Int) throws {
        let russian = NumberWords(localeIdentifier: "ru", decimalWords: [], tensJoiners: [])
        let read = try #require(russian.read(tokens[...]))
        #expect(read.value == value)
        #expect(read.count == count)
    }

    @Test(arguments: ["одинокий", "станцию", "дважды", "года"])
    func wordsThatOnlyBeginLikeNumbers(word: String) {
        let russian = NumberWords(localeIdentifier: "ru", decimalWords: [], tensJoiners: [])
        #expect(russian.read([word][...]) == nil)
    }
}

@Suite("Intent contract JSON")
struct ContractTests {
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    @Test func mediaSearchUsesEvalFieldNames() throws {
        let search = MediaSearch(
            mediaType: .song, sortOrder: .newest, mediaName: "Skyfall", artistName: "Adele", genreNames: ["pop"],
            releaseDate: YearRange(start: 1970, end: 1979), reference: .currentlyPlaying)
        let json = String(decoding: try encoder.encode(search), as: UTF8.self)
        #expect(
            json
                == #"{"artistName":"Adele","genreNames":["pop"],"mediaName":"Skyfall","mediaType":"song","reference":"currentlyPlaying","releaseDate":{"end":1979,"start":1970},"sortOrder":"newest"}"#
        )
        #expect(try JSONDecoder().decode(MediaSearch.self, from: Data(json.utf8)) == search)
    }

    @Test(arguments: [
        (AddDestination.library, #"{"library":true}"#), (.playlist("Driving"), #"{"playlist":"Driving"}"#),
    ])
    func destination(value: AddDestination, json: String) throws {
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(AddDestination.self, from: Data(json.utf8)) == value)
    }

    /// SiriKit's eight sort orders and Hark's own `unplayed` ("the next unplayed episode").
    @Test func allTwentyMediaTypesAndNineSortOrders() {
        #expect(MediaItemType.allCases.filter { $0 != .unknown }.count == 20)
        #expect(SortOrder.allCases.count == 9 && SortOrder.allCases.last == .unplayed)
        #expect(!MediaItemType.movie.isAudio && MediaItemType.podcastEpisode.isAudio)
    }

    @Test func resolutionValuesBestFirst() {
        let a = MediaItem(identifier: "a", title: "A", type: .song)
        let b = MediaItem(identifier: "b", title: "B", type: .song)
        #expect(ResolutionResult.disambiguation([a, b]).values == [a, b])
        #expect(ResolutionResult<MediaItem>.unsupported(.loginRequired).values.isEmpty)
    }
}
