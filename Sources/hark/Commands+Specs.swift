/// Every command: what it takes and what it does. `main.swift` parses with these, prints their
/// help, and runs the command.
extension CommandSpec {
    static let all: [CommandSpec] = [
        ask, repl, search, importCatalog, eval, parse, bench, vocabulary, apps, home, catalog, podcasts, identify, fingerprints, train, serve, migrate,
    ]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    // Options several commands share.
    static let user = OptionSpec.text("user", "NAME", "whose library, vocabulary and questions (default \"default\")")
    static let device = OptionSpec.text("device", "NAME", "the player spoken to (default \"default\")")
    static let lang = OptionSpec.text("lang", "TAG", "the request's language (en, de, fr, es, ru, ja, zh-Hans, …); found by itself when not given")
    static let json = OptionSpec.flag("json", "print JSON rather than text")
    static let homeOption = OptionSpec.text("home", "ID", "the home the device belongs to (see hark home)")
    static let person = OptionSpec.text("person", "ID", "in a home: who is speaking, by their id")
    static let voice = OptionSpec.text("voice", "PROFILE", "in a home: the voice profile the speech front-end recognised")
    static let output = OptionSpec.text("output", "mpd://HOST:PORT", "play through Music Player Daemon and read back what it really plays")
    static let speak = OptionSpec.flag("speak", "say the reply aloud (libespeak-ng)")
    static let speakTo = OptionSpec.text("speak-to", "FILE.wav", "write the spoken reply as WAV")
    static let model = OptionSpec.text("model", "FILE", "a learned model file instead of the shipped one")
    static let tiers = OptionSpec.text("tiers", "grammar|tolerant|all", "the tiers of understanding used (default all)")
    static let fold = OptionSpec.number("fold", "K", 0...1_000, "with --folds: the dev rows of fold K only")
    static let folds = OptionSpec.number("folds", "N", 2...1_000, "how many folds the dev rows are cut into (default 5)")
    static let seed = OptionSpec.text("seed", "S", "the random seed (same seed, same result)")
    static let tracks = OptionSpec.number("tracks", "N", 1...100_000_000, "how many tracks the generated catalog has")

    static let ask = CommandSpec(
        name: "ask", summary: "answer one request (\"play skyfall by adele\"); --json prints the Outcome",
        usage: ["[options] TEXT..."],
        about: """
            Answers one request and prints the reply. With --json, prints the whole Outcome: the
            understood intent, ranked interpretations, items found, response code, now playing.
            Example: hark ask "play skyfall by adele"
            """,
        options: [
            json, user, device, lang, homeOption, person, voice, output, speak, speakTo, model, tiers,
            .flag("screen", "the asking device shows text: \"what are the lyrics?\" gives the line sung now"),
        ])

    static let search = CommandSpec(
        name: "search", summary: "find catalog items for typed words (\"skyfall adele\", \"adele 25\")",
        usage: ["[options] TEXT..."],
        about: """
            Finds catalog items through the same resolver as spoken requests, as the API's
            /v1/search does: a title, an artist, or both in either order ("quiet kids morning sun").
            Prints one item a line, best first; --json prints the items. With --lyrics the words are
            a line of a song, as remembered: songs whose lyrics hold it, each with its line.
            """,
        options: [
            json, user, .flag("lyrics", "find songs by a line of their lyrics"),
            .text("type", "TYPE", "only items of this kind (song, album, artist, playlist, podcastShow, …)"),
            .number("limit", "N", 1...100, "how many items (default 10)"),
        ])

    static let repl = CommandSpec(
        name: "repl", summary: "a conversation: one request per line; player and library persist",
        usage: ["[options]"],
        about: """
            Reads one request per line and answers each. The player, likes and playlists are kept in
            the database, so they carry over between lines and between runs. 'quit' or end of input stops.
            """,
        options: [json, user, device, lang, homeOption, person, voice, output, speak, speakTo])

