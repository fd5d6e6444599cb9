import Catalog
import Foundation
import Podcasts
import Server
import Synchronization

/// `hark bench podcasts`: refreshing many followed feeds, served locally by libmicrohttpd. Three
/// rounds over the same feeds: the first read (every episode written), a refresh in which nothing
/// changed and the server answers 304 to the stored ETag, and one in which nothing changed but the
/// server ignores validators and sends the whole feed again (the body's digest is compared).
extension Commands {
    static func benchPodcasts(_ arguments: Arguments) async throws -> Int32 {
        let feedCount = Int(arguments.options["feeds"] ?? "1000") ?? 1000
        let episodes = Int(arguments.options["episodes"] ?? "100") ?? 100
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-bench-podcasts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feeds = (0..<feedCount).map { Data(benchFeed($0, episodes: episodes).utf8) }
        let honoursValidators = Atomic<Bool>(true)
        let requests = Atomic<Int>(0)
        let served = Atomic<Int>(0)
        let server = HTTPServer { request in
            requests.add(1, ordering: .relaxed)
            let name = request.path.split(separator: "/").last.map(String.init) ?? ""
            guard name.hasSuffix(".xml"), let index = Int(name.dropLast(4)), feeds.indices.contains(index) else {
                return HTTPResponse(status: 404, contentType: "text/plain", body: Data())
            }
            let etag = "\"feed-\(index)-v1\""
            if honoursValidators.load(ordering: .relaxed), request.headers["if-none-match"] == etag {
                return HTTPResponse(status: 304, contentType: "application/rss+xml", body: Data(), headers: ["ETag": etag])
            }
            served.add(feeds[index].count, ordering: .relaxed)
            return HTTPResponse(status: 200, contentType: "application/rss+xml", body: feeds[index], headers: ["ETag": etag])
        }
        let port = try server.start(host: "127.0.0.1", port: 0, threads: 8)
        defer { server.stop(grace: 1) }

        let store = try CatalogStore(path: folder.appendingPathComponent("podcasts.db").path)
        let refresher = try FeedRefresher(store: store)
        for index in 0..<feedCount { try refresher.feeds.add(url: "http://127.0.0.1:\(port)/feed/\(index).xml", at: 0) }

        func round(_ name: String) throws -> [String: Double] {
            requests.store(0, ordering: .relaxed)
            served.store(0, ordering: .relaxed)
            let cpuBefore = processSeconds()
            let started = Date()
            let done = try refresher.refresh()
            let seconds = Date().timeIntervalSince(started)
            let cpu = processSeconds() - cpuBefore
            var new = 0
            var unchanged = 0
            var failed = 0
            for refresh in done {
                switch refresh.result {
                case .read(let added, _): new += added.count
                case .unchanged: unchanged += 1
                case .failed(let error): failed += 1; if failed <= 3 { warn("\(refresh.url): \(error)") }
                }
            }
            let row: [String: Double] = [
                "seconds": (seconds * 1000).rounded() / 1000, "msPerFeed": (seconds * 1e6 / Double(feedCount)).rounded() / 1000,
                "cpuSeconds": (cpu * 1000).rounded() / 1000, "newEpisodes": Double(new), "unchangedFeeds": Double(unchanged),
                "failedFeeds": Double(failed), "requests": Double(requests.load(ordering: .relaxed)),
                "MiBServed": (Double(served.load(ordering: .relaxed)) / 10_485.76).rounded() / 100,
            ]
            FileHandle.standardError.write(Data("\(name): \(row)\n".utf8))
            return row
        }
        let first = try round("first read")
        let notModified = try round("nothing changed, 304")
        honoursValidators.store(false, ordering: .relaxed)
        let sameBody = try round("nothing changed, the whole feed sent again")
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let report: [String: Any] = [
            "feeds": feedCount, "episodesPerFeed": episodes,
            "feedMiB": (Double(feeds.reduce(0) { $0 + $1.count }) / 10_485.76).rounded() / 100,
            "firstRead": first, "unchanged304": notModified, "unchangedSameBody": sameBody,
            "peakRssMiB": Double(usage.ru_maxrss / 1024),
            "catalogMiB": (Double(fileBytes(folder.appendingPathComponent("podcasts.db").path)) / 10_485.76).rounded() / 100,
        ]
        let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        return 0
    }

    /// User and system CPU seconds of this process so far.
    static func processSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func fileBytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1))?[.size] as? Int ?? 0)
        }
    }

    /// A deterministic feed: show `index` with `episodes` dated, numbered episodes and their notes.
    static func benchFeed(_ index: Int, episodes: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <title>Bench Show \(index)</title><itunes:author>Host \(index % 97)</itunes:author>
            <description>A show made up for the refresh benchmark.</description>

            """
        let day = 86_400.0
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for number in stride(from: episodes, through: 1, by: -1) {
            let date = formatter.string(from: Date(timeIntervalSince1970: 1_600_000_000 + Double(number) * 7 * day))
            text += """
                <item><title>Episode \(number): topic \(number * 31 % 1000) of show \(index)</title>
                <guid isPermaLink="false">bench-\(index)-\(number)</guid><pubDate>\(date)</pubDate>
                <enclosure url="http://127.0.0.1/audio/\(index)/\(number).mp3" type="audio/mpeg" length="\(20_000_000 + number)"/>
                <itunes:duration>\(1800 + number * 13 % 1800)</itunes:duration><itunes:episode>\(number)</itunes:episode>
                <description><![CDATA[<p>Notes for episode \(number) of show \(index): guests, links and <b>chapters</b>.</p>]]></description></item>

                """
        }
        return text + "</channel></rss>\n"
    }
}
