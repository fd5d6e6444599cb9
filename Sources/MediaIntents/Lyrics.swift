/// A song's words, line by line, with the time each line is sung when the source says (an LRC
/// file, an ID3v2 SYLT frame).
///
///     Lyrics(parsing: "[00:12.50]Is this the real life?\n[00:16.00]Is this just fantasy?")
public struct Lyrics: Codable, Sendable, Hashable {
    public struct Line: Codable, Sendable, Hashable {
        /// Seconds from the start of the track; nil for plain (untimed) lyrics.
        public var time: Double?
        public var text: String
        public init(time: Double? = nil, text: String) {
            self.time = time
            self.text = text
        }
    }

    public var lines: [Line]

    /// Whether every line has a time (the page follows the music line by line).
    public var isTimed: Bool { !lines.isEmpty && lines.allSatisfy { $0.time != nil } }

    /// The words as plain text, a line each.
    public var plainText: String { lines.map(\.text).joined(separator: "\n") }

    public init(lines: [Line]) { self.lines = lines }

    /// The most lyrics kept for one track: real songs run to a few kilobytes; a tag or file past
    /// this is not lyrics (a hostile or broken 50 MB tag) and is left out whole, not cut.
    public static let maximumBytes = 64 * 1024
    public static let maximumLines = 2_000

    /// Why `text` is not kept as lyrics (too long), or nil when it may be.
    public static func problem(_ text: String) -> String? {
        if text.utf8.count > maximumBytes {
            return "lyrics of \(text.utf8.count) bytes are more than the \(maximumBytes) kept"
        }
        return nil
    }

    /// Lyrics from text that is either LRC (lines starting with `[mm:ss.xx]` stamps, several stamps
    /// on a line for a repeated chorus, `[offset:±ms]`, ID tags like `[ar:…]` skipped) or plain
    /// lines. Blank lines are dropped; nil when no line has words, or the text is over the limits.
    ///
    /// LRC is a few lines of bracketed stamps with no library in Debian for it, so it is read here.
    public init?(parsing text: String) {
        guard Self.problem(text) == nil else { return nil }
        var timed: [Line] = []
        var plain: [Line] = []
        var offset = 0.0
        var stampedLines = 0
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            var rest = Substring(raw)
            var stamps: [Double] = []
            var isTag = false
            while rest.first == "[", let close = rest.firstIndex(of: "]") {
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let seconds = Self.stamp(inside) {
                    stamps.append(seconds)
                } else if let colon = inside.firstIndex(of: ":"), inside[..<colon].allSatisfy(\.isLetter) {
                    // An ID tag: [ar:Queen], [ti:…], [offset:+250] (milliseconds; positive is earlier).
                    if inside[..<colon].lowercased() == "offset",
                        let shift = Double(inside[inside.index(after: colon)...].trimmingCharacters(in: .whitespaces)),
                        shift.isFinite, abs(shift) < 86_400_000
                    {
                        offset = shift / 1000
                    }
                    isTag = true
                } else {
                    break
                }
                rest = rest[rest.index(after: close)...]
            }
            let words = NameFolding.trimmed(String(rest))
            if !stamps.isEmpty { stampedLines += 1 }
            guard !words.isEmpty, !(isTag && stamps.isEmpty) else { continue }
            if stamps.isEmpty {
                plain.append(Line(text: words))
            } else {
                timed.append(contentsOf: stamps.map { Line(time: $0, text: words) })
            }
        }
        var lines: [Line]
        if stampedLines > 0 {
            lines = timed.map { Line(time: max(0, ($0.time ?? 0) - offset), text: $0.text) }
            // Stable: lines stamped at the same moment keep the file's order.
            lines = lines.enumerated().sorted { ($0.element.time ?? 0, $0.offset) < ($1.element.time ?? 0, $1.offset) }
                .map(\.element)
        } else {
            lines = plain
        }
        guard !lines.isEmpty, lines.count <= Self.maximumLines else { return nil }
        self.lines = lines
    }

    /// `mm:ss`, `mm:ss.xx` or `mm:ss:xx` in seconds; nil for anything else.
    static func stamp(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let minutes = Int(parts[0]), minutes >= 0 else { return nil }
        let secondsText = parts.count == 3 ? "\(parts[1]).\(parts[2])" : String(parts[1])
        guard let seconds = Double(secondsText), seconds >= 0, seconds < 60,
            secondsText.allSatisfy({ $0.isNumber || $0 == "." })
        else { return nil }
        return Double(minutes) * 60 + seconds
    }

    /// The line sung at `seconds` into the track (the last one started), for timed lyrics.
    public func line(at seconds: Double) -> Line? {
        guard isTimed else { return nil }
        return lines.last { ($0.time ?? 0) <= seconds }
    }
}
