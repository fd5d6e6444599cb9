import MediaIntents
import Testing
import Understanding

@Suite("Corrections said with and without a 'no'")
struct CorrectionPhraseTests {
    /// Text, language, and the version tag meant ("" for the next best); nil: not a correction.
    static let cases: [(String, String, String?)] = [
        ("play a different version of this", "en", ""),
        ("play the original version", "en", "original"),
        ("no, the live version", "en", "live"),
        ("нет, включи другую версию", "ru", ""),
        ("поставь концертную версию", "ru", "live"),
        ("違う、オリジナルを流して", "ja", "original"),
        ("別のバージョンを流して", "ja", ""),
        ("换个版本", "zh-Hans", ""),
        ("不是，放现场版", "zh-Hans", "live"),
        // Not corrections: requests and questions that share the words.
        ("play the original soundtrack of titanic", "en", nil),
        ("play a different song", "en", nil),
        ("is there another version", "en", nil),
        ("play another version of bohemian rhapsody", "en", nil),
        ("включи другую музыку", "ru", nil),
        ("включи Кино", "ru", nil),
        ("有别的版本吗", "zh-Hans", nil),
    ]

    @Test(arguments: cases) func readsWhatIsCorrected(_ text: String, _ language: String, _ tag: String?) {
        let correction = sharedUnderstander.correction(text, language: language)
        if let tag {
            #expect(correction != nil, "«\(text)» is a correction")
            #expect((correction?.version ?? "") == tag, "«\(text)»: \(String(describing: correction))")
        } else {
            #expect(correction == nil, "«\(text)» is not a correction: \(String(describing: correction))")
        }
    }

    /// "No, the album": the same name as another kind, with or without a lead, in each language.
    @Test(arguments: [
        ("no, the album", "en", MediaItemType.album),
        ("i meant the whole album", "en", .album),
        ("no, the song", "en", .song),
        ("нет, включи весь альбом", "ru", .album),
        ("альбом целиком", "ru", .album),
        ("アルバムの方", "ja", .album),
        ("違う、アルバムを流して", "ja", .album),
        ("不对，我要专辑", "zh-Hans", .album),
        ("nein, das ganze album", "de", .album),
    ])
    func readsTheKindMeant(_ text: String, _ language: String, _ kind: MediaItemType) {
        #expect(sharedUnderstander.correction(text, language: language)?.kind == kind, "«\(text)»")
    }

    /// Said loosely, in clauses: what is taken back is set aside, and a name may come along.
    @Test(arguments: [
        ("only the song, not the entire album", "en", MediaItemType.song, nil as String?),
        ("no, not the artist, the album called Abbey Road", "en", .album, "Abbey Road"),
        ("нет, не песню, а весь альбом", "ru", .album, nil),
        ("曲じゃなくてアルバムのほう", "ja", .album, nil),
        ("いや、ブルースのラジオ局のほうで", "ja", .radioStation, "ブルース"),
        ("不是这首歌，是整张专辑", "zh-Hans", .album, nil),
    ])
    func readsLooseClauses(_ text: String, _ language: String, _ kind: MediaItemType, _ name: String?) {
        let correction = sharedUnderstander.correction(text, language: language)
        #expect(correction?.kind == kind, "«\(text)»")
        #expect(correction?.name == name, "«\(text)»")
    }

    /// A kind with nothing that says "correction" is a request of its own, and so is one with a name
    /// but no lead: "play the album 21" after a song plays the album.
    @Test(arguments: [("play the radio", "en"), ("play the album 21", "en"), ("put on an album", "en"), ("включи радио", "ru")])
    func aKindAloneIsNoCorrection(_ text: String, _ language: String) {
        #expect(sharedUnderstander.correction(text, language: language) == nil, "«\(text)»")
    }

    @Test func anArtistSaidBeforeSongIsTheArtistMeant() {
        let correction = sharedUnderstander.correction("no, the dave brubeck song", language: "en")
        #expect(correction?.artist == "dave brubeck")
        #expect(correction?.kind == nil)
    }
}
