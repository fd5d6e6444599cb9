import Catalog
import Fingerprints
import Foundation
import Server
import Testing

/// `POST /v1/identify`: a recording of a library track is named, and "play it" plays it from
/// there; what is not a usable recording is refused with its reason and changes nothing.
@Suite("Identify over HTTP", .serialized)
struct IdentifyTests {
    static let live = try! LiveServer()
    var live: LiveServer { Self.live }

    /// A recording sent as sound.
    func identify(_ body: Data, query: String = "", type: String = "audio/wav") async throws -> LiveServer.Reply {
        try await live.call("POST", "/v1/identify" + query, body: body, headers: ["Content-Type": type])
    }

    /// Two synthetic tracks in the server's catalog, fingerprinted, and the path of the first.
    static let library: [String] = {
        let folder = NSTemporaryDirectory() + "hark-identify-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = (1...2).map { "\(folder)/piece-\($0).wav" }
        for (index, path) in paths.enumerated() {
            try! TrackSynth.wav(TrackSynth(seed: UInt64(500 + index)).samples(seconds: 40)).write(to: URL(fileURLWithPath: path))
        }
        let rows = paths.enumerated().map { index, path in
            "{\"type\": \"song\", \"title\": \"Synthetic Piece \(index + 1)\", \"artist\": \"The Oscillators\", \"album\": \"Test Tones\", \"path\": \"\(path)\"}"
        }
        try! Data(rows.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/rows.jsonl"))
        let store = try! CatalogStore(path: live.databasePath)
        _ = try! CatalogImporter(store: store).importFile(folder + "/rows.jsonl")
        let pass = try! FingerprintIndexer(try! FingerprintStore(store: store)).run()
        precondition(pass.made == 2, "\(pass)")
        return paths
    }()

    /// Eight seconds of the first track from `start`, 2 % fast, with white noise 10 dB under it, as WAV.
    static func recording(from start: Double) throws -> Data {
        let all = try AudioDecoder.samples(library[0])
        let rate = AudioDecoder.sampleRate
        var heard = try AudioDecoder.resampled(Array(all[Int(start) * rate..<Int(start + 8) * rate]), speed: 1.02)
        let level = (heard.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(heard.count)).squareRoot()
        var state: UInt64 = 12_345
        for index in heard.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = (Double(state >> 11) / Double(1 << 53) * 2 - 1) * level / 10.0.squareRoot() * 3.0.squareRoot()
            heard[index] = Int16(clamping: Int(Double(heard[index]) + noise))
        }
        return TrackSynth.wav(heard, rate: rate)
    }

    @Test func aRecordingIsNamedAndPlayItPlaysItFromThere() async throws {
        _ = Self.library
        // The server's understanding is made ready first: "play it" must follow the answer within
        // the offer's minute even on a loaded machine, where a first request reads the grammars.
        _ = try await live.call("POST", "/v1/ask", json: #"{"text": "pause", "device": "kitchen"}"#)
        let recording = try Self.recording(from: 20)
        let answer = try await identify(recording, query: "?device=kitchen&lang=en")
        let answered = Date()
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json["code"] as? String == "success")
        let item = (answer.json["items"] as? [[String: Any]])?.first
        #expect(item?["title"] as? String == "Synthetic Piece 1")
        #expect((answer.json["reply"] as? String)?.hasPrefix("That's Synthetic Piece 1 by The Oscillators, from Test Tones.") == true)
        // Nothing played because of the question.
        let before = try await live.call("GET", "/v1/now-playing?device=kitchen").json
        #expect((before["nowPlaying"] as? [String: Any])?["item"] == nil)
        let played = try await live.call("POST", "/v1/ask", json: #"{"text": "play it", "device": "kitchen"}"#)
        let now = played.json["nowPlaying"] as? [String: Any]
        #expect(
            (now?["item"] as? [String: Any])?["title"] as? String == "Synthetic Piece 1",
            "\(Date().timeIntervalSince(answered)) s after the answer: \(played.text)")
        let position = now?["position"] as? Double ?? -1
        #expect(position >= 19 && position <= 23, "played from \(position)")
        // In another language, the same recording is named in it.
        let russian = try await identify(try Self.recording(from: 5), query: "?lang=ru")
        #expect((russian.json["reply"] as? String)?.hasPrefix("Это «Synthetic Piece 1»") == true, "\(russian.text)")
    }

    @Test func whatCannotBeListenedToIsRefusedWithItsReason() async throws {
        _ = Self.library
        let text = try await identify(Data("just some words, no sound".utf8), type: "application/octet-stream")
        #expect(text.status == 400 && (text.json["error"] as? String)?.contains("not audio") == true, "\(text.text)")
        #expect(text.json["reply"] as? String == "That doesn't sound like a recording I can read.")
        let short = try await identify(TrackSynth.wav(TrackSynth(seed: 1).samples(seconds: 1)))
        #expect(short.status == 400 && (short.json["error"] as? String)?.contains("at least 3.0 s") == true, "\(short.text)")
        let silence = try await identify(TrackSynth.wav([Int16](repeating: 0, count: TrackSynth.sampleRate * 5)))
        #expect(silence.status == 400 && (silence.json["error"] as? String)?.contains("silence") == true)
        let long = try await identify(TrackSynth.wav(TrackSynth(seed: 2).samples(seconds: 35)))
        #expect(long.status == 400 && (long.json["error"] as? String)?.contains("longer than 30.0 s") == true)
        #expect(try await identify(Data()).status == 400)
        // A form of another site cannot post here: sound only.
        let form = try await identify(Data("a=b".utf8), type: "application/x-www-form-urlencoded")
        #expect(form.status == 415)
        let huge = try await identify(Data(repeating: 1, count: HarkAPI.maximumRecording + 1))
        #expect(huge.status == 413)
        // A recording of music the library does not have: said so, never a guess.
        let stranger = TrackSynth.wav(TrackSynth(seed: 999).samples(seconds: 8))
        let unknown = try await identify(stranger)
        #expect(unknown.status == 200 && unknown.json["code"] as? String == "failure")
        #expect((unknown.json["reply"] as? String)?.hasPrefix("I don't recognise this one") == true)
    }
}
