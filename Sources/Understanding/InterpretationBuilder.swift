import MediaIntents

/// A language's folded words about names, as its language.json lists them.
struct NameWords: Sendable {
    /// Words that never name anything ("you", "the").
    var notNames: Set<String> = []
    /// First words that make a name something else ("включи свет" is the light).
    var notNameStarts: Set<String> = []
    /// Particles a name never ends with, as written (「の」, "的").
    var notNameEnds: [String] = []
    /// Words that alone name no playlist or station ("my", "мой", "的", the word "playlist").
    var unnamed: Set<String> = []
    /// Words never inside an artist's name said in a request ("by").
    var notInArtistNames: Set<String> = []
    /// What names the person's own library, not a playlist ("my library", «медиатека»).
    var library: Set<String> = []
    /// Rooms, folded ("kitchen", "living room"): "in the bathroom" is where, not a playlist's name.
    var rooms: Set<String> = []
}

/// Turns a sentence match (slots and fixed values) into an `Understood`.
struct InterpretationBuilder {
    private var intent: IntentKind
    private let words: NameWords
    private var app: String?
    private var search = MediaSearch()
    private var params = IntentParameters()
    private var volumeDown = false
    /// False when a slot holds what it cannot mean (a "year" of 81).
    private var plausible = true
    private var frequency: String?
    private var genreModifier: String?
    private var band: String?
    /// Which recording was asked for ("live", "acoustic"), kept as a note after the name.
    private var version: String?

    init(intent: IntentKind, words: NameWords) {
        self.intent = intent
        self.words = words
    }

    /// The request a match means, or nil when a slot cannot mean what it holds.
    /// A said number as a whole number, when it is one a request can mean: finite and within a
    /// billion either way ("year 66666600000053544603" is no year, and converting it would trap).
    static func whole(_ number: Double) -> Int? {
        number.isFinite && abs(number) <= 1e9 ? Int(number) : nil
    }

    static func build(
        intent: IntentKind, fixed: [String: String], captures: [Capture], words: NameWords = NameWords()
    ) -> Understood? {
        var builder = InterpretationBuilder(intent: intent, words: words)
        for (name, value) in fixed.sorted(by: { $0.key < $1.key }) { builder.apply(name, .text(value)) }
        for capture in captures { builder.apply(capture.name, capture.value) }
        return builder.plausible ? builder.finish() : nil
    }

    /// Whether words can be a title or an artist: a pronoun points at something and never names
    /// it ("I love you"), and a household thing is not a title ("включи свет" turns on the light).
    private func canName(_ text: String) -> Bool {
        // «а это», «а эта песня»: words that name nothing before words that name nothing.
        var said = NameFolding.tokens(text)[...]
        while text.count <= 24, !said.isEmpty {
            if words.notNames.contains(said.joined(separator: " ")) { return false }
            guard let first = said.first, words.notNames.contains(first) else { break }
            said = said.dropFirst()
        }
        return !startsWithHouseholdThing(text)
    }

    /// Whether a name begins with a word of `notNameStarts` (for Chinese and Japanese, whose
    /// names are not split into words, whether it begins with one of those characters).
    private func startsWithHouseholdThing(_ text: String) -> Bool {
        guard !words.notNameStarts.isEmpty else { return false }
        let said = Token.split(text).map(\.folded)
        guard let first = said.first else { return false }
        if words.notNameStarts.contains(first) { return true }
        guard first.unicodeScalars.first.map(Token.isCJK) == true else { return false }
        let joined = said.joined()
        return words.notNameStarts.contains { joined.hasPrefix($0) }
    }

    /// Whether a captured name is only words that name nothing ("my", "мой плейлист", "的").
    private func isUnnamed(_ text: String) -> Bool {
        guard !words.unnamed.isEmpty else { return false }
        let said = Token.split(text).map(\.folded)
        return words.unnamed.contains(said.joined(separator: " ")) || words.unnamed.contains(said.joined())
            || (!said.isEmpty && said.allSatisfy(words.unnamed.contains))
    }

