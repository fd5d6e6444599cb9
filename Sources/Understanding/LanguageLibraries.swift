import CMeCab
import CStemmer
import MediaIntents

/// Debian's language libraries behind `LanguageReaders`: MeCab with the IPA dictionary for the
/// readings of Japanese words, Snowball for word stems. `install()` hands them to `NameFolding`,
/// so catalog keys, the resolver's queries, app names and the evaluation all use them.
public enum LanguageLibraries {
    /// Installs MeCab's readings and Snowball's stems for every later name key (once is enough;
    /// again is harmless).
    public static func install() {
        _ = installed
    }

    private static let installed: Void = {
        NameFolding.install(
            LanguageReaders(
                japaneseReadings: { JapaneseReadings.shared.readings($0, count: $1) },
                stem: { WordStems.shared.stem($0, language: $1) },
                simplified: { ChineseScript.shared.simplified($0) }))
    }()
}

/// Readings of Japanese text from MeCab (`mecab-ipadic-utf8`): each word's reading in katakana, the
/// eighth field of its feature. Words written in katakana or Latin letters are their own reading;
/// a word of kanji the dictionary does not know leaves the text without one.
public final class JapaneseReadings: Sendable {
    public static let shared = JapaneseReadings()

    /// The tagger's address (0 when MeCab or its dictionary could not be opened). A tagger parses
    /// one text at a time, so calls take turns.
    private let tagger: Locked<UInt>

    private init() {
        // "-l 1": lattices kept, so the n best analyses can be read (`readings`).
        let opened = mecab_new2("-l 1")
        tagger = Locked(opened.map { UInt(bitPattern: $0) } ?? 0)
    }

    public var isAvailable: Bool { tagger.withLock { $0 != 0 } }

    /// The words of `text` as MeCab cuts them, each with its reading (nil for a word without one).
    public func words(_ text: String) -> [(surface: String, reading: String?)] {
        analyses(text, count: 1).first ?? []
    }

    /// The `count` likeliest analyses of `text` (MeCab's n-best), each as its words and readings.
    func analyses(_ text: String, count: Int) -> [[(surface: String, reading: String?)]] {
        tagger.withLock { address in
            guard let handle = OpaquePointer(bitPattern: address),
                text.withCString({ mecab_nbest_init(handle, $0) }) != 0
            else { return [] }
            var out: [[(String, String?)]] = []
            while out.count < count, var node = mecab_nbest_next_tonode(handle) {
                var words: [(String, String?)] = []
                while true {
                    let stat = Int32(node.pointee.stat)
                    if stat != MECAB_BOS_NODE && stat != MECAB_EOS_NODE, let surfacePointer = node.pointee.surface {
                        let length = Int(node.pointee.length)
                        let surface = surfacePointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                        }
                        let fields = node.pointee.feature.map { String(cString: $0) }?.split(separator: ",") ?? []
                        words.append((surface, fields.count > 7 && fields[7] != "*" ? String(fields[7]) : nil))
                    }
                    guard let next = node.pointee.next else { break }
                    node = UnsafePointer(next)
                }
                out.append(words)
            }
            return out
        }
    }

    /// The reading of `text` in katakana: each word's reading, or the word itself where it has
    /// no kanji (kana, Latin letters, digits). Nil when a word with kanji has no known reading.
    public func reading(_ text: String) -> String? { readings(text, count: 1).first }

    /// The distinct readings of MeCab's `count` likeliest analyses of `text`, best first.
    public func readings(_ text: String, count: Int = 5) -> [String] {
        var out: [String] = []
        analyses: for words in analyses(text, count: count) {
            var reading = ""
            for word in words {
                if let known = word.reading {
                    reading += known
                } else if word.surface.unicodeScalars.contains(where: Script.isHan) {
                    continue analyses
                } else {
                    reading += word.surface
                }
            }
            if !reading.isEmpty, !out.contains(reading) { out.append(reading) }
        }
        return out
    }
}

/// Word stems from Snowball (`libstemmer`): "земфиру" and "земфира" are both "земфир", "liedern"
/// "lied". One stemmer per language, opened when first asked for; a stemmer is not safe across
/// threads, so each is used by one caller at a time.
public final class WordStems: Sendable {
    public static let shared = WordStems()

    /// The Snowball algorithm for each language Hark stems.
    static let algorithms = ["ru": "russian", "de": "german", "fr": "french", "es": "spanish", "en": "english"]

    /// Open stemmers by language, as addresses.
    private let stemmers = Locked<[String: UInt]>([:])

    /// The stem of one lower-case word in `language`, nil for a language without a stemmer.
    public func stem(_ word: String, language: String) -> String? {
        guard let algorithm = Self.algorithms[language] else { return nil }
        return stemmers.withLock { open -> String? in
            if open[language] == nil {
                open[language] = sb_stemmer_new(algorithm, "UTF_8").map { UInt(bitPattern: $0) } ?? 0
            }
            guard let handle = OpaquePointer(bitPattern: open[language] ?? 0) else { return nil }
            let bytes = Array(word.utf8)
            guard let stemmed = sb_stemmer_stem(handle, bytes, Int32(bytes.count)) else { return nil }
            let length = Int(sb_stemmer_length(handle))
            return String(decoding: UnsafeBufferPointer(start: stemmed, count: length), as: UTF8.self)
        }
    }
}
