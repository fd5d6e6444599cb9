import Catalog
import Foundation
import MediaIntents
import Testing

@testable import Fingerprints

/// Recognising a track from a few seconds of it, through noise and at another speed; refusing what
/// is not a usable recording; fingerprinting a catalog's files once.
@Suite("Fingerprints") struct FingerprintTests {
    static let folder: String = {
        let path = NSTemporaryDirectory() + "hark-fingerprints-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A synthetic track of `seconds`, written once as WAV.
    static func track(_ seed: UInt64, seconds: Double = 30) throws -> String {
        let path = "\(folder)/track-\(seed)-\(Int(seconds)).wav"
        if !FileManager.default.fileExists(atPath: path) {
            try TrackSynth.wav(TrackSynth(seed: seed).samples(seconds: seconds)).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    static func catalog() throws -> CatalogStore {
        try CatalogStore(path: folder + "/catalog-" + UUID().uuidString + ".db")
    }

    /// `seconds` from `start` of a track as a room hears it: `speed` times as fast, with white
    /// noise at 10 dB below the music.
    static func heard(_ path: String, from start: Double, seconds: Double, speed: Double) throws -> [Int16] {
        let all = try AudioDecoder.samples(path)
        let rate = Double(AudioDecoder.sampleRate)
        var excerpt = try AudioDecoder.resampled(Array(all[Int(start * rate)..<Int((start + seconds) * rate)]), speed: speed)
        let level = (excerpt.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(excerpt.count)).squareRoot()
        let noise = level / 10.0.squareRoot() * 3.0.squareRoot()
        var random = SplitMix(seed: 7)
        for index in excerpt.indices {
            excerpt[index] = Int16(clamping: Int(Double(excerpt[index]) + Double.random(in: -noise...noise, using: &random)))
        }
        return excerpt
    }

    @Test func anExcerptThroughNoiseAndAtAnotherSpeedIsFoundWhereItWas() throws {
        let fingerprints = try FingerprintStore(store: try Self.catalog())
        for seed: UInt64 in 1...8 {
            let path = try Self.track(seed)
            let (fingerprint, seconds) = try TrackFingerprint.of(file: path)
            #expect(abs(seconds - 30) < 0.5)
            try fingerprints.save(path: path, size: 1, modified: 1, seconds: seconds, fingerprint: fingerprint)
        }
        let index = MatchIndex(fingerprints)
        for (seed, start, speed) in [(5, 12.0, 1.02), (2, 3.0, 0.97), (8, 20.0, 1.0)] as [(UInt64, Double, Double)] {
            let match = try index.identify(try Self.heard(try Self.track(seed), from: start, seconds: 8, speed: speed))
            #expect(match?.path == (try Self.track(seed)), "seed \(seed)")
            #expect(abs((match?.offset ?? -10) - start) < 1, "seed \(seed): \(String(describing: match))")
            #expect((match?.score ?? 0) >= MatchIndex.minimumScore)
        }
        // A recording that began in the silence before the track is the track, from its start.
        let rate = AudioDecoder.sampleRate
        let late = [Int16](repeating: 0, count: 2 * rate) + (try Self.heard(try Self.track(3), from: 0, seconds: 7, speed: 1))
        let early = try index.identify(late)
        #expect(early?.path == (try Self.track(3)) && early?.offset == 0, "\(String(describing: early))")
        // A track that was never fingerprinted is no one's: nothing is said rather than a guess.
        #expect(try index.identify(try Self.heard(try Self.track(99), from: 5, seconds: 8, speed: 1)) == nil)
    }

    @Test func whatIsNotAUsableRecordingIsRefusedWithItsReason() throws {
        let text = Self.folder + "/notes.txt"
        try Data("not a sound at all\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: AudioError.self) { try Excerpt.read(text) }
        do {
            _ = try Excerpt.read(text)
        } catch let error as AudioError {
            guard case .notAudio(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == text)
        }
        let short = try Self.track(3, seconds: 2)
        #expect(throws: AudioError.tooShort(short, seconds: 2, needed: Excerpt.minimumSeconds)) { try Excerpt.read(short) }
        let silence = Self.folder + "/silence.wav"
        try TrackSynth.wav([Int16](repeating: 0, count: TrackSynth.sampleRate * 6)).write(to: URL(fileURLWithPath: silence))
        #expect(throws: AudioError.silent(silence)) { try Excerpt.read(silence) }
        let long = try Self.track(4, seconds: 40)
        #expect(throws: AudioError.self) { try Excerpt.read(long) }
        #expect(try Excerpt.read(long, keepStart: true).seconds == Excerpt.maximumSeconds)
        let missing = Self.folder + "/nowhere.mp3"
        #expect(throws: AudioError.self) { try Excerpt.read(missing) }
    }

    @Test func aFingerprintKeepsItsWordsThroughStorage() throws {
        let (fingerprint, _) = try TrackFingerprint.of(file: try Self.track(6))
        #expect(fingerprint.items.count > 200)
        #expect(Fingerprint(compressed: fingerprint.compressed()) == fingerprint)
        #expect(Fingerprint(compressed: Data("garbage".utf8)) == nil)
    }

    @Test func aCatalogsFilesAreFingerprintedOnceAndAgainWhenTheyChange() throws {
        let store = try Self.catalog()
        let rows = Self.folder + "/catalog-\(UUID().uuidString).jsonl"
        let lines = try (1...3).map { seed in
            "{\"type\": \"song\", \"title\": \"Piece \(seed)\", \"artist\": \"Synth\", \"path\": \"\(try Self.track(UInt64(seed + 10)))\"}"
        } + [
            "{\"type\": \"song\", \"title\": \"Gone\", \"artist\": \"Synth\", \"path\": \"/nowhere/gone.flac\"}",
            // As an MPD library names its files: relative to its music directory.
            "{\"type\": \"song\", \"title\": \"Relative\", \"artist\": \"Synth\", \"path\": \"\((try Self.track(14) as NSString).lastPathComponent)\"}",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: rows))
        _ = try CatalogImporter(store: store).importFile(rows)
        let indexer = FingerprintIndexer(try FingerprintStore(store: store), root: Self.folder)
        let first = try indexer.run()
        #expect(first.made == 4 && first.unreachable == 1 && first.fingerprinted == 4 && first.failed.isEmpty)
        let again = try indexer.run()
        #expect(again.made == 0 && again.unchanged == 4)
        // A relative path is kept as the catalog gives it, so that a match finds its item.
        let relative = (try Self.track(14) as NSString).lastPathComponent
        #expect(try FingerprintStore(store: store).item(path: relative)?.item.title == "Relative")
        // A file rewritten is fingerprinted again; the others are not.
        let changed = try Self.track(11)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: changed)
        let third = try indexer.run()
        #expect(third.made == 1 && third.unchanged == 3 && third.fingerprinted == 4)
        let item = try #require(try FingerprintStore(store: store).item(path: changed))
        #expect(item.item.title == "Piece 1")
    }
}
