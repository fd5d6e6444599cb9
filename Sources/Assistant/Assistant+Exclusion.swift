import MediaIntents
import Understanding

/// "Play anything but Queen", «включи что-нибудь, только не Queen», 「クイーン以外で何かかけて」: the play
/// made without the artist said not to be heard (a mix, or a genre's or a decade's songs, with
/// none of theirs). Taken only when the rest is a play read for certain that names nothing, and
/// the name left out is an artist the catalog knows; else the request is read as before.
extension Assistant {
    func playLeavingOut(_ text: String, context: RequestContext) async -> Outcome? {
        let language = understander.language(asked: context.language, text: text)
        guard let (play, excluded) = understander.exclusion(text, language: language),
            case .sure(var understood) = await sureness(of: play, language: language, context: context),
            understood.intent == .playMedia
        else { return nil }
        var search = understood.search ?? MediaSearch()
        guard !search.hasName, search.reference == nil || search.reference == .my,
            search.mediaType.map({ $0 == .song || $0 == .music }) ?? true,
            let artist = await artistLeftOut(excluded, user: context.user)
        else { return nil }
        search.excludedArtists = [artist]
        understood.search = search
        return await perform(understood, context: context, language: language)
    }

    /// The catalog's artist `said` names, as the catalog writes it (`said` in another script or
    /// inflected: «Земфиры», 「クイーン」).
    private func artistLeftOut(_ said: String, user: String) async -> String? {
        let found = (try? await builtInApp.items(for: MediaSearch(mediaType: .artist, mediaName: said), user: user, limit: 1))?.first
        guard let artist = found, artist.type == .artist,
            await agrees(said: said, credit: artist.title, aliases: artist.artistAliases, user: user)
        else { return nil }
        return artist.title
    }

    /// The artist left out as a reply names them in `language`: 「クイーン」, «группы Queen» after «без».
    func leftOutName(_ artist: String, language: String) async -> String {
        let search = MediaSearch(mediaType: .artist, mediaName: artist)
        guard let item = (try? await builtInApp.items(for: search, user: "default", limit: 1))?.first,
            item.type == .artist, NameFolding.key(item.title) == NameFolding.key(artist)
        else { return artist }
        let values = replies.values(for: item, language: language)
        return values["titleOf"] ?? values["title"] ?? artist
    }
}
