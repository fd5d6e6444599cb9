/// What the library refuses, with the reason a reply can give.
public struct LibraryError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Code: String, Sendable { case dislikeNotSong, playlistNotEditable, playlistNotFound, emptyName }
    public var code: Code
    public var message: String
    public var description: String { message }

    static func dislikeNotSong(_ title: String) -> LibraryError {
        LibraryError(code: .dislikeNotSong, message: "only songs can be disliked, not \(title)")
    }
    static func playlistNotEditable(_ name: String) -> LibraryError {
        LibraryError(
            code: .playlistNotEditable, message: "the playlist \(name) belongs to the catalog and cannot be changed")
    }
    static func playlistNotFound(_ name: String) -> LibraryError {
        LibraryError(code: .playlistNotFound, message: "there is no playlist called \(name)")
    }
}
