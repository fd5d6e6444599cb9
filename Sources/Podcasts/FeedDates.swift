import CCurl
import Foundation

/// Dates and durations as feeds write them: RSS's RFC 822 dates ("Tue, 03 Jun 2025 09:00:00
/// GMT", with or without the weekday or seconds, a zone by name or offset), Atom's ISO 8601, and
/// iTunes durations ("1:02:03", "62:03", "3723"). RFC 822 dates are read by libcurl's
/// `curl_getdate` (the parser it reads HTTP dates with: a hundred times faster than a
/// DateFormatter, which took most of a feed's reading); what it cannot read goes to Foundation's
/// formatters.
enum FeedDates {
    private static let lock = NSLock()
    private static let rfc822: [DateFormatter] = [
        "EEE, d MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss zzz", "d MMM yyyy HH:mm:ss Z",
        "d MMM yyyy HH:mm:ss zzz",
        "EEE, d MMM yyyy HH:mm Z", "EEE, d MMM yyyy HH:mm zzz", "EEE, d MMM yyyy",
    ].map { format in
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
    nonisolated(unsafe) private static let iso: [ISO8601DateFormatter] =
        ([
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime], [.withFullDate],
        ] as [ISO8601DateFormatter.Options]).map { options in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            return formatter
        }

    static func date(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // ISO 8601 ("2025-06-03T09:00:00Z") is Atom's; anything else is first RFC 822's.
        if !(text.first?.isNumber == true && text.contains("-")) {
            let seconds = curl_getdate(text, nil)
            if seconds != -1 { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        }
        lock.lock()
        defer { lock.unlock() }
        for formatter in iso { if let date = formatter.date(from: text) { return date } }
        for formatter in rfc822 { if let date = formatter.date(from: text) { return date } }
        return nil
    }

    /// Seconds, from "H:MM:SS", "MM:SS" or plain seconds; nil for anything else.
    static func duration(_ text: String) -> TimeInterval? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var seconds = 0.0
        for part in parts {
            guard let value = Double(part), value >= 0 else { return nil }
            seconds = seconds * 60 + value
        }
        return seconds
    }
}
