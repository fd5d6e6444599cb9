import Foundation
import MediaIntents

/// Buffers lines and writes them in large blocks.
struct JSONLinesWriter {
    let handle: FileHandle
    private var buffer: [UInt8] = []

    init(handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ entry: CatalogEntry) throws {
        buffer.append(contentsOf: try StreamingJSONEncoder.encode(entry))
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
