import Foundation

/// Reads a file line by line in large blocks, so a file of any size is imported in bounded memory.
/// Counts the bytes read, for a progress bar.
struct LineReader {
    private let handle: FileHandle
    let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private(set) var bytesRead: UInt64 = 0
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0
    /// Whether the line last returned was valid UTF-8 (invalid bytes are replaced).
    private(set) var lastLineValid = true
    static let blockSize = 1 << 20
    /// The longest line read: a longer one (a file of zeros, a 50 MB line) is an error naming it,
    /// not memory without end.
    static let maximumLine = 1 << 20

    init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CatalogError.unreadable(path, reason: "cannot open (permission?)")
        }
        self.handle = handle
        self.path = path
    }

    /// The next line without its line ending, or nil at the end of the file.
    mutating func next() throws -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = decode(buffer[start..<end])
                start = newline + 1
                lineNumber += 1
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = decode(buffer[start...])
                start = buffer.count
                lineNumber += 1
                return line
            }
            buffer.removeFirst(start)
            start = 0
            if buffer.count > Self.maximumLine {
                throw CatalogError.malformedLine(
                    lineNumber + 1, reason: "the line is longer than \(Self.maximumLine >> 20) MiB (is this a text file?)",
                    file: path)
            }
            let block = try handle.read(upToCount: Self.blockSize) ?? Data()
            if block.isEmpty {
                finished = true
            } else {
                bytesRead += UInt64(block.count)
                buffer.append(contentsOf: block)
            }
        }
    }

    private mutating func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let (text, valid) = bytes.withUnsafeBufferPointer { buffer in
            if let text = String(validating: buffer, as: UTF8.self) { return (text, true) }
            return (String(decoding: buffer, as: UTF8.self), false)
        }
        lastLineValid = valid
        // A byte-order mark at the start of the file is not part of the first field.
        if lineNumber == 0, text.hasPrefix("\u{FEFF}") { return String(text.dropFirst()) }
        return text
    }

    func close() { try? handle.close() }
}
