public import MediaIntents
import Storage

/// Which episodes (and books) each person has heard to the end: marked by playing them to within
/// `finishes` of their end, or by saying so ("mark this as played"). A played item's place is
/// forgotten; "the next unplayed episode" and "my podcasts" pass it over.
extension UserLibrary {
    static let playedTable = """
        CREATE TABLE IF NOT EXISTS played_items(
            "user" TEXT NOT NULL, item_ident TEXT NOT NULL, played_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY("user", item_ident));
        """

    /// Whether a place `position` seconds into an item of `duration` is its end: the last minute,
    /// or the last 5 % of something shorter than twenty minutes (credits, a sign-off).
    public static func finishes(at position: Double, duration: Double) -> Bool {
        duration > 0 && position >= duration - min(60, duration * 0.05)
    }

    /// Marks an item played by the user and forgets their place in it.
    public func markPlayed(_ item: MediaItem, user: String, at time: Double) throws {
        try state.transaction {
            try state.run(
                "DELETE FROM resume_positions WHERE \"user\" = ? AND item_ident = ?", [.text(user), .text(item.identifier)])
            try state.run(
                """
                INSERT INTO played_items("user", item_ident, played_at) VALUES(?,?,?)
                ON CONFLICT("user", item_ident) DO UPDATE SET played_at = excluded.played_at
                """, [.text(user), .text(item.identifier), .real(time)])
        }
    }

    /// Takes the played mark off ("mark this as unplayed"); whether there was one.
    @discardableResult
    public func markUnplayed(_ item: MediaItem, user: String) throws -> Bool {
        try state.run(
            "DELETE FROM played_items WHERE \"user\" = ? AND item_ident = ?", [.text(user), .text(item.identifier)]) > 0
    }

    /// Which of `identifiers` the user has played to the end.
    public func played(_ identifiers: [String], user: String) throws -> Set<String> {
        Set(try rows(of: identifiers, user: user, "SELECT item_ident FROM played_items").compactMap { $0.string(0) })
    }

    /// Where the user is in each of `identifiers` they are part way through.
    public func places(_ identifiers: [String], user: String) throws -> [String: Double] {
        var places: [String: Double] = [:]
        for row in try rows(of: identifiers, user: user, "SELECT item_ident, position FROM resume_positions") {
            if let ident = row.string(0), let position = row.double(1) { places[ident] = position }
        }
        return places
    }

    /// `select` (a table with "user" and item_ident columns) for the user's rows of `identifiers`,
    /// asked in slices of a fixed size so that the kept statements stay few.
    private func rows(of identifiers: [String], user: String, _ select: String) throws -> [Row] {
        var found: [Row] = []
        for start in stride(from: 0, to: identifiers.count, by: 50) {
            let slice = Self.padded(Array(identifiers[start..<min(start + 50, identifiers.count)]), to: [50])
            let marks = slice.map { _ in "?" }.joined(separator: ",")
            found += try state.rows(
                select + " WHERE \"user\" = ? AND item_ident IN (\(marks))", [.text(user)] + slice.map { .text($0) })
        }
        return found
    }

    /// The podcast shows the user follows (their library's shows), newest subscription first.
    public func subscribedShows(user: String) throws -> [String] {
        try state.rows(
            "SELECT item_ident FROM library_items WHERE \"user\" = ? AND item_ident LIKE 'podcastShow/%' ORDER BY added_at DESC",
            [.text(user)]
        ).compactMap { $0.string(0) }
    }

    /// Of `shows`, those someone follows (a feed nobody follows is not refreshed).
    public func followedShows(_ shows: [String]) throws -> Set<String> {
        let rows = try state.rows(
            "SELECT DISTINCT item_ident FROM library_items WHERE item_ident LIKE 'podcastShow/%'", [])
        return Set(rows.compactMap { $0.string(0) }).intersection(shows)
    }
}
