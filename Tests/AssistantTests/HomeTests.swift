import Apps
import Assistant
import Foundation
import Testing

/// A home of three people, four rooms and five devices, and a second home beside it.
@Suite("Homes: the right person, the right speakers") struct HomeTests {
    static let flat = Apps.Home(
        id: "flat", name: "Flat",
        people: [
            .init(id: "ann", name: "Ann", languages: ["en"], voiceProfile: "voice-ann"),
            .init(id: "boris", name: "Boris", languages: ["ru"], voiceProfile: "voice-boris"),
            .init(id: "yuki", name: "Yuki", languages: ["ja"], voiceProfile: "voice-yuki"),
        ],
        rooms: [
            .init(id: "living", name: "living room", aliases: ["гостиная", "リビング", "客厅"]),
            .init(id: "kitchen", name: "kitchen", aliases: ["кухня", "キッチン", "厨房"]),
            .init(id: "bedroom", name: "bedroom", aliases: ["спальня", "寝室", "卧室"], groups: ["upstairs"]),
            .init(id: "office", name: "office", aliases: ["кабинет"], groups: ["upstairs"]),
        ],
        devices: [
            .init(id: "living-speaker", name: "living room speaker", kind: .speaker, room: "living"),
            .init(id: "kitchen-speaker", name: "kitchen speaker", kind: .speaker, room: "kitchen"),
            .init(id: "bedroom-speaker", name: "bedroom speaker", kind: .speaker, room: "bedroom"),
            .init(id: "office-tv", name: "office tv", kind: .tv, room: "office", hasScreen: true),
            .init(id: "ann-phone", name: "Ann's phone", kind: .phone, owner: "ann", playsAudio: false, hasScreen: true),
        ])
    static let cabin = Apps.Home(
        id: "cabin", name: "Cabin", people: [.init(id: "olga", name: "Olga", voiceProfile: "voice-olga")],
        rooms: [.init(id: "kitchen", name: "kitchen")],
        devices: [.init(id: "kitchen-speaker", name: "kitchen speaker", kind: .speaker, room: "kitchen")])

    func assistant() async throws -> Assistant {
        let assistant = try freshAssistant()
        try await assistant.saveHome(Self.flat)
        try await assistant.saveHome(Self.cabin)
        return assistant
    }

    func ask(_ assistant: Assistant, _ text: String, on device: String, home: String = "flat", voice: String? = nil)
        async -> Outcome
    {
        await assistant.ask(text, context: RequestContext(device: device, home: home, voiceProfile: voice))
    }

    func playing(_ assistant: Assistant, _ device: String, home: String = "flat") async -> String? {
        await assistant.nowPlaying(device: "home:\(home)/\(device)")?.item?.title
    }

    @Test func itPlaysInTheRoomAskedForNotWhereItWasHeard() async throws {
        let assistant = try await assistant()
        let outcome = await ask(assistant, "play skyfall by adele in the kitchen", on: "living-speaker")
        #expect(outcome.reply == "Playing Skyfall by Adele.")
        #expect(outcome.devices == ["home:flat/kitchen-speaker"])
        #expect(await playing(assistant, "kitchen-speaker") == "Skyfall")
        #expect(await playing(assistant, "living-speaker") == nil)
        // In Russian, Japanese and Chinese, the room named in the language's own words.
        _ = await ask(assistant, "включи Hello на кухне", on: "living-speaker", voice: "voice-boris")
        #expect(await playing(assistant, "kitchen-speaker") == "Hello")
        _ = await ask(assistant, "寝室でSkyfallを再生して", on: "kitchen-speaker", voice: "voice-yuki")
        #expect(await playing(assistant, "bedroom-speaker") == "Skyfall")
        _ = await ask(assistant, "在客厅播放Hello", on: "kitchen-speaker")
        #expect(await playing(assistant, "living-speaker") == "Hello")
    }

