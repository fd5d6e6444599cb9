import MediaIntents
import Understanding

/// The (field, value) pairs of an understood request, normalised the way EVAL_FORMAT compares them.
enum SlotPairs {
    /// Fields that name the thing a request is about; a bare name may land in any of them.
    static let nameFields: Set<String> = ["mediaName", "artistName", "albumName"]

    static func pairs(_ understood: Understood, scored: Set<String>) -> [String: String] {
        var out: [String: String] = [:]
        func put(_ field: String, _ value: String?) {
            guard let value, scored.contains(field) else { return }
            out[field] = value
        }
        let search = understood.search ?? MediaSearch()
        let params = understood.params ?? IntentParameters()
        put("app", understood.app.map(text))
        put("mediaType", search.mediaType?.rawValue)
        put("sortOrder", search.sortOrder?.rawValue)
        put("mediaName", search.mediaName.map(text))
        put("artistName", search.artistName.map(text))
        put("albumName", search.albumName.map(text))
        put("genreNames", search.genreNames.map(set))
        put("moodNames", search.moodNames.map(set))
        put("releaseDate", search.releaseDate.map { "\($0.start)-\($0.end)" })
        put("reference", search.reference?.rawValue)
        put("playShuffled", params.playShuffled.map(String.init))
        put("playbackRepeatMode", params.playbackRepeatMode?.rawValue)
        put("playbackQueueLocation", params.playbackQueueLocation?.rawValue)
        put("playbackSpeed", params.playbackSpeed.map(NumberWords.format))
        put("resumePlayback", params.resumePlayback.map(String.init))
        put(
            "destination",
            params.destination.map { destination in
                switch destination {
                case .library: return "library"
                case .playlist(let name): return "playlist:" + text(name)
                }
            })
        put("affinityType", params.affinityType?.rawValue)
        put("interval", params.interval.map(NumberWords.format))
        put("position", params.position.map(NumberWords.format))
        put("rate", params.rate.map(NumberWords.format))
        put("repeatMode", params.repeatMode?.rawValue)
        put("shuffle", params.shuffle.map(String.init))
        put("volume", params.volume.map(String.init))
        put("volumeDelta", params.volumeDelta.map(String.init))
        put("question", params.question?.rawValue)
        put("device", params.device.map(text))
        put("area", params.area.map(text))
        return out
    }

    /// Case folded, diacritics and punctuation removed, whitespace collapsed; Russian words
    /// without their case endings.
    static func text(_ value: String) -> String { NameFolding.stem(value) }

    static func set(_ values: [String]) -> String { Set(values.map(text)).sorted().joined(separator: "|") }

    /// When gold and prediction each carry exactly one name field, they compare by value only.
    static func unifyBareName(gold: inout [String: String], predicted: inout [String: String]) {
        let goldNames = gold.keys.filter(nameFields.contains)
        let predictedNames = predicted.keys.filter(nameFields.contains)
        guard goldNames.count == 1, predictedNames.count == 1, let g = goldNames.first, let p = predictedNames.first
        else { return }
        gold["name"] = gold.removeValue(forKey: g)
        predicted["name"] = predicted.removeValue(forKey: p)
    }
}
