import Foundation
import MediaIntents
import Understanding

/// A play followed only by what is not meant: "play Hello. Not the Adele one", «включи Hello, только
/// не Адель». The play is made; when what plays is by the artist denied, another artist's is asked
/// for, as "no, a different artist" would.
extension Assistant {
    func playNotMeaning(_ denials: [String], play: String, language: String, context: RequestContext) async -> Outcome? {
        let first = await answer(play, context: context)
        guard first.code == .success else { return first }
        // "Queen, but not Bohemian Rhapsody" while Queen's songs play from it: the next of them.
        if let playing = first.nowPlaying?.item, Self.deniesTitle(of: playing, denials),
            let upNext = try? await builtInApp.upNext(device: context.device ?? "default"), !upNext.isEmpty
        {
            let skipped = await perform(Understood(intent: .nextTrack), context: context, language: language)
            if skipped.code == .success { return skipped }
        }
        let denied = await playsWhatIsDenied(first, denied: denials, user: context.user)
        guard denied, let another = understander.correctionByAnotherArtist(language: language) else { return first }
        let corrected = await answer(another, context: context)
        return corrected.code == .success ? corrected : first
    }

    /// Whether what `played` started is by an artist one of `denials` names ("not the Adele one",
    /// «не Адель», said in another script than the catalog's), or is the song one names.
    func playsWhatIsDenied(_ played: Outcome, denied denials: [String], user: String) async -> Bool {
        guard let playing = played.nowPlaying?.item, let credit = playing.artist else { return false }
        if Self.deniesTitle(of: playing, denials) { return true }
        let names = [credit] + (playing.artistAliases ?? [])
        if denials.contains(where: { denial in
            let said = NameFolding.key(denial)
            return names.contains { NameFolding.holds(said, name: NameFolding.key($0)) }
        }) {
            return true
        }
        for denial in denials {
            let words = denial.split(whereSeparator: \.isWhitespace)
            for dropped in 1..<max(1, min(3, words.count)) {
                let rest = words.dropFirst(dropped).joined(separator: " ")
                if await agrees(said: rest, credit: credit, aliases: playing.artistAliases, user: user) { return true }
            }
        }
        return false
    }

    /// Whether one of `denials` names the very song playing ("…, but not Bohemian Rhapsody").
    static func deniesTitle(of playing: MediaItem, _ denials: [String]) -> Bool {
        let title = NameFolding.key(NameFolding.core(playing.title))
        return !title.isEmpty && denials.contains { NameFolding.holds(NameFolding.key($0), name: title) }
    }
}
