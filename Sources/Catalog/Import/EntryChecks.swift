import Foundation
import MediaIntents

/// Checks of an imported entry's text that no field type can express.
extension CatalogEntry {
    /// The first text field holding a control character other than a line break or tab (U+0000 would cut a stored title short
    /// without a word; others print as garbage in replies), with the character; nil when none does.
    func controlCharacter() -> (field: String, scalar: Unicode.Scalar)? {
        let named: [(String, [String])] = [
            ("title", [title]), ("artist", artist.map { [$0] } ?? []), ("album", album.map { [$0] } ?? []),
            ("albumArtist", albumArtist.map { [$0] } ?? []), ("show", show.map { [$0] } ?? []),
            ("author", author.map { [$0] } ?? []), ("genres", genres ?? []), ("moods", moods ?? []),
            ("aliases", aliases ?? []), ("lyrics", lyrics.map { [$0] } ?? []),
        ]
        for (field, texts) in named {
            for text in texts {
                if let scalar = text.unicodeScalars.first(where: Self.isForbidden) {
                    return (field, scalar)
                }
            }
        }
        return nil
    }

    /// A control character other than a line break or a tab (a quoted CSV field may hold lines).
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\n", "\r", "\t"].contains(scalar)
    }

    /// Why the entry cannot be stored, if it cannot: an empty title or a control character.
    func problem() -> String? {
        if NameFolding.trimmed(title).isEmpty { return "empty title" }
        if let (field, scalar) = controlCharacter() {
            return "\(field) holds the control character U+\(String(format: "%04X", scalar.value))"
        }
        if let lyrics, let problem = Lyrics.problem(lyrics) { return problem }
        return nil
    }
}
