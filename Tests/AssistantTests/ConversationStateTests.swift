import Foundation
import MediaIntents
import Testing

import Apps
@testable import Assistant

@Suite("Vocabulary, apps and follow-ups")
struct ConversationStateTests {
    @Test func userVocabularyChangesTheReading() async throws {
        let assistant = try freshAssistant()
        let before = await assistant.interpret("play sunday chill mix")
        #expect(before.search?.mediaType != .playlist)
        try await assistant.setVocabulary(["Sunday Chill Mix", "Road Songs"], type: .playlistTitle)
        let after = await assistant.interpret("play sunday chill mix")
        #expect(after.search == MediaSearch(mediaType: .playlist, mediaName: "Sunday Chill Mix"))
        #expect(try await assistant.vocabulary()[.playlistTitle] == ["Sunday Chill Mix", "Road Songs"])
        // Another user's vocabulary is theirs alone.
        let other = await assistant.interpret("play sunday chill mix", context: RequestContext(user: "bob"))
        #expect(other.search?.mediaType != .playlist)
    }

    @Test func appGlobalVocabularyBeatsDecadeAndGenre() async throws {
        let assistant = try freshAssistant()
        let understood = await assistant.interpret("play 70s classic punk songs")
        #expect(understood.search == MediaSearch(mediaType: .playlist, mediaName: "70s Classic Punk Songs"))
        let outcome = await assistant.ask("play playlist of the day")
        #expect(outcome.reply == "Playing the playlist Playlist of the Day.")
    }

    /// The global vocabulary's synonyms in Japanese and Chinese are honoured as the English ones are.
    @Test(arguments: [("今日のプレイリストをかけて", "ja"), ("播放每日推荐", "zh-Hans"), ("播放每日推薦", "zh-Hant")])
    func appGlobalVocabularyInOtherScripts(text: String, language: String) async throws {
        let assistant = try freshAssistant()
        let understood = await assistant.interpret(text, context: RequestContext(language: language))
        #expect(understood.search == MediaSearch(mediaType: .playlist, mediaName: "Playlist of the Day"))
    }

    /// A fresh assistant over the demo catalog that knows `app` (apps are read when an assistant starts).
    func assistant(registering app: AppRegistration) async throws -> Assistant {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-apps-\(UUID().uuidString).db")
            .path
        try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
        try await Assistant(databasePath: path).register(app)
        return try Assistant(databasePath: path)
    }

    @Test func registeredAppAnswersToItsNamesHoweverTheyAreSplit() async throws {
        let assistant = try await assistant(
            registering: AppRegistration(identifier: "app.walkmate", name: "Walk Mate", alternativeNames: ["Stroll"]))
        for text in [
            "tell walkmate to play skyfall", "play skyfall on walk mate", "play skyfall using Walk-Mate",
            "ask stroll to play skyfall", "play skyfall in walkm ate",
        ] {
            let outcome = await assistant.ask(text)
            #expect(outcome.app == "Walk Mate", "\(text)")
            #expect(outcome.understood.search?.mediaName?.lowercased() == "skyfall", "\(text)")
        }
        #expect(await assistant.ask("play skyfall").app == "Hark")
    }