    static let importCatalog = CommandSpec(
        name: "import", summary: "add a catalog from JSON Lines (.jsonl), CSV (.csv), a music folder, or mpd://HOST:PORT",
        usage: ["[options] FILE", "[options] FOLDER", "[options] mpd://HOST:PORT"],
        about: """
            A FILE: JSON Lines, one object per line, e.g.
              {"type": "song", "title": "Skyfall", "artist": "Adele", "album": "Skyfall", "year": 2012}
            or CSV with a header row; columns are matched by name (title/song, artist, album, year,
            genre, …) or mapped with --map. Fields: type, title, artist, album, albumArtist, year,
            released, genres, moods, duration, popularity, explicit, trackNumber, show, author,
            frequency, path. Rejected rows are listed with their line numbers; unless --skip-bad-rows
            is given, any rejected row leaves the database exactly as it was. Importing the same file
            twice is harmless.
            A FOLDER: every MP3, FLAC, Ogg Vorbis/Opus, M4A and WAV file under it, by its tags (title,
            artists, album, album artist, genre, year, track, disc, length; TagLib); names from the path
            ("Artist/Album/01 Title.flac") where tags are missing. Running it again reads only files
            added or changed since (size, modification time) and drops the items of removed files.
            Symlink loops, unreadable and non-audio files are skipped and counted by reason.
            mpd://HOST:PORT: the songs in Music Player Daemon's database, with MPD's file names.
            After a folder or MPD import, every song whose file is on this machine and new or changed
            is fingerprinted for "what song is this?" (Chromaprint; see hark fingerprints), with
            progress on a terminal, and the import says how many tracks have a fingerprint. MPD's
            file names are found under --music-dir (MPD's music_directory); --no-fingerprints skips it.
            """,
        options: [
            .text("map", "FIELD=COLUMN,...", "CSV columns for fields, e.g. \"title=Song Clean,artist=ARTIST CLEAN\""),
            .flag("skip-bad-rows", "import the good rows of a file with rejected ones"),
            .text("music-dir", "DIR", "mpd://: where MPD's music files are, to fingerprint them"),
            .flag("no-fingerprints", "do not fingerprint the imported files"),
        ])

    static let eval = CommandSpec(
        name: "eval", summary: "score labelled utterance files (JSON Lines) and print a JSON report",
        usage: ["[options] FILE..."],
        about: """
            Scores labelled utterance files (JSON Lines, see EVAL_FORMAT.md) and prints one JSON report:
            rows, intentAccuracy, slotPrecision, slotRecall, slotF1, exactMatch, falseAcceptRate (share of
            `none` rows taken as media), perIntent, perLang, perTier, failures. Unless --tiers is given,
            each tier's share is measured too: grammar alone, + tolerant, + model.
            """,
        options: [
            tiers, model, fold, folds,
            .flag("grammar-only", "the grammar's best reading without the catalog's help"),
            .number("failures", "N", 0...1_000_000, "list up to N failing rows (default 50)"),
        ])

    static let parse = CommandSpec(
        name: "parse", summary: "read requests on standard input, write what was understood as JSON Lines",
        usage: ["[options] < requests"],
        about: """
            Reads requests on standard input — plain lines, or JSON Lines rows with "text" (and "lang",
            "id") — and writes one JSON line per request: {"id", "lang", "text", "expect": {intent, app,
            search, params}}, the shape of an evaluation row's expect.
            """,
        options: [lang, .flag("explain", "also the learned model's likeliest frames"), model, tiers])