    /// The slots that hold a name said.
    private static let nameSlots: Set<String> = ["mediaName", "artistName", "albumName", "playlist"]

    /// A name without a particle it ran on into ("Runningの" → "Running").
    private func withoutEndParticle(_ text: String) -> String {
        guard let end = words.notNameEnds.first(where: { text.hasSuffix($0) && text.count > $0.count }) else { return text }
        var kept = text.dropLast(end.count)
        while kept.last == " " { kept = kept.dropLast() }
        return String(kept)
    }

    private mutating func apply(_ name: String, _ value: SlotValue) {
        // Slot text runs from the first word to the last, so it has no outer spaces to trim.
        let text = Self.nameSlots.contains(name) ? withoutEndParticle(value.text) : value.text
        let number: Double? = {
            if case .number(let n) = value { return n }
            return Double(text)
        }()
        switch name {
        case "mediaName":
            if !canName(text) { plausible = false }
            search.mediaName = text
        case "artistName":
            if !canName(text) || NameFolding.tokens(text).contains(where: words.notInArtistNames.contains) {
                plausible = false
            }
            search.artistName = text
        case "albumName": search.albumName = text
        case "lyrics":
            // Quotes around the words are the speaker's, not the song's.
            let quotes: Set<Character> = ["\"", "'", "“", "”", "„", "«", "»", "「", "」", "『", "』", "‘", "’", " "]
            let words = String(text.drop(while: quotes.contains).reversed().drop(while: quotes.contains).reversed())
            search.lyrics = words.isEmpty ? text : words
            if search.mediaType == nil { search.mediaType = .song }
        case "mediaType": search.mediaType = MediaItemType(rawValue: text)
        case "sortOrder": search.sortOrder = SortOrder(rawValue: text)
        case "about": search.about = text
        case "reference": search.reference = MediaReference(rawValue: text)
        case "genreMod": genreModifier = text
        case "genre2":
            // "hardcore hip hop", "pop rap": two genre words said as one genre.
            if var genres = search.genreNames, let last = genres.popLast() {
                search.genreNames = genres + ["\(last) \(text)"]
            }
        case "genre":
            // "progressive" + "metal" is one genre, "progressive metal".
            let genre = genreModifier.map { "\($0) \(text)" } ?? text
            genreModifier = nil
            search.genreNames = (search.genreNames ?? []) + [genre]
        case "mood":
            // "something mellow to chill to": one mood said twice is one.
            if search.moodNames?.contains(text) != true { search.moodNames = (search.moodNames ?? []) + [text] }
        case "decade":
            if let start = number.flatMap(Self.whole) { search.releaseDate = YearRange(start: start, end: start + 9) }
        case "year":
            guard let year = number.flatMap(Self.whole), (1900...2099).contains(year) else {
                plausible = false
                return
            }
            search.releaseDate = YearRange(start: year, end: year)
        case "shortYear":
            // «девяносто первого года»: the century is the one a listener means (00–29 → 2000s).
            guard let short = number.flatMap(Self.whole), (0...99).contains(short) else {
                plausible = false
                return
            }
            let year = short < 30 ? 2000 + short : 1900 + short
            search.releaseDate = YearRange(start: year, end: year)
        case "app": app = text
        case "device": params.device = text
        case "area":
            // "In the kitchen and the bedroom": more than one room is more than one speaker.
            if let before = params.area, before != text { params.area = "everywhere" } else { params.area = text }
        case "handoff": params.handoff = text
        case "playlist":
            // "to my library" read as a playlist's name is the library.
            let said = NameFolding.tokens(text)
            let isLibrary = words.library.contains(said.joined(separator: " ")) || words.library.contains(said.joined())
            // "Put this on in the bathroom": a room after other words is a place, not a playlist.
            if said.count > 1, (1..<said.count).contains(where: { words.rooms.contains(said[$0...].joined(separator: " ")) }) {
                plausible = false
                return
            }
            params.destination = isLibrary ? .library : .playlist(text)
        case "destination": params.destination = text == "library" ? .library : .playlist(text)
        case "playShuffled": params.playShuffled = text == "true"
        case "playbackRepeatMode": params.playbackRepeatMode = PlaybackRepeatMode(rawValue: text)
        case "playbackQueueLocation": params.playbackQueueLocation = PlaybackQueueLocation(rawValue: text)
        case "playbackSpeed": params.playbackSpeed = number
        case "resumePlayback": params.resumePlayback = text == "true"
        case "played": params.played = text == "true"
        case "affinityType": params.affinityType = AffinityType(rawValue: text)
        case "interval": params.interval = number
        case "position": params.position = number
        case "positionMinutes": params.position = number.map { $0 * 60 }
        case "rate": params.rate = number
        case "repeatMode": params.repeatMode = RepeatMode(rawValue: text)
        case "shuffle": params.shuffle = text == "true"
        case "volume": params.volume = number.flatMap(Self.whole).map { min(max($0, 0), 100) }
        case "volumeDelta": params.volumeDelta = number.flatMap(Self.whole).map { min(max($0, -100), 100) }
        case "volumeDirection": volumeDown = text == "down"
        case "question": params.question = NowPlayingQuestionKind(rawValue: text)
        case "frequency": frequency = text
        case "seasonNumber":
            search.seasonNumber = number.flatMap(Self.whole)
        case "episodeNumber":
            search.episodeNumber = number.flatMap(Self.whole)
            search.mediaType = .podcastEpisode
        case "band": band = text
        case "version": version = text
        case "intent": if let kind = IntentKind(rawValue: text) { intent = kind }
        default: break  // Slots used only to shape a sentence carry no meaning.
        }
    }

