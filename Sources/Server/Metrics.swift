import Assistant
import Foundation

/// ISO 8601 times for log lines, formatted once a second rather than once a request.
final class Timestamps: Sendable {
    private let last = Locked<(second: Int, text: String)>((-1, ""))

    func now() -> String {
        let date = Date()
        let second = Int(date.timeIntervalSince1970)
        if let text = last.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = date.formatted(.iso8601)
        last.withLock { $0 = (second, text) }
        return text
    }
}

/// Request counts, latency histogram and errors, in Prometheus' text format.
final class Metrics: Sendable {
    static let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct State {
        var requests: [String: Int] = [:]
        var bucketCounts: [Int] = Array(repeating: 0, count: Metrics.buckets.count)
        var count = 0
        var sum = 0.0
        var errors = 0
    }

    private let state = Locked(State())

    /// Resident memory from /proc (Linux); 0 where it cannot be read.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func record(route: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { state.bucketCounts[index] += 1 }
            state.count += 1
            state.sum += seconds
            if status >= 500 { state.errors += 1 }
        }
    }

    func text() -> String {
        state.withLock { state in
            var lines = [
                "# HELP hark_requests_total HTTP requests by route and status.", "# TYPE hark_requests_total counter",
            ]
            for (labels, count) in state.requests.sorted(by: { $0.key < $1.key }) {
                lines.append("hark_requests_total{\(labels)} \(count)")
            }
            lines += [
                "# HELP hark_request_duration_seconds Time to answer a request.",
                "# TYPE hark_request_duration_seconds histogram",
            ]
            for (index, bound) in Self.buckets.enumerated() {
                lines.append("hark_request_duration_seconds_bucket{le=\"\(bound)\"} \(state.bucketCounts[index])")
            }
            lines.append("hark_request_duration_seconds_bucket{le=\"+Inf\"} \(state.count)")
            lines.append("hark_request_duration_seconds_sum \(state.sum)")
            lines.append("hark_request_duration_seconds_count \(state.count)")
            lines += [
                "# HELP hark_errors_total Requests answered with a server error.", "# TYPE hark_errors_total counter",
                "hark_errors_total \(state.errors)",
                "# HELP hark_sqlite_memory_bytes Memory SQLite holds (page caches of every connection).",
                "# TYPE hark_sqlite_memory_bytes gauge", "hark_sqlite_memory_bytes \(Assistant.storageMemoryBytes)",
                "# HELP hark_resident_memory_bytes The server's resident memory.",
                "# TYPE hark_resident_memory_bytes gauge", "hark_resident_memory_bytes \(Metrics.residentBytes())",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
