import MediaIntents

/// Names as the catalog files them: an item's stable identity, the artists a credit names, and
/// tags joined for matching.
extension CatalogStore {
    /// A stable identifier made of the type and the folded names, so re-importing finds the same row.
    /// Artists are one row whether credited with "The" or without ("Beatles" = "The Beatles").
    static func ident(_ type: MediaItemType, _ parts: String?..., key: (String) -> String = NameFolding.key) -> String {
        let keys = parts.enumerated().map { index, part -> String in
            var words = key(part ?? "").split(separator: " ")
            if type == .artist, index == 0, words.first == "the", words.count > 1 { words.removeFirst() }
            return words.joined(separator: "-")
        }
        return ([type.rawValue] + keys).joined(separator: "/")
    }

    /// Splits an artist credit into the artists it names: "A featuring B" → [A, B]. Compares bytes
    /// (a credit is split for every imported track).
    static func splitCredit(_ credit: String) -> [String] {
        let bytes = Array(credit.utf8)
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20, let length = creditMarkers.first(where: { matches($0, bytes, at: index) })?.count {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += length
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces.map(NameFolding.trimmed).filter { !$0.isEmpty }
    }

    /// Markers between the artists of a credit, matched without regard to case (" x " only in lower case).
    static let creditMarkers = [" featuring ", " feat. ", " ft. ", " feat ", " x "].map { Array($0.utf8) }

    fileprivate static func matches(_ marker: [UInt8], _ bytes: [UInt8], at index: Int) -> Bool {
        guard index + marker.count <= bytes.count else { return false }
        let exact = marker == creditMarkers[creditMarkers.count - 1]
        for offset in 0..<marker.count {
            let byte = bytes[index + offset]
            let folded = !exact && byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
            if folded != marker[offset] { return false }
        }
        return true
    }

    /// Tags stored as `|rock|pop|` so a LIKE on `%|rock|%` finds exactly one tag.
    static func joinTags(_ tags: [String]?, key: (String) -> String = NameFolding.key) -> String {
        let keys = (tags ?? []).map(key).filter { !$0.isEmpty }
        return keys.isEmpty ? "" : "|" + keys.joined(separator: "|") + "|"
    }
}