    /// Two registrations at once both stay, and each is understood by the same assistant at once
    /// (the understanding is rebuilt outside the lock and swapped in).
    @Test func registrationsAtOnceBothStay() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hark-apps-\(UUID().uuidString).db")
            .path
        try FileManager.default.copyItem(atPath: seededTemplate, toPath: path)
        let assistant = try Assistant(databasePath: path)
        async let first: Void = assistant.register(AppRegistration(identifier: "app.walkmate", name: "Walk Mate"))
        async let second: Void = assistant.register(AppRegistration(identifier: "app.tunebox", name: "Tune Box"))
        _ = try await (first, second)
        #expect(await assistant.ask("play skyfall on walk mate").app == "Walk Mate")
        #expect(await assistant.ask("play skyfall on tune box").app == "Tune Box")
    }

    /// The requests Hark was first described with, end to end, with a Russian app registered.
    @Test func seedRequestsWorkEndToEnd() async throws {
        let assistant = try await assistant(
            registering: AppRegistration(
                identifier: "ru.yandex.music", name: "Яндекс.Музыка", alternativeNames: ["Yandex Music"]))
        let yandex = await assistant.ask("Включи трек Skyfall от Adele в Яндекс.Музыке")
        #expect(yandex.app == "Яндекс.Музыка")
        #expect(yandex.reply == "Включаю песню «Skyfall» Adele.")
        let tell = await assistant.ask("Скажи Яндекс.Музыке включить рок")
        #expect(tell.app == "Яндекс.Музыка" && tell.understood.search?.genreNames == ["rock"])
        #expect(tell.code == .success)
        #expect(await assistant.ask("Мне не нравится этот трек").language == "ru")
        for (text, language) in [
            ("この曲好き", "ja"), ("ビリー・アイリッシュを検索", "ja"), ("播放音乐", "zh-Hans"), ("下一曲目", "zh-Hans"),
            ("快进45秒", "zh-Hans"), ("后退一分钟", "zh-Hans"), ("这是哪首歌？", "zh-Hans"),
        ] {
            let outcome = await assistant.ask(text)
            #expect(outcome.code == .success, "\(text)")
            #expect(outcome.language == language, "\(text)")
        }
        #expect(await assistant.ask("ビリー・アイリッシュを検索").reply.contains("ビリー・アイリッシュ"))
    }

    @Test func aBookContinuesWhereTheListenerLeftItOnAnotherDevice() async throws {
        let assistant = try freshAssistant()
        let kitchen = RequestContext(user: "ann", device: "kitchen")
        _ = await assistant.ask("play the audiobook pride and prejudice", context: kitchen)
        _ = await assistant.ask("skip forward 10 minutes", context: kitchen)
        _ = await assistant.ask("play skyfall", context: kitchen)
        let bedroom = RequestContext(user: "ann", device: "bedroom")
        let resumed = await assistant.ask("continue my audiobook", context: bedroom)
        #expect(resumed.reply == "Resuming Pride and Prejudice.")
        #expect((resumed.nowPlaying?.position ?? 0) >= 600)
        let other = await assistant.ask("continue my audiobook", context: RequestContext(user: "bo", device: "den"))
        #expect((other.nowPlaying?.position ?? 1) < 1)
    }

    @Test func whichArtistIsAskedAndAnswered() async throws {
        let assistant = try freshAssistant()
        _ = await assistant.ask("play uptown funk")
        let question = await assistant.ask("I like this artist")
        #expect(question.code == .needsChoice)
        #expect(question.reply == "Which one: Mark Ronson or Bruno Mars?")
        let answer = await assistant.ask("the second one")
        #expect(answer.reply == "Got it, you like Bruno Mars.")
        #expect(answer.items.first?.type == .artist)
    }

    @Test(arguments: [
        ("number one", "Hello by Adele"), ("lionel richie", "Hello by Lionel Richie"),
        ("the last one", "Hello by Lionel Richie"),
    ])
    func sameTitleIsAskedAndAnsweredByPositionOrName(answer: String, added: String) async throws {
        let assistant = try freshAssistant()
        let question = await assistant.ask("add hello to my road trip playlist")
        #expect(question.reply == "Which one: Hello by Adele or Hello by Lionel Richie?")
        let outcome = await assistant.ask(answer)
        // The reply says which was chosen (issue 15: an answered "Which one?" names the song added).
        #expect(outcome.reply == "I made a new playlist called Road Trip and added \(added).")
        #expect(outcome.items.first.map { "\($0.title) by \($0.artist ?? "")" } == added)
    }

    @Test func neverMindCancelsAndANewRequestMovesOn() async throws {
        let assistant = try freshAssistant()
        _ = await assistant.ask("I like hello")
        #expect(await assistant.ask("never mind").reply == "OK, never mind.")
        #expect(await assistant.ask("the first one").reply == "Sorry, I didn't get that.")
        _ = await assistant.ask("I like hello")
        #expect(await assistant.ask("play skyfall").reply == "Playing Skyfall by Adele.")
    }

    @Test func questionsExpireAndStayWithTheirUser() async throws {
        let clock = ManualClock()
        let assistant = try freshAssistant(clock: clock)
        _ = await assistant.ask("I like hello")
        let bob = await assistant.ask("the first one", context: RequestContext(user: "bob"))
        #expect(bob.reply == "Sorry, I didn't get that.")
        clock.advance(120)
        #expect(await assistant.ask("the first one").reply == "Sorry, I didn't get that.")
    }

    @Test func referencesToWhatIsPlaying() async throws {
        let assistant = try freshAssistant()
        _ = await assistant.ask("play the album thriller")
        let album = await assistant.ask("play this album")
        #expect(album.nowPlaying?.item?.album == "Thriller")
        let artist = await assistant.ask("play more by this artist")
        #expect(artist.nowPlaying?.item?.artist == "Michael Jackson")
        let station = await assistant.ask("more like this")
        #expect(station.reply.hasPrefix("Playing a station based on"))
        _ = await assistant.ask("play hello by adele")
        #expect(await assistant.ask("I like it").reply == "Got it, you like Hello.")
    }

    @Test func theCatalogSetsTheTypeTheWordsLeaveOpen() async throws {
        let assistant = try freshAssistant()
        // A song called Thriller exists: "X by Y" stays a song.
        #expect(await assistant.interpret("play thriller by michael jackson").search?.mediaType == .song)
        // Only an album called Abbey Road exists: the same words mean the album.
        let album = await assistant.interpret("play abbey road by the beatles")
        #expect(album.search == MediaSearch(mediaType: .album, artistName: "the beatles", albumName: "abbey road"))
        #expect(
            await assistant.ask("play abbey road by the beatles").reply
                == "Playing the album Abbey Road by The Beatles.")
        // A bare name that is an artist.
        #expect(await assistant.interpret("play adele").search == MediaSearch(artistName: "adele"))
    }
}