    static let bench = CommandSpec(
        name: "bench", summary: "measure understanding and answer latency",
        usage: ["[options]", "parse [options] FILE...", "resolve [options]", "hears --catalog FILE [options] FILE...", "lyrics [options]", "podcasts [--feeds N] [--episodes M]",
            "identify [--tracks N] [--excerpts M] [--in-memory]"],
        about: """
            Runs a fixed set of requests N times each against a fresh copy of the demo catalog and
            prints median, p90 and p99 latency of understanding alone and of whole answers.
            parse: the understanding of every request in FILE... (JSON Lines or plain lines), per tier.
            resolve builds (or reuses, unless --fresh) a generated catalog of N tracks, makes M noisy
            queries from random items (lower case, no punctuation, versions and feat. dropped, numbers as
            words, a misheard word in 20 %, the artist left out in 30 %) and reports top-1 and top-4
            accuracy, median/p90/p99 latency and peak memory for Hark's resolver and two baselines on
            the same queries: exact normalised title, and plain FTS5 bm25 over title and artist.
            resolve --scripts adds the real names of bench/names-across-scripts.jsonl (Japanese,
            Chinese, Russian and Latin-script artists and songs, each in one writing) to that catalog
            and asks for each in other scripts and readings: kanji names as hiragana, katakana and
            romaji; simplified Chinese as traditional and pinyin; Russian in Latin letters and
            inflected; Latin names in Cyrillic and katakana. Reports top-1, the share confident
            enough to play, and latency, per script.
            hears: what a person hears. Builds (or reuses, unless --fresh) a catalog of N generated tracks
            (--tracks, default 100000) and the items of --catalog, asks each request of FILE... (JSON Lines:
            "lang", "text", "plays": {"title", "artist", "type"} or null) of a whole assistant, each as a
            new person on a new speaker, and counts per language what played: the right item, a wrong
            one, an offer, or nothing (right when "plays" is null).
            lyrics: songs by a remembered line. Builds (or reuses, unless --fresh) a catalog of N songs
            (--tracks, default 10000) with generated lyrics in English, Russian, Japanese and Chinese
            through the importer, remembers M lines (--queries, default 1000: the chorus more often,
            words left out at 10 %, two swapped at 20 %, misheard at 10 %) and reports top-1, top-4,
            median/p90/p99 latency for Hark's lyric search and for plain FTS5 bm25 over the same lyrics,
            with the sizes of both indexes and the import time.
            podcasts: refreshes N followed feeds (--feeds, default 1000) of M episodes each (--episodes,
            default 100) served by a local HTTP server three times: the first read, a refresh in which
            nothing changed (answered 304 to the stored ETag), and one in which the server sends the
            unchanged feed again; time, CPU, requests, bytes and peak memory of each.
            identify: "what song is this?" from the sound. Synthesises N tracks of 30 s (--tracks,
            default 2000; each its own melody, chords and drums), writes them as WAV and fingerprints
            them as an import does (--in-memory: from the samples, without files, for large N), then
            makes M excerpts of 8 s (--excerpts, default 500; half from tracks not in the library) as a
            room hears them, with sox: ±3 % speed, reverb, a 250 Hz–4.5 kHz speaker, white noise at
            10 dB SNR, a level change and an Ogg Vorbis encoding. Reports top-1, wrong and missed
            matches, false matches on unknown tracks, identify time (median, p90), fingerprinting
            speed and the database's size. Needs sox (scripts/setup --test).
            """,
        options: [
            .number("requests", "N", 1...1_000_000, "rounds of the request set (default 20; parse: 5)"),
            lang, tracks,
            .number("queries", "M", 1...10_000_000, "resolve: noisy queries; lyrics: remembered lines (default 1000)"),
            .number("feeds", "N", 1...1_000_000, "podcasts: followed feeds (default 1000)"),
            .number("episodes", "M", 1...100_000, "podcasts: episodes in each feed (default 100)"),
            .number("excerpts", "M", 1...1_000_000, "identify: excerpts recognised (default 500)"),
            .flag("in-memory", "identify: fingerprint the synthetic tracks without writing them"),
            .text("candidates", "FILE", "identify: write every excerpt's best candidate's figures (TSV), for choosing thresholds"),
            seed,
            .number("apps", "N", 0...1_000, "parse: also with N synthetic apps of 20 phrases each, side by side"),
            .number("entities", "N", 0...10_000_000, "parse --apps: entities stored and indexed for one app (default 10000)"),
            .number("misses", "N", 0...10_000, "resolve, lyrics: list up to N queries Hark got wrong"),
            .text("misses-of", "SYSTEM", "resolve: whose misses --misses lists: hark (default), text, exact or fts5"),
            .text("slow", "MS", "resolve, hears and lyrics: list queries slower than MS milliseconds"),
            .flag("fresh", "resolve, lyrics: build the generated catalog again"),
            .flag("scripts", "resolve: names asked for in other scripts and readings (see above)"),
            .flag("crowded", "resolve: on a crowded generated catalog (catalog generate --crowded)"),
            .text("catalog", "FILE", "hears: the items the requests name (JSON Lines, as hark import reads)"),
            .text("postgres", "ADDRESS", "resolve: also the catalog copied to PostgreSQL (full text + pg_trgm)"),
            json,
        ])

    static let vocabulary = CommandSpec(
        name: "vocabulary", summary: "show or set a user's vocabulary (playlist titles, artist names, …)",
        usage: ["[options] [TYPE [PHRASE...]]"],
        about: """
            A user's vocabulary: ordered lists (first is most important) of words the grammar would
            otherwise read wrong. Types: playlistTitle, artistName, audiobookTitle, audiobookAuthor,
            showTitle, mediaName. With phrases, replaces that type's list.
            Example: hark vocabulary playlistTitle "70s classic punk songs" "Sunday Morning"
            """,
        options: [user, .flag("clear", "empty the type's list")])

