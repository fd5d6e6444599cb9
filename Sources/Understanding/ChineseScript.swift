import COpenCC
import MediaIntents
import Synchronization

/// Simplified → traditional Chinese through OpenCC's character and phrase tables (`s2t`): names
/// the catalog holds in simplified characters are said in traditional ones in a zh-Hant reply
/// (周杰伦 → 周杰倫). Text without Han characters passes through untouched.
public final class ChineseScript: Sendable {
    /// One converter for the process; OpenCC's is not documented as safe across threads, so calls
    /// take turns.
    public static let shared = ChineseScript()

    /// The converter's address (0: OpenCC's tables could not be opened).
    private let converter: Mutex<UInt>

    private init() {
        let opened = opencc_open("s2t.json")
        // OpenCC returns (opencc_t)-1 when the configuration cannot be read.
        let address = opened.map { UInt(bitPattern: $0) } ?? 0
        converter = Mutex(address == UInt.max ? 0 : address)
    }

    /// Whether OpenCC's tables could be opened (Debian's libopencc-data installs them).
    public var isAvailable: Bool { converter.withLock { $0 != 0 } }

    /// `text` in traditional characters (unchanged when it has no Han characters, or OpenCC is missing).
    public func traditional(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { Script.isHan($0) }) else { return text }
        return converter.withLock { address -> String in
            guard let handle = UnsafeMutableRawPointer(bitPattern: address) else { return text }
            let length = text.utf8.count
            let converted = text.withCString { opencc_convert_utf8(handle, $0, length) }
            guard let converted else { return text }
            defer { opencc_convert_utf8_free(converted) }
            return String(cString: converted)
        }
    }
}
