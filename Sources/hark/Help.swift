/// Help text for each command.
enum Help {
    static let general = """
        hark — a voice media assistant for your own music, podcasts, audiobooks and radio.

        Usage: hark <command> [options]

        Commands:
          ask TEXT        answer one request ("play skyfall by adele"); --json prints the Outcome
          repl            a conversation: one request per line; player and library persist
          import FILE     add a catalog from JSON Lines (.jsonl), CSV (.csv), a music folder, or mpd://HOST:PORT
          eval FILE...    score labelled utterance files (JSON Lines) and print a JSON report
          parse           read requests on standard input, write what was understood as JSON Lines
          bench           measure understanding and answer latency
          vocabulary      show or set a user's vocabulary (playlist titles, artist names, …)
          apps            list apps, or register one with alternative names and a global vocabulary
          catalog         catalog tools: 'catalog generate' writes a synthetic catalog of any size
          train           train the learned intent model from the grammars, training/ and the dev sets
          serve           the JSON API over HTTP (/v1/ask, /v1/now-playing, /v1/player/…, /v1/search)

        Options for every command:
          --db PATH       database file (default $XDG_DATA_HOME/hark/hark.db or ~/.local/share/hark/hark.db)
          --help          help for the command

        Run 'hark <command> --help' for a command's options.
        """

