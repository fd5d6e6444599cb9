import COpenCC
import MediaIntents

/// Simplified ↔ traditional Chinese through OpenCC's character and phrase tables: names the
/// catalog holds in simplified characters are said in traditional ones in a zh-Hant reply
/// (`s2t`: 周杰伦 → 周杰倫), and requests in traditional characters are folded to simplified for
/// matching and told apart from simplified ones (`t2s`). Text without Han characters passes
/// through untouched.
public final class ChineseScript: Sendable {
    /// One converter for the process; OpenCC's is not documented as safe across threads, so calls
    /// take turns.
    public static let shared = ChineseScript()

    /// The converters' addresses (0: OpenCC's tables could not be opened).
    private let converter: Locked<UInt>
    private let toSimplified: Locked<UInt>
    /// Single characters already folded to simplified (requests fold character by character).
    private let simplifiedCharacters = Locked<[String: String]>([:])

    private init() {
        // OpenCC returns (opencc_t)-1 when the configuration cannot be read.
        func open(_ configuration: String) -> UInt {
            let address = opencc_open(configuration).map { UInt(bitPattern: $0) } ?? 0
            return address == UInt.max ? 0 : address
        }
        converter = Locked(open("s2t.json"))
        toSimplified = Locked(open("t2s.json"))
    }

    /// `text` in simplified characters by OpenCC's `t2s` tables (unchanged without Han characters,
    /// or when OpenCC is missing).
    public func simplified(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { Script.isHan($0) }) else { return text }
        if text.count == 1, let known = simplifiedCharacters.withLock({ $0[text] }) { return known }
        let converted = Self.convert(text, with: toSimplified)
        if text.count == 1 {
            simplifiedCharacters.withLock { cache in
                if cache.count < 20_000 { cache[text] = converted }
            }
        }
        return converted
    }

    /// Whether `text` has characters that are written differently in simplified Chinese.
    public func isTraditional(_ text: String) -> Bool { simplified(text) != text }

    private static func convert(_ text: String, with converter: borrowing Locked<UInt>) -> String {
        converter.withLock { address -> String in
            guard let handle = UnsafeMutableRawPointer(bitPattern: address) else { return text }
            let length = text.utf8.count
            let converted = text.withCString { opencc_convert_utf8(handle, $0, length) }
            guard let converted else { return text }
            defer { opencc_convert_utf8_free(converted) }
            return String(cString: converted)
        }
    }

    /// Whether OpenCC's tables could be opened (Debian's libopencc-data installs them).
    public var isAvailable: Bool { converter.withLock { $0 != 0 } }

    /// `text` in traditional characters (unchanged when it has no Han characters, or OpenCC is missing).
    public func traditional(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { Script.isHan($0) }) else { return text }
        return Self.convert(text, with: converter)
    }
}