    static let apps = CommandSpec(
        name: "apps", summary: "list apps, or register one with alternative names and a global vocabulary",
        usage: ["[options]", "add NAME [options]", "add --manifest FILE", "entities APP FILE", "default APP [--user NAME]"],
        about: """
            Lists the apps requests can name ("… in Hark", "tell Hark to …"), or registers one with up
            to three alternative names, a pronunciation hint, and a global vocabulary file in Apple's
            AppIntentVocabulary structure (JSON). Names are matched forgivingly: case, punctuation,
            and a recogniser's splitting ("walk mate" = "walkmate").
            add --manifest FILE registers an app's manifest (its own commands with typed parameters and
            phrases per language, entity types, endpoint, replies; see README "Apps with their own
            commands"); a bad phrase refuses it, naming the phrase and why. Prints the secret its calls
            are signed with. entities APP FILE stores the app's entities from a JSON array. default APP
            makes APP (an identifier; hark.library for Hark's own) the user's app for media requests
            that name none.
            """,
        options: [
            .text("manifest", "FILE", "add: the app's manifest (JSON)"), user,
            .text("alt", "A,B,C", "up to three alternative names"),
            .text("hint", "SAID", "how the name is said, when spelling misleads a recogniser"),
            .text("vocabulary", "FILE", "the app's global vocabulary (AppIntentVocabulary JSON)"),
        ])

    static let home = CommandSpec(
        name: "home", summary: "homes: people, rooms and devices ('hark home set FILE', 'hark home show ID')",
        usage: ["[options]", "set FILE", "show ID", "delete ID"],
        about: """
            A home is one JSON document: {"id", "name", "people": [{id, name, languages, defaultApp,
            voiceProfile}], "rooms": [{id, name, aliases, groups}], "devices": [{id, name, kind
            (speaker, phone, tv, web, computer), room, owner, playsAudio, hasScreen, apps, output}],
            "defaultPerson"}. set stores it whole (checked: rooms, owners and the default person must
            be the home's); show prints it; without a word, lists the homes. Then ask with
            --home ID --device DEVICE [--voice PROFILE | --person ID].
            """,
        options: [])

    static let podcasts = CommandSpec(
        name: "podcasts", summary: "podcasts by feed address: 'podcasts add URL' subscribes, 'podcasts refresh' looks for new episodes",
        usage: ["[options]", "add URL [options]", "refresh [URL...]", "remove SHOW [options]"],
        about: """
            Without a subcommand, lists the shows the user follows with their newest episodes, what
            they have heard (played, or where they stopped) and how the feed's last refresh went.
            add fetches the RSS or Atom feed at URL (libcurl; libxml2), writes the show and its
            episodes into the catalog and subscribes the user; a feed that cannot be read (not found,
            not XML, too large, declaring entities) is refused with its reason and nothing changes.
            refresh asks every followed feed (or those given) again, conditionally: a feed its
            server says has not changed costs one small request. remove unsubscribes the user from
            the show (by its catalog identifier or its title).
            Example: hark podcasts add https://feeds.example.org/show.xml
            """,
        options: [json, user])

    static let identify = CommandSpec(
        name: "identify", summary: "which of the catalog's tracks a recording is ('hark identify FILE')",
        usage: ["FILE [options]"],
        about: """
            Reads a few seconds of sound (any format FFmpeg's libraries decode; the first 30 s of a
            longer file) and finds the track they come from among the catalog's fingerprinted
            files, wherever in the track the excerpt was taken, through a room's noise, echo, a
            small speaker and a record a few per cent fast or slow. Prints the title and artist and
            where in the track the excerpt begins, or says none matched (exit status 2): a weak
            resemblance is never offered as a match. Fingerprints are made by hark import (of a
            music folder) and hark fingerprints.
            Example: hark identify recording.ogg
            """,
        options: [json])

    static let fingerprints = CommandSpec(
        name: "fingerprints", summary: "fingerprint the catalog's audio files for 'hark identify' and \"what song is this?\"",
        usage: ["[options]"],
        about: """
            Fingerprints (Chromaprint, the sound decoded by FFmpeg's libraries) every song whose
            file is on this machine and new or changed since it was last fingerprinted, on one
            thread per core, with progress on a terminal; then says how many tracks have one.
            Paths that are not absolute (an MPD library's) are found under --music-dir.
            """,
        options: [json, .text("music-dir", "DIR", "where relative track paths are (an MPD library's music directory)")])