    private func finish() -> Understood {
        var params = params
        var search = search
        if let frequency { search.mediaName = "\(frequency) \(band ?? "FM")" }
        // "the live version of Hello": the name with the version as a note, as catalogs write it
        // ("Hello (Live)"); the resolver prefers the recording whose title carries the note.
        if let version, let name = search.mediaName { search.mediaName = "\(name) (\(version))" }
        // "the album Homework by Daft Punk": the album's name qualified by its artist.
        if search.mediaType == .album, search.artistName != nil, search.albumName == nil, let name = search.mediaName {
            search.albumName = name
            search.mediaName = nil
        }
        // "add this to my playlist", «в мой плейлист», "加到我的歌单": no playlist is named (the app
        // asks which, or takes the one added to last); "play my station" is one of the user's.
        if case .playlist(let name) = params.destination, isUnnamed(name) { params.destination = .playlist("") }
        if search.mediaType == .playlist || search.mediaType == .radioStation, let name = search.mediaName,
            isUnnamed(name)
        {
            search.mediaName = nil
            search.reference = .my
        }
        // "Play a Nirvana station": no radio station is anyone's work; it is a station made from them.
        if search.mediaType == .radioStation || search.mediaType == .station || search.mediaType == .musicStation,
            search.reference == nil, search.mediaName == nil, let artist = search.artistName, !isUnnamed(artist)
        {
            search.mediaType = .algorithmicRadioStation
            search.mediaName = artist
            search.artistName = nil
        }
        // "私のラジオ": "私" is whose, not an artist.
        if search.reference == .my, let artist = search.artistName, isUnnamed(artist) { search.artistName = nil }
        if intent == .changeVolume {
            let step = abs(params.volumeDelta ?? 10)
            params.volumeDelta = volumeDown ? -step : step
        }
        return Understood(
            intent: intent, app: app, search: search.isEmpty ? nil : search, params: params.isEmpty ? nil : params)
    }
}
