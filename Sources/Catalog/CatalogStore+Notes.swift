public import MediaIntents
public import Storage

/// What items are about (`item_notes`: a podcast episode's show notes, written by the feed's
/// reader or an import's `description`), found by the words of "the episode about …".
extension CatalogStore {
    /// Keeps `text` as what the item is about (with its title, which the index searches too).
    func storeNotes(_ text: String, title: String, of id: Int64) throws {
        try db.prepare(
            """
            INSERT INTO item_notes(item_id, title, text) VALUES(?, ?, ?)
            ON CONFLICT(item_id) DO UPDATE SET title = excluded.title, text = excluded.text
            WHERE title <> excluded.title OR text <> excluded.text
            """
        ).run([.integer(id), .text(title), .text(text)])
    }

    /// What the item is about, if its source said.
    public func notes(identifier: String) throws -> String? {
        try db.prepare("SELECT n.text FROM item_notes n JOIN items i ON i.id = n.item_id WHERE i.ident = ?")
            .rows([.text(identifier)]).first?.string(0)
    }

    /// Items of `type` (of the show or album `parent`, when given) whose title or notes hold the
    /// words said, best first: all the words first, else any of them (words of three letters or
    /// fewer left out when longer ones were said). A word of five letters or
    /// more is matched by its start (its first three fifths, at least four letters: "hunting" finds
    /// "hunt", "volcanoes" "volcanic", «вулканах» «вулканы»), a rough stem for every language. Words in scripts written without spaces (Chinese, Japanese) are looked
    /// for as they are written, in the title and notes of the kind's items.
    public func items(about words: String, type: MediaItemType, parent: Int64? = nil, limit: Int = 5) throws
        -> (items: [StoredItem], everyWord: Bool)
    {
        // Cut as the index's tokenizer cuts (letters and digits; case and Latin accents it folds
        // itself), not as names are folded: "don't" is "don" and "t" there.
        let said = words.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        // Short words ("and", "the", «про», "les") say little of a topic and, with "any of the
        // words", would find everything: they count only when nothing longer was said.
        let long = said.filter { $0.count >= 4 }
        let terms = long.isEmpty ? said : long
        guard !terms.isEmpty else { return ([], false) }
        if words.unicodeScalars.contains(where: { Script.isHan($0) || Script.isKana($0) || Script.isHangul($0) }) {
            let compact = words.filter { !$0.isWhitespace && !$0.isPunctuation }
            guard !compact.isEmpty else { return ([], false) }
            let parentClause = parent == nil ? "" : " AND i.parent_id = \(parent ?? 0)"
            let found = try items(
                where: "i.type = ? AND i.id IN (SELECT item_id FROM item_notes WHERE instr(title, ?) > 0 OR instr(text, ?) > 0)"
                    + parentClause,
                [.text(type.rawValue), .text(compact), .text(compact)], order: "i.released DESC", limit: limit)
            return (found, true)
        }
        let matched = terms.map { term -> String in
            let letters = Array(term)
            let quoted = { (text: String) in "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            guard letters.count >= 5 else { return quoted(term) }
            return quoted(String(letters.prefix(max(4, letters.count * 3 / 5)))) + "*"
        }
        for joiner in [" AND ", " OR "] where joiner == " AND " || matched.count > 1 {
            let query = matched.joined(separator: joiner)
            let found = try items(
                where: "item_notes_fts MATCH ? AND i.type = ?" + (parent == nil ? "" : " AND i.parent_id = \(parent ?? 0)"),
                [.text(query), .text(type.rawValue)], order: "bm25(item_notes_fts, 4.0, 1.0)", limit: limit,
                from: "item_notes_fts JOIN items i ON i.id = item_notes_fts.rowid")
            if !found.isEmpty { return (found, joiner == " AND ") }
        }
        return ([], false)
    }
}
