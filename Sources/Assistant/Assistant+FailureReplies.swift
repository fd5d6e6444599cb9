import MediaIntents
import Apps
import Understanding

/// The reply when what was asked for cannot be acted on: not found, not allowed, which one, or
/// an offer of the closest thing.
extension Assistant {
    /// The reply for a resolution that failed, or nil when there is something to act on.
    func failureReply(
        _ resolved: [ResolutionResult<MediaItem>], search: MediaSearch, app: AppRegistration, user: String,
        language: String, outcome: inout Outcome
    ) async -> String? {
        for result in resolved {
            switch result {
            case .unsupported(let reason):
                outcome.reason = reason
                outcome.code = Self.code(for: reason)
                if reason == .unsupportedMediaType, search.reference == .currentlyPlaying,
                    let playing = try? await builtInApp.nowPlaying(outcome.device).item
                {
                    return replies.sayItem("fail.spokenHasNoSongs", playing, language: language)
                }
                if reason == .unsupportedMediaType, let type = search.mediaType, !type.isAudio {
                    return replies.say(
                        "fail.unknownMediaType", ["type": replies.say("type.\(type.rawValue)", language: language)],
                        language: language)
                }
                return replies.say(
                    "fail.\(reason.rawValue)", ["app": app.name, "title": search.mediaName ?? ""],
                    language: language)
            case .confirmationRequired(let closest):
                // "First Love by 宇多田ヒカル" is not offered as One Love by Bob Marley: an artist the
                // catalog does not know is not another artist.
                if let said = search.artistName, closest.type != .artist, let credit = closest.artist,
                    await !agrees(said: said, credit: credit, aliases: closest.artistAliases, user: user)
                {
                    outcome.code = .failure
                    return notFoundReply(search, language: language)
                }
                // "The Harry Potter audiobook" is not offered as Grace Potter, an artist: a thing of
                // another kind than asked is offered only when it has the very name said.
                if let kind = search.mediaType, closest.type != kind, let name = search.mediaName,
                    !NameFolding.isTitle(closest.title, key: NameFolding.key(name))
                {
                    outcome.code = .failure
                    return notFoundReply(search, language: language)
                }
                outcome.code = .needsConfirmation
                outcome.items = [closest]
                // A song only near the words said is offered with the line it has, so the person can judge.
                if search.lyrics != nil, closest.lyricLine != nil {
                    return replies.sayItem("ask.offer.lyrics", closest, language: language)
                }
                return replies.say(
                    "ask.offer",
                    ["notFound": notFoundReply(search, language: language),
                     "choice": spokenList([closest], language: language)],
                    language: language)
            case .disambiguation(let choices):
                outcome.code = .needsChoice
                outcome.items = choices
                return replies.say(
                    "ask.which", ["choices": spokenList(choices, language: language)], language: language)
            case .needsValue:
                outcome.code = .failure
                if search.reference == .my, search.mediaType == .playlist, !search.hasName {
                    return replies.say("fail.noPlaylists", language: language)
                }
                if search.reference == .currentlyPlaying
                    || !search.hasName && search.genreNames == nil
                        && search.moodNames == nil && search.releaseDate == nil
                {
                    // Something plays, but not what was pointed at ("this album" of a single).
                    let playing = try? await builtInApp.nowPlaying(outcome.device)
                    if let item = playing?.item, playing?.state != .stopped, let type = search.mediaType {
                        return replies.say(
                            "fail.currentHasNo",
                            ["title": item.title, "type": replies.say("kind.\(type.rawValue)", language: language)],
                            language: language)
                    }
                    return replies.say("affinity.nothingPlaying", language: language)
                }
                return notFoundReply(search, language: language)
            default: continue
            }
        }
        return nil
    }

    /// SiriKit's response code for an item that cannot be used.
    static func code(for reason: UnsupportedReason) -> ResponseCode {
        switch reason {
        case .unsupportedMediaType: return .failureUnknownMediaType
        case .explicitContentSettings, .restrictedContent: return .failureRestrictedContent
        case .loginRequired, .subscriptionRequired: return .failureRequiringAppLaunch
        case .noUnplayedContent: return .failureNoUnplayedContent
        default: return .failure
        }
    }
}