    static let commands: [String: String] = [
        "ask": """
        Usage: hark ask [--json] [--user NAME] [--device NAME] [--lang TAG] [--db PATH]
                        [--output mpd://HOST:PORT] [--speak] [--speak-to FILE.wav] TEXT...

        Answers one request and prints the reply. With --json, prints the whole Outcome:
        the understood intent, ranked interpretations, items found, response code, now playing.
        --output plays through Music Player Daemon (and reads back what it really plays);
        --speak says the reply with espeak-ng, --speak-to writes it as WAV.
        Example: hark ask "play skyfall by adele"
        """,
        "repl": """
        Usage: hark repl [--user NAME] [--device NAME] [--lang TAG] [--db PATH] [--json]
                         [--output mpd://HOST:PORT] [--speak] [--speak-to FILE.wav]

        Reads one request per line and answers each. The player, likes and playlists are kept in
        the database, so they carry over between lines and between runs. 'quit' or end of input stops.
        """,
        "import": """
        Usage: hark import [--map FIELD=COLUMN,...] [--skip-bad-rows] [--db PATH] FILE
               hark import [--db PATH] FOLDER
               hark import [--db PATH] mpd://HOST:PORT

        A FOLDER: every MP3, FLAC, Ogg Vorbis/Opus, M4A and WAV file under it, by its tags (title,
        artists, album, album artist, genre, year, track, disc, length); names from the path
        ("Artist/Album/01 Title.flac") where tags are missing. Running it again reads only files
        added or changed since (size, modification time) and drops the items of removed files.
        Symlink loops, unreadable and non-audio files are skipped and counted by reason.
        mpd://HOST:PORT: the songs in Music Player Daemon's database, with MPD's file names.

        Imports a catalog. JSON Lines: one object per line, e.g.
          {"type": "song", "title": "Skyfall", "artist": "Adele", "album": "Skyfall", "year": 2012}
        CSV: a header row; columns are matched by name (title/song, artist, album, year, genre, …)
        or mapped with --map, e.g. --map "title=Song Clean,artist=ARTIST CLEAN,year=Release Year".
        Fields: \(["type", "title", "artist", "album", "albumArtist", "year", "released", "genres", "moods", "duration", "popularity", "explicit", "trackNumber", "show", "author", "frequency", "path"].joined(separator: ", ")).
        Rejected rows are listed with their line numbers. Unless --skip-bad-rows is given, any
        rejected row leaves the database exactly as it was. Importing the same file twice is harmless.
        """,
        "eval": """
        Usage: hark eval [--tiers grammar|tolerant|all] [--model FILE] [--fold K --folds N] [--grammar-only]
                 [--failures N] FILE...

        Scores labelled utterance files (JSON Lines, see EVAL_FORMAT.md) and prints one JSON report:
        rows, intentAccuracy, slotPrecision, slotRecall, slotF1, exactMatch, falseAcceptRate (share of
        `none` rows taken as media), perIntent, perLang, failures.
        --tiers: grammar (the grammar alone), tolerant (+ the tolerant tier), all (+ the learned model;
        the default). --model: a model file instead of the shipped one. --fold K --folds N: score only
        the rows of fold K, for a model trained with the same --fold (those rows held out).
        --grammar-only: the grammar's best reading without the catalog's help. --failures N: list up
        to N failing rows (50 unless given).
        """,
        "train": """
        Usage: hark train [--training DIR] [--dev DIR] [--out FILE] [--seed S] [--fold K --folds N]

        Trains the learned intent model (run from the repository's root): sentences drawn from every
        language's grammar with the demo catalog's names, each language's non-media sentences
        (training/<lang>/not_media.txt), and the labelled dev sets (default ../shared/data/eval) plus
        eval/en_out_of_domain.jsonl. Deterministic for a seed. Writes
        Sources/Understanding/Resources/model/intents.model unless --out is given.
        --fold K --folds N holds fold K of the dev rows out, to measure on them with hark eval.
        """,
        "parse": """
        Usage: hark parse [--lang TAG] < requests

        Reads requests on standard input — plain lines, or JSON Lines rows with "text" (and "lang",
        "id") — and writes one JSON line per request: {"id", "lang", "text", "expect": {intent, app,
        search, params}}, the shape of an evaluation row's expect.
        """,
        "vocabulary": """
        Usage: hark vocabulary [--user NAME] [TYPE [PHRASE...]] [--clear] [--db PATH]

        A user's vocabulary: ordered lists (first is most important) of words the grammar would
        otherwise read wrong. Types: playlistTitle, artistName, audiobookTitle, audiobookAuthor,
        showTitle, mediaName. With phrases, replaces that type's list; --clear empties it.
        Example: hark vocabulary playlistTitle "70s classic punk songs" "Sunday Morning"
        """,
        "apps": """
        Usage: hark apps [--db PATH]
               hark apps add NAME [--alt A,B,C] [--hint SAID] [--vocabulary FILE] [--db PATH]

        Lists the apps requests can name ("… in Hark", "tell Hark to …"), or registers one with up
        to three alternative names, a pronunciation hint, and a global vocabulary file in
        Apple's AppIntentVocabulary structure (JSON). Names are matched forgivingly: case,
        punctuation, and a recogniser's splitting ("walk mate" = "walkmate").
        """,
        "bench": """
        Usage: hark bench [--requests N] [--db PATH]
               hark bench parse [--requests N] FILE...
               hark bench resolve [--tracks N] [--queries M] [--seed S] [--db PATH] [--fresh] [--json]

        Runs a fixed set of requests N times each (default 20) against a fresh copy of the demo
        catalog and prints median, p90 and p99 latency of understanding alone and of whole answers.

        resolve builds (or reuses, unless --fresh) a generated catalog of N tracks, makes M noisy
        queries from random items (lower case, no punctuation, versions and feat. dropped, numbers as
        words, a misheard word in 20 %, the artist left out in 30 %) and reports top-1 and top-4
        accuracy, median/p90/p99 latency and peak memory for Hark's resolver and two baselines on
        the same queries: exact normalised title, and plain FTS5 bm25 over title and artist.
        """,
        "serve": """
        Usage: hark serve [--host 127.0.0.1] [--port 8770] [--tokens FILE] [--db PATH]
                          [--output mpd://HOST:PORT]

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
        Loopback by default. --tokens names a JSON file {"token": "user", …}; with it every request
        needs "Authorization: Bearer TOKEN" and acts for that user. Any other address than
        loopback is refused without tokens. Bodies over 64 KiB get 413, text over 1,000
        characters 400, bad JSON 400 naming the problem, unknown routes 404, wrong methods 405.
        One JSON access-log line per request goes to standard error.
        """,
        "catalog": """
        Usage: hark catalog generate --tracks N [--seed S] --out FILE.jsonl
               hark catalog [--db PATH]

        generate writes a deterministic synthetic catalog (same seed, same file) in import format:
        artists in four scripts with albums, versions, feat. credits, soundtracks and shared
        titles; podcasts with hundreds of dated episodes; audiobooks; radio stations. Without a
        subcommand, prints how many items of each kind the catalog holds and its size on disk.
        """,
    ]
}
