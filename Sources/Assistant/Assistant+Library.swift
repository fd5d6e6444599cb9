public import Apps
public import MediaIntents

extension Assistant {
    /// A user's liked songs, library and playlists.
    public func library(user: String = "default") async throws -> LibrarySnapshot {
        try await builtInApp.snapshot(user: user)
    }

    /// Creates a playlist (or returns the one with that name).
    public func createPlaylist(named name: String, user: String = "default") async throws -> PlaylistSummary {
        try await builtInApp.createPlaylist(named: name, user: user)
    }

    /// Adds a catalog item to a playlist (creating it) or removes it.
    public func editPlaylist(named name: String, identifier: String, add: Bool, user: String = "default") async throws
        -> PlaylistSummary
    {
        try await builtInApp.editPlaylist(named: name, identifier: identifier, add: add, user: user)
    }

    /// Likes or dislikes a catalog item.
    public func setAffinity(_ affinity: AffinityType, identifier: String, user: String = "default") async throws
        -> MediaItem
    {
        try await builtInApp.setAffinity(affinity, identifier: identifier, user: user)
    }
}