@Suite("Replies in the request's language")
struct LanguageReplyTests {
    @Test func germanRequestsGetGermanReplies() async throws {
        let assistant = try freshAssistant()
        let play = await assistant.ask("spiele Skyfall von Adele")
        #expect(play.language == "de")
        #expect(play.reply == "Ich spiele Skyfall von Adele.")
        #expect(await assistant.ask("welches Lied ist das").reply == "Das ist Skyfall von Adele.")
        #expect(await assistant.ask("spule 45 Sekunden vor").reply == "45 Sekunden vorgespult.")
        #expect(
            await assistant.ask("wie wird das Wetter morgen").reply == "Entschuldigung, das habe ich nicht verstanden.")
    }

    @Test func russianRequestsGetRussianReplies() async throws {
        let assistant = try freshAssistant()
        let play = await assistant.ask("включи трек Skyfall от Adele")
        #expect(play.language == "ru")
        #expect(play.reply == "Включаю песню «Skyfall» Adele.")
        #expect(
            await assistant.ask("мне не нравится этот трек").reply == "Поняла, «Skyfall» вам не нравится. Переключаю.")
        let band = await assistant.ask("включи Сектор Газа")
        #expect(band.items.first?.title == "Sektor Gaza" && band.items.first?.type == .artist)
        #expect(band.reply == "Включаю песни группы «Сектор Газа».")
        #expect(await assistant.ask("включи Туман").reply == "Включаю песню «Туман» группы «Сектор Газа».")
        #expect(await assistant.ask("что это за песня").reply == "Это «Туман» группы «Сектор Газа».")
        #expect(await assistant.ask("включи Земфиру").reply == "Включаю песни Земфиры.")
        #expect(await assistant.ask("включи группу крови").reply == "Включаю песню «Группа крови» группы «Кино».")
        #expect(await assistant.ask("включи Аллу Пугачёву").reply == "Включаю песни Аллы Пугачёвой.")
        #expect(await assistant.ask("включи свет").reply == "Извините, я не поняла.")
    }

    @Test(arguments: [
        ("播放Adele的Skyfall", "正在播放阿黛尔的《Skyfall》。"), ("米津玄師のLemonを再生", "米津玄師の「Lemon」を再生します。"),
        ("joue Skyfall d'Adele", "Je lance Skyfall d'Adele."), ("pon Skyfall de Adele", "Pongo Skyfall de Adele."),
    ])
    func otherLanguagesPlayAndReplyInKind(text: String, reply: String) async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask(text)
        #expect(outcome.code == .success, "\(text)")
        #expect(outcome.reply == reply)
    }

    @Test(arguments: [
        ("播放周杰伦的晴天", "晴天", "Jay Chou"), ("播放周杰倫的七里香", "七里香", "Jay Chou"),
        ("play qing tian by jay chou", "晴天", "Jay Chou"), ("включи Земфиру", "Земфира", nil),
        ("play zemfira", "Земфира", nil), ("ビリー・アイリッシュを再生", "Billie Eilish", nil),
    ])
    func namesMatchAcrossScripts(text: String, title: String, artist: String?) async throws {
        let assistant = try freshAssistant()
        let outcome = await assistant.ask(text)
        #expect(outcome.code == .success, "\(text)")
        #expect(outcome.items.first?.title == title, "\(text)")
        if let artist { #expect(outcome.items.first?.artist == artist, "\(text)") }
    }
}

