public import Catalog
import Foundation

/// A track's fingerprint as stored: its sound decoded (`AudioDecoder`), prepared as an excerpt
/// will be (`SoundPrep`), read by Chromaprint.
public enum TrackFingerprint {
    /// Sound past this is not fingerprinted (a DJ mix or an audiobook's file is matched by its
    /// first half hour).
    public static let maxSeconds = 1_800.0

    /// The fingerprint of the file at `path`, with the seconds of sound it covers.
    public static func of(file path: String) throws -> (fingerprint: Fingerprint, seconds: Double) {
        var samples = try AudioDecoder.samples(path, maxSeconds: maxSeconds / SoundPrep.quarterTone, speed: SoundPrep.quarterTone)
        SoundPrep.highPass(&samples)
        let seconds = Double(samples.count) / Double(AudioDecoder.sampleRate) * SoundPrep.quarterTone
        return (Fingerprinter().fingerprint(samples), seconds)
    }

    /// The fingerprint of mono samples at `AudioDecoder.sampleRate` (a sound made in memory).
    public static func of(samples: [Int16]) throws -> Fingerprint {
        var prepared = try AudioDecoder.resampled(samples, speed: SoundPrep.quarterTone)
        SoundPrep.highPass(&prepared)
        return Fingerprinter().fingerprint(prepared)
    }
}

/// What a pass over the catalog's files did.
public struct FingerprintPass: Sendable, Codable, Equatable {
    /// Tracks whose file was fingerprinted now, was already (unchanged since), or could not be.
    public var made = 0
    public var unchanged = 0
    public var failed: [String] = []
    /// Tracks whose file is not on this machine (a stream, an MPD path not reachable).
    public var unreachable = 0
    /// Tracks with a fingerprint after the pass.
    public var fingerprinted = 0
    public var tracks = 0
}

/// Fingerprints every song of the catalog whose file is here and new or changed since it was
/// last fingerprinted. Files are decoded and fingerprinted on worker threads, one per core; each
/// is written (with its index terms) in its own transaction on the caller's thread, so a pass cut
/// short keeps what it finished.
public struct FingerprintIndexer {
    let fingerprints: FingerprintStore
    /// Where a catalog path that is not absolute is found (an MPD library's music directory).
    let root: String?

    public init(_ fingerprints: FingerprintStore, root: String? = nil) {
        self.fingerprints = fingerprints
        self.root = root
    }

    /// Runs the pass; `progress` is told after each file (done, of how many to do).
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> FingerprintPass {
        var pass = FingerprintPass()
        // Each file by the path the catalog gives it (what a match is found by) and where it is here.
        var todo: [(path: String, file: String, size: Int64, modified: Double)] = []
        var lastRow: Int64 = 0
        let page = try fingerprints.store.db.prepare(
            "SELECT id, path FROM items WHERE id > ? AND type = 'song' AND path IS NOT NULL AND path != '' ORDER BY id LIMIT 1000")
        while true {
            let rows = try page.rows([.integer(lastRow)])
            guard let last = rows.last?.int(0) else { break }
            lastRow = Int64(last)
            for row in rows {
                pass.tracks += 1
                guard let path = row.string(1), let local = file(path), let (size, modified) = Self.stat(local) else {
                    pass.unreachable += 1
                    continue
                }
                if try fingerprints.isCurrent(path: path, size: size, modified: modified) {
                    pass.unchanged += 1
                } else {
                    todo.append((path, local, size, modified))
                }
            }
        }
        let files = todo
        let made = WorkQueue(count: todo.count) { index in Result { try TrackFingerprint.of(file: files[index].file) } }
        // A pass that stops on a write error leaves no worker waiting.
        defer { made.cancel() }
        for index in todo.indices {
            switch made.result(index) {
            case .success(let (fingerprint, seconds)) where !fingerprint.items.isEmpty:
                let file = todo[index]
                try fingerprints.save(
                    path: file.path, size: file.size, modified: file.modified, seconds: seconds, fingerprint: fingerprint)
                pass.made += 1
            case .success: pass.failed.append("\(todo[index].file): no sound")
            case .failure(let error): pass.failed.append(String(describing: error))
            }
            progress(index + 1, todo.count)
        }
        pass.fingerprinted = try fingerprints.count()
        return pass
    }

    /// A catalog path as a local file path, or nil for a stream's address.
    func file(_ path: String) -> String? {
        if path.contains("://") { return nil }
        if path.hasPrefix("/") { return path }
        guard let root else { return nil }
        return (root as NSString).appendingPathComponent(path)
    }

    /// A file's size and modification time, or nil when it is not there.
    static func stat(_ path: String) -> (Int64, Double)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
        else { return nil }
        return (size.int64Value, date.timeIntervalSince1970)
    }
}

/// Runs `work` for every index on one thread per core, ahead of whoever reads the results in
/// order, holding at most a few results not yet read.
public final class WorkQueue<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Int: T] = [:]
    private var next = 0
    private var taken = 0
    private let count: Int
    private let work: @Sendable (Int) -> T
    private let ahead: Int
    private var cancelled = false

    public init(count: Int, work: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.work = work
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        ahead = workers * 2
        for _ in 0..<workers { Thread.detachNewThread { self.runWorker() } }
    }

    private func runWorker() {
        while true {
            condition.lock()
            while next < count, next >= taken + ahead, !cancelled { condition.wait() }
            guard next < count, !cancelled else {
                condition.unlock()
                return
            }
            let index = next
            next += 1
            condition.unlock()
            let value = work(index)
            condition.lock()
            if !cancelled { results[index] = value }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Stops the workers after the work they are doing; results not read are dropped.
    public func cancel() {
        condition.lock()
        cancelled = true
        results.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The result for `index`, waiting for it; results are read in order, each once.
    public func result(_ index: Int) -> T {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        taken = index + 1
        condition.broadcast()
        return results.removeValue(forKey: index)!
    }
}
