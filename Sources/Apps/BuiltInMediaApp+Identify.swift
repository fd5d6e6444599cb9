import Catalog
import Fingerprints
public import Foundation
public import MediaIntents

/// Why a recording could not be listened to.
public enum SoundRefusal: String, Sendable, Codable {
    case notAudio, decoderFailed, tooShort, tooLong, silent
}

/// A recording that could not be kept in a file to be read.
public enum IdentifyTrouble: Error, CustomStringConvertible {
    case notStored(String)
    public var description: String {
        switch self {
        case .notStored(let folder): "the recording could not be written to \(folder) to be read"
        }
    }
}

/// What the built-in library recognised in a recording.
public enum Identified: Sendable {
    /// The track, where in it the recording begins (seconds), and how sure the match is (0–1).
    case match(MediaItem, offset: Double, score: Double)
    /// Nothing in the library sounds like it.
    case unknown
    /// No track has a fingerprint yet (`hark fingerprints`, or an import of a music folder).
    case noFingerprints
    /// Not a recording that can be listened to; the words say what and where.
    case refused(SoundRefusal, String)
}

/// "What song is this?" from the sound: a recording matched against the fingerprints of the
/// library's own files (`Fingerprints`), on a reader connection, off the actor.
extension BuiltInMediaApp {
    /// Listens to the recording in `file` (any format FFmpeg's libraries read, 3–30 s).
    public nonisolated func identify(file: String) throws -> Identified {
        let excerpt: Excerpt
        do {
            excerpt = try Excerpt.read(file)
        } catch let error as AudioError {
            return .refused(Self.refusal(error), error.description)
        }
        return try readers.with { reader in
            guard let fingerprints = try FingerprintStore.reading(reader.store), try fingerprints.count() > 0 else {
                return .noFingerprints
            }
            guard let match = try MatchIndex(fingerprints).identify(excerpt.samples),
                let stored = try fingerprints.item(path: match.path)
            else { return .unknown }
            return .match(stored.item, offset: match.offset, score: match.score)
        }
    }

    /// Listens to a recording's bytes (a browser's or a phone's upload), through a file of its own.
    public nonisolated func identify(audio: Data) throws -> Identified {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hark-heard-\(UUID().uuidString)")
        // Removed however the write ends; readable by this user alone (it is sound from a room).
        defer { try? FileManager.default.removeItem(at: file) }
        guard FileManager.default.createFile(atPath: file.path, contents: audio, attributes: [.posixPermissions: 0o600]) else {
            throw IdentifyTrouble.notStored(file.deletingLastPathComponent().path)
        }
        let heard = try identify(file: file.path)
        if case .refused(let refusal, let words) = heard {
            return .refused(refusal, words.replacingOccurrences(of: file.path, with: "the recording"))
        }
        return heard
    }

    static func refusal(_ error: AudioError) -> SoundRefusal {
        switch error {
        case .notAudio: .notAudio
        case .decoderFailed: .decoderFailed
        case .tooShort: .tooShort
        case .tooLong: .tooLong
        case .silent: .silent
        }
    }
}
