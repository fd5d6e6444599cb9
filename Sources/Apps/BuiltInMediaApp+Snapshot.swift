import Catalog
import Foundation
import Library

/// A catalog served from a snapshot (`hark catalog build`) is replaced by renaming a new one into
/// its place. The server notices and reads the new one from the next request on; requests under
/// way finish on the one they began with, and none is turned away.
extension BuiltInMediaApp {
    /// Whether the catalog is a read-only snapshot.
    public var servesSnapshot: Bool { catalogFile != nil }

    /// When a new snapshot has been put in place of the one read: opens it and reads it from now
    /// on; returns about how many items it holds (nil: nothing changed, or the catalog is not a snapshot).
    /// A file that is not a snapshot of this Hark throws, and the one read is kept.
    public func followCatalogSnapshot() throws -> Int? {
        guard let opened = catalogFile, let now = FileIdentity(path: databasePath), now != opened.identity else {
            return nil
        }
        let pinned = try PinnedSnapshot(databasePath)
        let store = try CatalogStore(snapshot: pinned.path)
        let library = try UserLibrary(store: store, state: state)
        // People's playlists a new catalog brought are kept in the state, as at start.
        try library.adoptCatalogPlaylists()
        (self.store, self.db, self.resolver, self.library) = (store, store.db, Resolver(store: store), library)
        catalogFile = pinned
        readers.renew(path: pinned.path)
        // (The largest row id: counting a million rows would hold the actor for tens of milliseconds.)
        return try store.approximateItemCount()
    }
}
