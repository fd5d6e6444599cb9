/// Media items are most of what the server writes (an answer's items, up next, every queue it
/// stores), so they are written field by field instead of through `Encodable`'s containers: the
/// same keys, in declaration order, nil fields left out, as the synthesized conformance writes.
/// A test compares the two on an item with every field set, so a new field cannot be forgotten.
extension JSONByteStream {
    private enum Key {
        static let identifier = Array(#"{"identifier":"#.utf8)
        static let title = Array(#","title":"#.utf8)
        static let type = Array(#","type":"#.utf8)
        static let artist = Array(#","artist":"#.utf8)
        static let album = Array(#","album":"#.utf8)
        static let duration = Array(#","duration":"#.utf8)
        static let releaseYear = Array(#","releaseYear":"#.utf8)
        static let released = Array(#","released":"#.utf8)
        static let genres = Array(#","genres":"#.utf8)
        static let popularity = Array(#","popularity":"#.utf8)
        static let isExplicit = Array(#","isExplicit":"#.utf8)
        static let aliases = Array(#","aliases":"#.utf8)
        static let artistAliases = Array(#","artistAliases":"#.utf8)
        static let artistKind = Array(#","artistKind":"#.utf8)
        static let location = Array(#","location":"#.utf8)
        static let lyricLine = Array(#","lyricLine":"#.utf8)
    }

    func write(item: MediaItem) throws {
        bytes.append(contentsOf: Key.identifier)
        write(item.identifier)
        bytes.append(contentsOf: Key.title)
        write(item.title)
        bytes.append(contentsOf: Key.type)
        write(item.type.rawValue)
        if let artist = item.artist {
            bytes.append(contentsOf: Key.artist)
            write(artist)
        }
        if let album = item.album {
            bytes.append(contentsOf: Key.album)
            write(album)
        }
        if let duration = item.duration {
            bytes.append(contentsOf: Key.duration)
            try write(double: duration, duration)
        }
        if let releaseYear = item.releaseYear {
            bytes.append(contentsOf: Key.releaseYear)
            write(integer: releaseYear)
        }
        if let released = item.released {
            bytes.append(contentsOf: Key.released)
            write(released)
        }
        bytes.append(contentsOf: Key.genres)
        write(strings: item.genres)
        bytes.append(contentsOf: Key.popularity)
        try write(double: item.popularity, item.popularity)
        bytes.append(contentsOf: Key.isExplicit)
        write(bool: item.isExplicit)
        if let aliases = item.aliases {
            bytes.append(contentsOf: Key.aliases)
            write(strings: aliases)
        }
        if let artistAliases = item.artistAliases {
            bytes.append(contentsOf: Key.artistAliases)
            write(strings: artistAliases)
        }
        if let artistKind = item.artistKind {
            bytes.append(contentsOf: Key.artistKind)
            write(artistKind.rawValue)
        }
        if let location = item.location {
            bytes.append(contentsOf: Key.location)
            write(location)
        }
        if let lyricLine = item.lyricLine {
            bytes.append(contentsOf: Key.lyricLine)
            write(lyricLine)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    func write(strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(string)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