    static let catalog = CommandSpec(
        name: "catalog",
        summary: "catalog tools: 'catalog build' writes a read-only snapshot for replicas, 'catalog generate' a synthetic catalog",
        usage: ["[options]", "build [--db PATH] --out SNAPSHOT.db", "generate --tracks N [--seed S] --out FILE.jsonl"],
        about: """
            build copies the catalog of --db (which a server may be using) into a read-only snapshot:
            only the catalog's tables, its full-text index merged, statistics taken, renamed into
            place when complete. `hark serve --db SNAPSHOT.db --state …` reads it (the state must be
            kept elsewhere), and serves a new snapshot built over it from the next request on,
            finishing the requests under way on the old one.
            generate writes a deterministic synthetic catalog (same seed, same file) in import format:
            artists in four scripts with albums, versions, feat. credits, soundtracks and shared
            titles; podcasts with hundreds of dated episodes; audiobooks; radio stations. Without a
            subcommand, prints how many items of each kind the catalog holds and its size on disk.
            """,
        options: [
            tracks, seed, .text("out", "FILE", "where build writes the snapshot, or generate the catalog (.jsonl)"),
            .flag("crowded", "generate: many songs share a title, many bands all but one word of their name"),
        ])

    static let migrate = CommandSpec(
        name: "migrate", summary: "create or upgrade the database's and the state's tables, and print their versions",
        usage: ["[--db PATH] [--state ADDRESS]"],
        about: """
            Applies every numbered migration not yet applied, to the catalog database (--db) and to the
            state (--state or $HARK_STATE: a PostgreSQL address, else the same file), then prints each
            part's version. The same migrations run on SQLite and PostgreSQL; replicas starting at
            once apply each one once. Every other command also migrates what it opens, so this is for
            preparing a shared database before replicas start.
            """,
        options: [])

    static let train = CommandSpec(
        name: "train", summary: "train the learned intent model from the grammars, training/ and the dev sets",
        usage: ["[options]"],
        about: """
            Trains the learned intent model and slot tagger (run from the repository's root): sentences
            drawn from every language's grammar with the demo catalog's names, each language's
            non-media sentences and written requests (training/<lang>/), and the labelled dev sets plus
            eval/en_out_of_domain.jsonl. Deterministic for a seed. --fold K --folds N holds fold K of
            the dev rows out, to measure on them with hark eval.
            """,
        options: [
            .text("training", "DIR", "the training folder (default training)"),
            .text("dev", "DIR", "the dev sets (default ../shared/data/eval)"),
            .text("out", "FILE", "where the model goes (default Sources/Understanding/Resources/model/intents.model)"),
            seed, fold, folds,
        ])

    static let serve = CommandSpec(
        name: "serve", summary: "the JSON API over HTTP (/v1/ask, /v1/now-playing, /v1/player/…, /v1/search)",
        usage: ["[options]"],
        about: """
            Serves the JSON API until Ctrl-C or SIGTERM:
              POST /v1/ask {text, lang?, user?, device?}   the Outcome, as 'hark ask --json'
                   (with Accept: audio/wav, the reply spoken as WAV)
              GET  /v1/events?device=                      Server-Sent Events when now playing changes
              GET  /v1/now-playing?device=                 what is playing
              POST /v1/player/{play|pause|next|previous|seek|skip|rate|shuffle|repeat|volume}
                   {device?, position?, seconds?, affinity?, on?, mode?, volume?}
              GET  /v1/search?q=&type=&limit=              catalog items through the resolver
              GET  /v1/library, POST /v1/library/affinities {identifier, affinity}
              GET|POST /v1/playlists, POST /v1/playlists/NAME/items {identifier},
              DELETE /v1/playlists/NAME/items?identifier=ID
              PUT  /v1/vocabulary/TYPE {phrases: [...]}, POST /v1/apps {identifier, name, alternativeNames}
              GET  /v1/health, GET /v1/metrics (Prometheus text), GET /v1/openapi.json, GET / (web page)
            Loopback by default; any other address is refused without --tokens. Bodies over 64 KiB get
            413, text over 1,000 characters 400, bad JSON 400 naming the problem, unknown routes 404,
            wrong methods 405. One JSON access-log line per request goes to standard error.
            """,
        options: [
            .text("host", "ADDRESS", "the address to listen on (default 127.0.0.1)"),
            .number("port", "N", 0...65_535, "the port (default 8770)"),
            .text("tokens", "FILE", "a JSON file {\"token\": \"user\", …}: every request then needs \"Authorization: Bearer TOKEN\" and acts for its user"),
            output,
            .number("podcast-refresh", "MINUTES", 0...10_080, "ask followed podcast feeds for new episodes this often, in the background (default 60; 0: only on request)"),
        ])
}
