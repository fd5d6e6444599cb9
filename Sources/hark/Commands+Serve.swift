import Apps
import Assistant
import Foundation
import MusicFiles
import Server

extension Commands {
    /// `hark serve`: the JSON API over HTTP until SIGINT or SIGTERM.
    static func serve(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let host = arguments.options["host"] ?? "127.0.0.1"
        guard let port = UInt16(arguments.options["port"] ?? "8770") else { throw UsageError("--port takes 0…65535") }
        var tokens: [String: String] = [:]
        if let file = arguments.options["tokens"] {
            guard let data = FileManager.default.contents(atPath: file),
                let parsed = try? JSONDecoder().decode([String: String].self, from: data)
            else { throw UsageError("--tokens \(file): expected a JSON object of token → user name") }
            if let empty = parsed.first(where: { $0.key.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw UsageError("--tokens \(file): the token of user \(empty.value) is empty")
            }
            tokens = parsed
        }
        let loopback = host == "127.0.0.1" || host == "localhost" || host.hasPrefix("127.")
        if !loopback && tokens.isEmpty {
            throw UsageError(
                "refusing to listen on \(host) without --tokens: every user needs a bearer token off loopback")
        }
        let app = try builtInApp(arguments, dbPath: dbPath)
        let assistant = try Assistant(app: app)
        // With the state in PostgreSQL, apps another replica registers are understood here too.
        let stopFollowing = try assistant.followOtherReplicas()
        defer { stopFollowing?() }
        let snapshots = await followSnapshots(of: app)
        defer { snapshots?.cancel() }
        // Followed podcast feeds are asked for new episodes on a schedule, off every request's path
        // (a snapshot catalog is read-only: its source is refreshed with `hark podcasts refresh`).
        let minutes = Double(arguments.options["podcast-refresh"] ?? "60") ?? 60
        let snapshot = await app.servesSnapshot
        let refreshing =
            minutes > 0 && !snapshot
            ? Task.detached {
                await assistant.refreshPodcastsEvery(minutes * 60) { found in
                    guard found.read + found.failed.count > 0 else { return }
                    let line =
                        "podcasts: \(found.newEpisodes) new episodes from \(found.read) feeds, \(found.unchanged) unchanged"
                        + found.failed.map { "; \($0.url) \($0.reason)" }.joined()
                    FileHandle.standardError.write(Data((line + "\n").utf8))
                }
            } : nil
        defer { refreshing?.cancel() }
        // Items imported from MPD's database are pictured by the daemon that plays them.
        let mpdPictures = arguments.options["output"].flatMap(MPDAddress.init).map(MPDPictures.init)
        let api = HarkAPI(
            assistant: assistant, tokens: tokens, speak: { try Speech.wav($0, language: $1) },
            pictures: { CoverArt.picture(for: $0, size: $1, mpd: mpdPictures) }
        ) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        let server = HTTPServer(bodyLimits: HarkAPI.bodyLimits) { await api.respond($0) }
        let bound = try server.start(host: host == "localhost" ? "127.0.0.1" : host, port: port)
        let state = app.stateLocation
        let kept = state == .file(dbPath) ? "" : ", state \(state)"
        print("Hark is serving on http://\(host):\(bound)/ (database \(dbPath)\(kept)); Ctrl-C stops it.")
        fflush(nil)
        // Waiting for the signal must not hold one of the concurrency pool's threads (one per core):
        // the requests are answered there. The signal handler runs on a dispatch queue of its own,
        // stops the server there, then lets this function return.
        var sources: [any DispatchSourceSignal] = []
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            let waiting = Locked<CheckedContinuation<Void, Never>?>(stopped)
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    guard let stopped = waiting.withLock({ $0.take() }) else { return }
                    // Requests in flight finish first; every write is already committed.
                    server.stop()
                    stopped.resume()
                }
                source.resume()
                sources.append(source)
            }
        }
        sources.forEach { $0.cancel() }
        print("Hark stopped.")
        return 0
    }

    /// With the catalog a snapshot: looks every second for a new one renamed into its place, and
    /// serves it from the next request on (said on standard error, as is a file that cannot be).
    static func followSnapshots(of app: BuiltInMediaApp) async -> Task<Void, Never>? {
        guard await app.servesSnapshot else { return nil }
        return Task.detached {
            var lastProblem: String?
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                var said: String?
                do {
                    if let items = try await app.followCatalogSnapshot() {
                        said = "catalog: serving the new snapshot of \(app.databasePath) (\(items) items)"
                    }
                    lastProblem = nil
                } catch {
                    let problem = "catalog: the new snapshot is not served, the one before is: \(error)"
                    if problem != lastProblem { said = problem }
                    lastProblem = problem
                }
                if let said { FileHandle.standardError.write(Data((said + "\n").utf8)) }
            }
        }
    }
}
