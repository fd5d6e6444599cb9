/// A language's grammar as it is written in `Resources/<lang>/language.json` (what every sentence
/// shares) and `Resources/<lang>/intents/<intent>.json` (the sentences, one file per intent).
///
/// Sentences use a template language in the spirit of hassil's: `(a|b)` alternatives,
/// `[the]` optional words, `{slot}` a list or a wildcard, `{slot:list}` a slot read from
/// a named list, `<rule>` a named piece of template.
struct GrammarFile: Codable, Sendable {
    /// BCP-47 tag of the language.
    var language: String
    /// The intent files to read, in order: a sentence read earlier wins a tie.
    var intentOrder: [String]?
    /// Another language folder whose sentences this language reads too, after its own (zh-Hant reads
    /// zh-Hans's: its characters are folded to simplified ones for matching, so one grammar serves
    /// both, and zh-Hant adds Taiwan's own words). Rules and lists this file lacks come from there.
    var sharesSentencesWith: String?
    /// Named pieces of template, used as `<name>`.
    var rules: [String: String]
    /// Named lists: each maps an output value to the phrases that say it (`"song": "song|track|tune"`).
    var lists: [String: [String: String]]
    /// Lists whose slot value is the text as said rather than the list's output value.
    var spokenLists: [String]?
    /// Templates that surround every sentence; `$` is where the sentence goes.
    var wraps: [String: String]
    /// Groups of sentences, each with the intent they mean and fixed values, in reading order
    /// (filled from the intent files).
    var intents: [IntentGroup]?
    /// Words for the builtin duration slot: unit name → seconds.
    var durationUnits: [String: Double]
    /// Words meaning "half" in "a minute and a half" / "half a minute".
    var halfWords: [String]
    /// Words that stand for one ("a", "an").
    var oneWords: [String]
    /// Amounts said in one word that the number formatter does not spell ("полторы" = 1.5).
    var amountWords: [String: Double]?
    /// Phrases that show an add request is about something other than media ("shopping list",
    /// "calendar"): such a reading is not a media request.
    var notPlaylistPhrases: [String]?
    /// Answers to "Which one?": position ("1", "2", … or "-1" for the last) → the phrases that say it.
    var choices: [String: String]?
    /// Phrases that drop a question ("never mind").
    var cancelPhrases: String?
    var confirmPhrases: String?
    /// "Do that again", "the same as yesterday": what a person last did in an app, once more.
    var againPhrases: String?
    /// How a correction of what just played is said (see Corrections.swift).
    var corrections: CorrectionsFile?
    /// How "more like this" is said loosely (see SimilarityCues.swift).
    var similar: SimilarFile?
    /// Questions about what plays, asked loosely: QuestionCues.swift.
    var questions: QuestionCuesFile?
    /// "The most popular …", said loosely: ChartCues.swift.
    var charts: CueWordsFile?
    /// A station from a named seed, said loosely: SeedStations.swift.
    var stations: CueWordsFile?
    /// Words that join the parts of a request said in several, or take back a part: Clauses.swift.
    var clauses: ClausesFile?
    /// Words that leave a name out of a play ("anything but Queen"): Exclusions.swift.
    var exclusions: ExclusionsFile?
    /// Words that point or determine but never name ("you", "the"; "etwas"): a reading that puts
    /// one alone in a name slot is dropped.
    var notNames: [String]?
    /// Words an artist's name said in a request never holds inside it ("by": "play First Love by
    /// Hikaru Utada" is a title and its artist, never an artist called "Love by Hikaru Utada").
    var notInArtistNames: [String]?
    /// Words that alone name no playlist or station: possessives, articles, the word "playlist".
    var unnamedWords: [String]?
    /// What names the person's own library when said where a playlist's name goes ("my library").
    var libraryNames: [String]?
    /// What names the songs the person liked when said where a playlist's name goes ("my likes").
    var likedNames: [String]?
    /// First words that make a name something else ("включи свет" is the light, not a song).
    var notNameStarts: [String]?
    /// Particles a name said in a request never ends with: a name runs up to them ("Runningの
    /// プレイリスト" names Running, "周杰伦的歌" Jay Chou). Only for languages written without spaces.
    var notNameEnds: [String]?
    /// Words that join two parts of a length of time ("one minute and thirty seconds", "und", "и").
    var joiningWords: [String]?
    /// Play verbs a request may end with as well as open with («Земфиру включи», «джаз поставь»,
    /// «Кукушку давай»): such a request is read again with the verb first, when it is not read
    /// for certain as said.
    var playVerbsLast: String?
    /// Words between a unit said first and its amount, which makes the amount rough: «секунд на
    /// тридцать» (about thirty seconds).
    var roughAmountWords: [String]?
    /// Words for a decimal point in a spoken number ("eighty nine point one").
    var decimalWords: [String]?
    /// Words between tens and units in a spoken number ("cuarenta y cinco", "vingt et un").
    var tensJoiners: [String]?
    /// Elided articles and pronouns written with an apostrophe before a vowel ("l'", "qu'"): each is
    /// a word of its own. Read once for every language together (`Token.elisions`).
    var elisions: [String]?
}

/// One intent's sentences as written in `Resources/<lang>/intents/<intent>.json`; the file's name
/// is the intent.
struct IntentFile: Codable, Sendable {
    struct Group: Codable, Sendable {
        var sentences: [String]
        var fixed: [String: String]?
        var wrap: String?
        var weight: Double?
        var needsCatalog: Bool?
    }
    var groups: [Group]
}

/// Sentences that all mean one intent.
struct IntentGroup: Codable, Sendable {
    var intent: String
    var sentences: [String]
    /// Values every match of these sentences carries (`"repeatMode": "one"`).
    var fixed: [String: String]?
    /// Which entry of `wraps` surrounds these sentences; `default` when absent.
    var wrap: String?
    /// Added to every match's score, to prefer one group over another that reads the same words.
    var weight: Double?
    /// Readings that count only when the catalog has what they name ("find X" is also said of keys).
    var needsCatalog: Bool?
}
