/// Words a user or an app teaches Hark, by kind: SiriKit's `INVocabularyStringType` for media.
public enum VocabularyType: String, Codable, Sendable, CaseIterable {
    /// Playlist titles (`mediaPlaylistTitle`).
    case playlistTitle
    /// Artist names (`mediaMusicArtistName`).
    case artistName
    /// Audiobook titles (`mediaAudiobookTitle`).
    case audiobookTitle
    /// Audiobook authors (`mediaAudiobookAuthorName`).
    case audiobookAuthor
    /// Podcast and show titles (`mediaShowTitle`).
    case showTitle
    /// Any other media name an app knows (`INPlayMediaIntent.mediaSearch.mediaName`).
    case mediaName
}