@Suite("Names in replies")
struct DisplayNameTests {
    @Test(arguments: [
        ("Земфира", "Земфиры"), ("Виктор Цой", "Виктора Цоя"), ("Алла Пугачёва", "Аллы Пугачёвой"),
        ("Анна Герман", "Анны Герман"), ("Игорь Тальков", "Игоря Талькова"), ("Фёдор Шаляпин", "Фёдора Шаляпина"),
        ("Максим Горький", "Максима Горького"), ("Юрий Антонов", "Юрия Антонова"),
        ("Валерий Меладзе", "Валерия Меладзе"), ("Adele", "Adele"),
    ])
    func russianPersonsAreDeclined(name: String, genitive: String) {
        #expect(DisplayNames.russianGenitive(name, kind: .person) == genitive)
    }

    @Test func russianGroupsKeepTheirNameAndUnknownCyrillicIsLeftAlone() {
        #expect(DisplayNames.russianGenitive("Кино", kind: .group) == "группы «Кино»")
        #expect(DisplayNames.russianGenitive("Queen", kind: .group) == "группы Queen")
        #expect(DisplayNames.russianGenitive("Ленинград", kind: nil) == nil)
        #expect(DisplayNames.russianGenitive("Queen", kind: nil) == "Queen")
    }

    @Test func namesAreTakenInTheRequestsScript() {
        #expect(DisplayNames.pick("Tuman", aliases: ["Туман"], language: "ru") == "Туман")
        #expect(DisplayNames.pick("Tuman", aliases: ["Туман"], language: "en") == "Tuman")
        #expect(DisplayNames.pick("Billie Eilish", aliases: ["ビリー・アイリッシュ", "碧梨"], language: "ja") == "ビリー・アイリッシュ")
        #expect(DisplayNames.pick("Billie Eilish", aliases: ["ビリー・アイリッシュ", "碧梨"], language: "zh-Hans") == "碧梨")
        #expect(DisplayNames.pick("Lemon", aliases: nil, language: "ja") == "Lemon")
    }

    /// A reply missing in a language would be said in English: every language has every key.
    @Test func everyLanguageHasEveryReply() throws {
        let keys = try ReplyComposer().keysByLanguage
        let english = try #require(keys["en"])
        #expect(keys.count >= 8)
        for (language, own) in keys {
            #expect(english.subtracting(own).isEmpty, "\(language) lacks \(english.subtracting(own).sorted())")
            // "genre.<name>": a language's own word for a genre where a reply needs another form than
            // the grammar's (Russian «в жанре акустика»); "mood.after.<name>": a mood said after the
            // kind («музыку для сна»). Both optional, and English needs neither.
            let extra = own.subtracting(english).filter { !$0.hasPrefix("genre.") && !$0.hasPrefix("mood.after.") }
            #expect(extra.isEmpty, "\(language) has keys English lacks: \(extra.sorted())")
        }
    }

    @Test func frenchDropsTheVowelOfDe() {
        #expect(ReplyComposer.frenchElision("Je lance Skyfall de Adele.") == "Je lance Skyfall d'Adele.")
        #expect(
            ReplyComposer.frenchElision("Je lance Yesterday de The Beatles.") == "Je lance Yesterday de The Beatles.")
        #expect(ReplyComposer.frenchElision("inspirée de Hello") == "inspirée de Hello")
        #expect(ReplyComposer.frenchElision("Adele de Londres") == "Adele de Londres")
    }
}

@Suite("Traditional Chinese replies")
struct TraditionalChineseReplyTests {
    @Test func namesHeldInSimplifiedAreSaidInTraditional() async throws {
        let assistant = try freshAssistant()
        let context = RequestContext(language: "zh-Hant")
        let played = await assistant.ask("播放晴天", context: context)
        #expect(played.reply == "正在播放周杰倫的《晴天》。")
        let liked = await assistant.ask("我喜歡這個歌手", context: context)
        #expect(liked.reply == "好的，已記下你喜歡周杰倫。")
        let simplified = await assistant.ask("播放晴天", context: RequestContext(language: "zh-Hans"))
        #expect(simplified.reply == "正在播放周杰伦的《晴天》。")
    }
}