    @Test func everywhereAndAGroupPlayOnEveryRoomOfThem() async throws {
        let assistant = try await assistant()
        let outcome = await ask(assistant, "play skyfall everywhere", on: "kitchen-speaker")
        #expect(Set(outcome.devices ?? []) == [
            "home:flat/living-speaker", "home:flat/kitchen-speaker", "home:flat/bedroom-speaker", "home:flat/office-tv",
        ])
        for device in ["living-speaker", "kitchen-speaker", "bedroom-speaker", "office-tv"] {
            #expect(await playing(assistant, device) == "Skyfall")
        }
        _ = await ask(assistant, "pause everywhere", on: "kitchen-speaker")
        #expect(await assistant.nowPlaying(device: "home:flat/bedroom-speaker")?.state == .paused)
        let upstairs = await ask(assistant, "play hello upstairs", on: "kitchen-speaker")
        #expect(Set(upstairs.devices ?? []) == ["home:flat/bedroom-speaker", "home:flat/office-tv"])
    }

    @Test func musicMovesBetweenRoomsAndPlaysInSeveral() async throws {
        let clock = ManualClock()
        let assistant = try freshAssistant(clock: clock)
        try await assistant.saveHome(Self.flat)
        _ = await ask(assistant, "play skyfall by adele", on: "living-speaker")
        clock.advance(30)
        let moved = await ask(assistant, "move the music to the bedroom", on: "living-speaker")
        #expect(moved.reply == "Moved Skyfall to the bedroom.")
        #expect(await playing(assistant, "bedroom-speaker") == "Skyfall")
        // The queue and the place in it moved; the old room stopped.
        let bedroom = await assistant.nowPlaying(device: "home:flat/bedroom-speaker")
        #expect(abs((bedroom?.position ?? 0) - 30) < 1)
        #expect(await assistant.nowPlaying(device: "home:flat/living-speaker")?.state == .stopped)
        // From another room's speaker, in Russian: "play it in the kitchen too".
        let also = await ask(assistant, "включи это ещё и на кухне", on: "kitchen-speaker", voice: "voice-boris")
        #expect(also.reply == "«Skyfall» теперь играет и в комнате «кухня».")
        #expect(await playing(assistant, "kitchen-speaker") == "Skyfall")
        #expect(await playing(assistant, "bedroom-speaker") == "Skyfall")
        let nothing = await ask(assistant, "move the music to the office", on: "living-speaker", home: "cabin")
        #expect(nothing.reply != "")
        _ = await ask(assistant, "stop everywhere", on: "living-speaker")
        let none = await ask(assistant, "move the music to the office", on: "living-speaker")
        #expect(none.reply == "Nothing is playing right now.")
    }

    @Test func aRoomTheHomeDoesNotHaveIsSaidSoAndNothingPlays() async throws {
        let assistant = try await assistant()
        let outcome = await ask(assistant, "play skyfall in the garage", on: "living-speaker")
        #expect(outcome.reply == "There's no room called garage in this home.")
        #expect(await playing(assistant, "living-speaker") == nil)
        // Another home's rooms are not this home's: the cabin has no bedroom.
        let cabin = await ask(assistant, "play skyfall in the bedroom", on: "kitchen-speaker", home: "cabin")
        #expect(cabin.reply == "There's no room called bedroom in this home.")
        _ = await ask(assistant, "play hello in the kitchen", on: "kitchen-speaker", home: "cabin")
        #expect(await playing(assistant, "kitchen-speaker", home: "cabin") == "Hello")
        #expect(await playing(assistant, "kitchen-speaker") == nil)
    }

    @Test func personalRequestsNeedToKnowWhoIsSpeaking() async throws {
        let assistant = try await assistant()
        _ = await ask(assistant, "play skyfall by adele", on: "living-speaker")
        let nobody = await ask(assistant, "I like this song", on: "living-speaker")
        #expect(nobody.reply.hasPrefix("I can't tell who's speaking"))
        let ann = await ask(assistant, "I like this song", on: "living-speaker", voice: "voice-ann")
        #expect(ann.person == "ann")
        #expect(try await assistant.library(user: "home:flat/ann").liked.map(\.title) == ["Skyfall"])
        #expect(try await assistant.library(user: "home:flat/boris").liked.isEmpty)
        // On a shared speaker in Russian, the refusal is Russian.
        let russian = await ask(assistant, "мне нравится эта песня", on: "living-speaker")
        #expect(russian.reply.hasPrefix("Не могу понять, кто говорит"))
    }

    @Test func anAppAsksOncePerPersonAndASpeakerNeverSendsToTheApp() async throws {
        let assistant = try await assistant()
        let app = RecordingApp()
        await assistant.appCommands.addHandler(app, named: "walks")
        try await assistant.register(AppCommandTests.manifest())
        try await assistant.appCommands.put(AppCommandTests.walks, app: "test.walkmate")
        let asked = await ask(assistant, "load berlin loop in walk mate", on: "living-speaker", voice: "voice-ann")
        #expect(asked.reply == "Walk Mate would like to use your data. Is that OK?")
        #expect(app.calls.withLock { $0.isEmpty })
        let yes = await ask(assistant, "yes", on: "living-speaker", voice: "voice-ann")
        #expect(yes.reply == "Loaded Berlin Loop.")
        // The app opens itself, but a speaker has no screen: done, not "continue in the app".
        #expect(yes.code == .success)
        let again = await ask(assistant, "load park north in walk mate", on: "living-speaker", voice: "voice-ann")
        #expect(again.reply == "Loaded Park North.")
        // Boris says no, and is not asked again; nothing reaches the app for him.
        #expect(await ask(assistant, "загрузи лесную тропу в Уок Мейт", on: "living-speaker", voice: "voice-boris").reply
            == "Walk Mate просит доступ к вашим данным. Разрешить?")
        #expect(await ask(assistant, "нет", on: "living-speaker", voice: "voice-boris").reply
            == "Хорошо, Walk Mate не будет использовать ваши данные.")
        #expect(await ask(assistant, "загрузи лесную тропу в Уок Мейт", on: "living-speaker", voice: "voice-boris").reply
            == "Вы не разрешили Walk Mate использовать ваши данные.")
        #expect(app.calls.withLock { $0.count } == 2)
        // A device that lists its apps answers only for those.
        var home = Self.flat
        home.devices[1].apps = ["org.example.tunes"]
        try await assistant.saveHome(home)
        #expect(await ask(assistant, "load berlin loop in walk mate", on: "kitchen-speaker", voice: "voice-ann").reply
            == "Walk Mate isn't on the kitchen speaker.")
        #expect(app.calls.withLock { $0.count } == 2)
    }

    @Test func roomsNotReachedBeforeTheDeadlineAreLeftAndSaidSo() async throws {
        let assistant = try await assistant()
        // A deadline already past: no room is started, and the reply says so.
        let outcome = await assistant.ask(
            "play skyfall in the kitchen",
            context: RequestContext(device: "living-speaker", home: "flat", deadline: Date().timeIntervalSince1970 - 1))
        #expect(outcome.reply == "The kitchen didn't answer in time.")
        #expect(await playing(assistant, "kitchen-speaker") == nil)
    }

    @Test func anAppPastTheRequestsDeadlineIsLeft() async throws {
        let app = RecordingApp(delay: 5)
        let assistant = try await assistant()
        await assistant.appCommands.addHandler(app, named: "walks")
        try await assistant.register(AppCommandTests.manifest())
        try await assistant.appCommands.put(AppCommandTests.walks, app: "test.walkmate")
        let outcome = await assistant.ask(
            "load berlin loop in walk mate", context: RequestContext(deadline: Date().timeIntervalSince1970 - 1))
        #expect(outcome.reply == "Walk Mate isn't answering right now.")
    }

    @Test func aHomeWithAWrongReferenceIsRefused() async throws {
        let assistant = try freshAssistant()
        var broken = Self.flat
        broken.devices.append(.init(id: "x", name: "x", kind: .speaker, room: "garage"))
        await #expect(throws: Apps.HomeProblem.self) { try await assistant.saveHome(broken) }
        #expect(try assistant.home("flat") == nil)
        let unknown = await ask(assistant, "play skyfall", on: "living-speaker")
        #expect(unknown.reply == "I don't know a home called flat.")
    }
}
