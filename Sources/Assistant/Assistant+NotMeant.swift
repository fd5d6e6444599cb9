import Foundation
import MediaIntents
import Understanding

/// A play followed only by what is not meant: "play Hello. Not the Adele one", «включи Hello, только
/// не Адель». The play is made; when what plays is by the artist denied, another artist's is asked
/// for, as "no, a different artist" would.
extension Assistant {
    func playNotMeaning(_ denials: [String], play: String, language: String, context: RequestContext) async -> Outcome? {
        let first = await answer(play, context: context)
        guard first.code == .success, let playing = first.nowPlaying?.item, let credit = playing.artist else { return first }
        let names = [credit] + (playing.artistAliases ?? [])
        let deniesIt = denials.contains { denial in
            let said = NameFolding.key(denial)
            return names.contains { NameFolding.holds(said, name: NameFolding.key($0)) }
        }
        // Said in another script («не Адель»): the words after the negation, as the catalog knows the artist.
        var denied = deniesIt
        for denial in denials where !denied {
            let words = denial.split(whereSeparator: \.isWhitespace)
            for dropped in 1..<max(1, min(3, words.count)) {
                let rest = words.dropFirst(dropped).joined(separator: " ")
                if await agrees(said: rest, credit: credit, aliases: playing.artistAliases, user: context.user) {
                    denied = true
                    break
                }
            }
        }
        guard denied, let another = understander.correctionByAnotherArtist(language: language) else { return first }
        let corrected = await answer(another, context: context)
        return corrected.code == .success ? corrected : first
    }
}
