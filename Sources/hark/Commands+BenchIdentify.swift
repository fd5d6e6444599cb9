import Assistant
import Catalog
import Fingerprints
import Foundation

/// `hark bench identify`: recognising music heard in a room among a library of synthetic tracks
/// (`TrackSynth`: each its own melody, chords and drums). Excerpts of 8 s from random places go
/// through what a room does, with sox: ±3 % speed, reverb, a small speaker's band (250 Hz–4.5
/// kHz), white noise 10 dB under the music, a level from a fifth to full with a fade-in, and a
/// lossy Ogg Vorbis encoding. Half the excerpts are of tracks in the library, half of tracks that
/// are not. Reports top-1 accuracy, false matches, identify time (decode to answer) and the
/// library's fingerprinting speed and index size.
extension Commands {
    static func benchIdentify(_ arguments: Arguments) throws -> Int32 {
        let trackCount = Int(arguments.options["tracks"] ?? "2000") ?? 2000
        let excerptCount = Int(arguments.options["excerpts"] ?? "500") ?? 500
        let inMemory = arguments.flags.contains("in-memory")
        // Another seed: other tracks and other excerpts (thresholds are chosen on one, measured on another).
        let seed = UInt64(arguments.options["seed"] ?? "0") ?? 0
        let firstTrack = UInt64(seed) * 10_000_000
        let trackSeconds = 30.0
        let rate = AudioDecoder.sampleRate
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-bench-identify-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dbPath = folder + "/identify.db"
        let store = try CatalogStore(path: dbPath)
        let fingerprints = try FingerprintStore(store: store)
        @Sendable func trackPath(_ seed: Int) -> String { inMemory ? "synth://\(seed)" : "\(folder)/track-\(seed).wav" }

        // The library: tracks written as files and fingerprinted as an import does (decoded by
        // FFmpeg's libraries), or with --in-memory fingerprinted from the synthesised samples.
        let cpuBefore = processSeconds()
        var started = Date()
        var fingerprintSeconds = 0.0
        if inMemory {
            let made = WorkQueue(count: trackCount) { index in
                Result { try TrackFingerprint.of(samples: TrackSynth(seed: firstTrack + UInt64(index + 1)).samples(seconds: trackSeconds, rate: rate)) }
            }
            for index in 0..<trackCount {
                try fingerprints.save(
                    path: trackPath(index + 1), size: 0, modified: 0, seconds: trackSeconds, fingerprint: try made.result(index).get())
            }
            fingerprintSeconds = Date().timeIntervalSince(started)
        } else {
            let written = WorkQueue(count: trackCount) { index in
                Result {
                    let samples = TrackSynth(seed: firstTrack + UInt64(index + 1)).samples(seconds: trackSeconds, rate: rate)
                    try TrackSynth.wav(samples, rate: rate).write(to: URL(fileURLWithPath: trackPath(index + 1)))
                }
            }
            var rows = ""
            for index in 0..<trackCount {
                try written.result(index).get()
                rows += "{\"type\": \"song\", \"title\": \"Synthetic \(index + 1)\", \"artist\": \"TrackSynth\", \"path\": \"\(trackPath(index + 1))\"}\n"
            }
            try Data(rows.utf8).write(to: URL(fileURLWithPath: folder + "/library.jsonl"))
            _ = try CatalogImporter(store: store).importFile(folder + "/library.jsonl")
            warn("wrote \(trackCount) tracks in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
            started = Date()
            let pass = try FingerprintIndexer(fingerprints).run()
            fingerprintSeconds = Date().timeIntervalSince(started)
            guard pass.failed.isEmpty, pass.made == trackCount else {
                warn("hark bench identify: fingerprinting failed: \(pass.failed.prefix(3))")
                return 1
            }
        }
        let libraryCPU = processSeconds() - cpuBefore
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let indexBytes = fileBytes(dbPath)

        // The excerpts, made on one thread per core, then identified one at a time.
        struct Excerpt: Sendable {
            var file: String
            var truth: String?
            var start: Double
            var speed: Double
        }
        let excerpts = WorkQueue(count: excerptCount) { index -> Result<Excerpt, any Error> in
            Result {
                var random = SplitMix(seed: (seed << 32) ^ (UInt64(index) &* 7919 &+ 17))
                let inLibrary = index % 2 == 0
                let track = inLibrary ? Int.random(in: 1...trackCount, using: &random) : trackCount + 1 + index
                let start = Double.random(in: 0..<1, using: &random) * (trackSeconds - 9)
                let speed = 0.97 + Double.random(in: 0..<1, using: &random) * 0.06
                let file = try roomRecording(
                    TrackSynth(seed: firstTrack + UInt64(track)).samples(seconds: trackSeconds, rate: rate), rate: rate, from: start,
                    speed: speed, level: 0.2 + Double.random(in: 0..<1, using: &random) * 0.8, noiseSeed: (seed << 32) ^ UInt64(index), into: "\(folder)/excerpt-\(index)")
                return Excerpt(file: file, truth: inLibrary ? trackPath(track) : nil, start: start, speed: speed)
            }
        }
        let matcher = MatchIndex(fingerprints)
        var table = "truth\tscore\tvotes\tweakest\n"
        var times: [Double] = []
        var right = 0, wrong = 0, missed = 0, falseMatches = 0, inLibrary = 0, outside = 0
        // Every best candidate, sure or not, to show how far apart true and false ones are.
        var trueCandidates: [SoundMatch] = [], falseCandidates: [SoundMatch] = []
        for index in 0..<excerptCount {
            let excerpt = try excerpts.result(index).get()
            let began = Date()
            let candidate = try matcher.bestCandidate(try Fingerprints.Excerpt.read(excerpt.file).samples)
            let match = candidate.flatMap { MatchIndex.isSure($0) ? $0 : nil }
            times.append(Date().timeIntervalSince(began) * 1000)
            try? FileManager.default.removeItem(atPath: excerpt.file)
            if let candidate {
                let isTrue = candidate.path == excerpt.truth
                if isTrue { trueCandidates.append(candidate) } else { falseCandidates.append(candidate) }
                table += "\(isTrue ? 1 : 0)\t\(candidate.score)\t\(candidate.votes)\t\(candidate.weakest)\n"
            }
            func said(_ match: SoundMatch) -> String {
                "\(match.path) (score \(String(format: "%.2f", match.score)), \(match.votes) votes, weakest \(String(format: "%.2f", match.weakest)))"
            }
            if let truth = excerpt.truth {
                inLibrary += 1
                if match?.path == truth {
                    right += 1
                } else if let match {
                    wrong += 1
                    warn("wrong: \(truth) at \(String(format: "%.1f", excerpt.start)) s ×\(String(format: "%.3f", excerpt.speed)) heard as \(said(match))")
                } else {
                    missed += 1
                    warn("missed: \(truth) at \(String(format: "%.1f", excerpt.start)) s ×\(String(format: "%.3f", excerpt.speed)); best \(candidate.map(said) ?? "none")")
                }
            } else {
                outside += 1
                if let match {
                    falseMatches += 1
                    warn("false match: an unknown track heard as \(said(match))")
                }
            }
        }
        times.sort()
        func percentile(_ p: Double) -> Double { times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count) * p))] }
        let report: [String: Double] = [
            "tracks": Double(trackCount), "excerpts": Double(excerptCount),
            "top1": Double(right) / Double(max(inLibrary, 1)), "wrongTrack": Double(wrong) / Double(max(inLibrary, 1)),
            "noMatch": Double(missed) / Double(max(inLibrary, 1)),
            "falseMatchRate": Double(falseMatches) / Double(max(outside, 1)),
            "identifyMedianMs": percentile(0.5), "identifyP90Ms": percentile(0.9), "identifyMaxMs": times.last ?? 0,
            "fingerprintTracksPerSecond": Double(trackCount) / max(fingerprintSeconds, 0.001),
            "libraryCPUSeconds": libraryCPU, "databaseMiB": Double(indexBytes) / 1_048_576,
            "trueLowestScore": trueCandidates.map(\.score).min() ?? 0,
            "trueFewestVotes": Double(trueCandidates.map(\.votes).min() ?? 0),
            "falseHighestScore": falseCandidates.map(\.score).max() ?? 0,
            "falseMostVotes": Double(falseCandidates.map(\.votes).max() ?? 0),
            "trueLowestWeakest": trueCandidates.map(\.weakest).min() ?? 0,
            "falseHighestWeakest": falseCandidates.map(\.weakest).max() ?? 0,
            "peakRssMiB": peakRSS(),
        ]
        if let path = arguments.options["candidates"] { try Data(table.utf8).write(to: URL(fileURLWithPath: path)) }
        print(json(report, pretty: true))
        return 0
    }

    /// An excerpt of `samples` (mono at `rate`) as a room hears it, written as Ogg Vorbis: sox
    /// plays it `speed` times as fast through a room's reverb and a small speaker's band; white
    /// noise 10 dB under it is added; its level is set, with a one-second fade-in; sox encodes it.
    static func roomRecording(
        _ samples: [Int16], rate: Int, from start: Double, speed: Double, level: Double, noiseSeed: UInt64, into base: String
    ) throws -> String {
        let first = Int(start * Double(rate)), length = Int(8.6 * Double(rate))
        try TrackSynth.wav(Array(samples[first..<min(samples.count, first + length)]), rate: rate)
            .write(to: URL(fileURLWithPath: base + "-clean.wav"))
        try runSox([
            base + "-clean.wav", base + "-room.wav", "speed", String(speed), "reverb", "40", "50", "60", "sinc", "250-4500",
            "trim", "0", "8",
        ])
        var room = try AudioDecoder.samples(base + "-room.wav")
        let rms = (room.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(room.count, 1))).squareRoot()
        let noise = rms / 10.0.squareRoot() * 3.0.squareRoot()
        var random = SplitMix(seed: noiseSeed)
        for index in room.indices {
            let fade = min(1, Double(index) / Double(AudioDecoder.sampleRate))
            let value = (Double(room[index]) + (Double.random(in: 0..<1, using: &random) * 2 - 1) * noise) * level * (0.3 + 0.7 * fade)
            room[index] = Int16(clamping: Int(value.rounded()))
        }
        try TrackSynth.wav(room, rate: AudioDecoder.sampleRate).write(to: URL(fileURLWithPath: base + "-noisy.wav"))
        try runSox([base + "-noisy.wav", "-C", "0", base + ".ogg"])
        for suffix in ["-clean.wav", "-room.wav", "-noisy.wav"] { try? FileManager.default.removeItem(atPath: base + suffix) }
        return base + ".ogg"
    }

    static func runSox(_ arguments: [String]) throws {
        try runProgram("/usr/bin/sox", arguments, quiet: true) {
            "sox \(arguments.joined(separator: " ")) failed (is sox installed? scripts/setup --test installs it)"
        }
    }
}
