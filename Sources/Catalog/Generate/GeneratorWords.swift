/// Word material for the synthetic catalog: common English title words (homophones among them,
/// so misheard queries are realistic), syllables for made-up names in Latin, Cyrillic and
/// Japanese scripts, and Han characters for Chinese names and titles.
enum GeneratorWords {
    static let common = """
        love night heart time world life day dream light fire rain summer girl boy baby home road sky
        blue red gold black white wild free young old little big last first lost found broken golden
        sweet dark bright cold hot high low long slow fast
        sun moon star stars ocean river sea wave waves city town street highway train window door
        house garden island mountain desert winter spring autumn morning evening midnight tonight
        forever never always again together alone away back down up over under inside outside
        dance dancing run running fly flying fall falling rise burn shine sing song songs
        kiss touch hold hands eyes smile tears heartbeat soul mind body voice words letter story
        dreams memories shadows echoes ghosts angels devil heaven hell paradise wonder magic
        thunder lightning storm wind fire flame smoke stone glass silver diamond velvet honey sugar
        cherry rose roses flower wildflower bloom roots wings feather ocean tide harbor lighthouse
        radio television telephone satellite rocket planet galaxy universe machine engine motor
        queen king prince princess knight night right write rain reign mourning morning sole soul
        sea see blue blew one won two too four for eight ate hour our hear here son sun whole hole
        wait weight peace piece meet meat week weak tale tail road rode mail male pain pane
        tonight yesterday tomorrow today sunday monday friday saturday december july june april
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    /// Pairs a speech recogniser confuses.
    static let homophones: [String: String] = {
        let pairs = [
            ("night", "knight"), ("right", "write"), ("rain", "reign"), ("mourning", "morning"), ("sole", "soul"),
            ("sea", "see"), ("blue", "blew"), ("one", "won"), ("two", "too"), ("four", "for"), ("eight", "ate"),
            ("hour", "our"), ("hear", "here"), ("son", "sun"), ("whole", "hole"), ("wait", "weight"),
            ("peace", "piece"), ("meet", "meat"), ("week", "weak"), ("tale", "tail"), ("road", "rode"),
            ("mail", "male"), ("pain", "pane"), ("heart", "hart"), ("flower", "flour"), ("dear", "deer"),
        ]
        var map: [String: String] = [:]
        for (a, b) in pairs {
            map[a] = b
            map[b] = a
        }
        return map
    }()

    static let latinOnsets = [
        "b", "br", "c", "ch", "d", "dr", "f", "fl", "g", "gr", "h", "j", "k", "kr", "l", "m", "n", "p", "pr", "r",
        "s", "sh", "st", "t", "tr", "v", "w", "z",
    ]
    static let latinVowels = ["a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "y"]
    static let latinCodas = ["", "", "n", "r", "l", "s", "th", "x", "m", "nd", "rk", "ss", "t"]

    static let cyrillicSyllables = """
        ка ра на ма ла та ва да ко ро но мо ло то во ки ри ни ми ли ти ви ку ру ну му лу ту ве ле не ме
        се ше же за са ша ба га го бо зо ря ля ня тя ся ёж ель ан ар ов ев ин ер ир ол ул
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let russianFirstNames = [
        "Анна", "Мария", "Ольга", "Ирина", "Елена", "Алла", "Вера", "Нина", "Дарья", "Полина", "Иван", "Пётр",
        "Сергей", "Андрей", "Дмитрий", "Олег", "Виктор", "Борис", "Максим", "Юрий", "Игорь", "Егор",
    ]
    static let russianWords = """
        звезда ночь дорога море небо город весна зима осень лето ветер дождь солнце луна сердце любовь
        песня река птица огонь свет тень сон мечта путь берег поле лес снег туман гроза мост дом окно
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    static let kana = """
        あ い う え お か き く け こ さ し す せ そ た ち つ て と な に ぬ ね の は ひ ふ へ ほ ま み む め も や ゆ よ
        ら り る れ ろ わ を ん ア イ ウ エ オ カ キ ク ケ コ サ シ ス セ ソ タ チ ツ テ ト ナ ニ ヌ ネ ノ ハ ヒ フ ヘ ホ
        マ ミ ム メ モ ラ リ ル レ ロ
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let japaneseWords = """
        夜 空 星 雨 花 風 海 光 夢 恋 桜 月 雪 道 心 声 涙 春 夏 秋 冬 街 君 僕 青 赤 白 黒 虹 朝
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let japaneseFamilyNames = ["米津", "宇多田", "椎名", "山下", "中島", "松任谷", "浜崎", "坂本", "久保田", "岡村"]

    static let han = """
        爱 夜 星 雨 花 风 海 光 梦 月 雪 路 心 声 泪 春 夏 秋 冬 城 你 我 天 地 山 水 云 红 白 青 晴 七 里 香
        东 南 西 北 龙 凤 金 玉 明 阳 林 杰 伦 华 安 静 美 丽 芳 英 文 武 国 家 乐 歌 舞 远 方 时 光 故 乡 青 春
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let chineseFamilyNames = ["周", "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "孙", "林", "邓", "蔡"]

    static let versionNotes = [
        " - Remastered 2011", " - Remastered 2009", " (Live)", " - Live", " - Acoustic", " (Acoustic Version)",
        " (Radio Edit)", " - Radio Edit", " (Demo)", " - Single Version", " (Remix)", " (Extended Mix)",
    ]
    static let genres = [
        "pop", "rock", "hip hop", "rap", "jazz", "blues", "country", "folk", "electronic", "dance", "house",
        "techno", "metal", "punk", "indie", "soul", "r&b", "funk", "disco", "reggae", "classical", "ambient",
        "j-pop", "c-pop", "chanson", "latin",
    ]
    static let moods = ["happy", "sad", "relaxing", "energetic", "romantic", "dark", "chill", "angry", "dreamy"]
    static let podcastWords = [
        "Daily", "Weekly", "Show", "Hour", "Talk", "Report", "Podcast", "Journal", "Stories", "Files", "Review",
        "Lab", "Notes", "Radio", "Hour", "Briefing",
    ]
    static let stationWords = ["FM", "Radio", "Wave", "Hits", "Classic", "Jazz", "Rock", "Talk", "News", "Gold"]

    // A crowded catalog (`CatalogGenerator.crowded`): band names that differ by one word ("The
    // Paper Ravens" / "The Paper Queens") and song titles from a small vocabulary, so that many
    // songs share a title ("Don't Lose Tonight" by a dozen bands).
    static let crowdAdjectives = """
        Paper Dark Black Silver Golden Wild Quiet Lonely Electric Broken Velvet Neon Crystal Hollow Burning
        Frozen Midnight Crimson Little Lucky
        """.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    static let crowdNouns = """
        Ravens Queens Wolves Horses Kids Hearts Lions Tigers Saints Kings Ghosts Rivers Sparrows Foxes Bells
        Stones Angels Roses Pilots Echoes
        """.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    static let crowdVerbs = """
        Lose Fall Go Stay Run Break Leave Stop Wait Cry Burn Fade Hide Call Dance Sing Dream Shine Turn Look
        """.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    static let crowdTimes = ["Tonight", "Again", "Forever", "Away", "Now", "Tomorrow", "Alone", "Home"]
}
