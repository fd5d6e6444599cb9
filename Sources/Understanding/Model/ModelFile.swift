import Foundation

/// The file shape both learned models share: one line of JSON describing the model, then a run
/// of little-endian Float32 values (scales, biases), then one signed byte per weight.
enum ModelFile {
    /// The header and the bytes after it; an error names the file.
    static func read<Header: Decodable>(_ url: URL, as type: Header.Type) throws -> (header: Header, body: Data) {
        let data = try Data(contentsOf: url)
        guard let newline = data.firstIndex(of: 0x0A) else {
            throw UnderstandingError(message: "\(url.path): not a model file (no header line)")
        }
        do {
            let header = try JSONDecoder().decode(type, from: data[data.startIndex..<newline])
            return (header, Data(data[(newline + 1)...]))
        } catch {
            throw UnderstandingError(message: "\(url.path): model header unreadable: \(error)")
        }
    }

    /// The signed bytes of `body` after its first `offset` bytes, copied in one pass (a byte-by-byte
    /// map over 7 MB took a tenth of a second at start-up).
    static func bytes(_ body: Data, from offset: Int) -> [Int8] {
        let count = body.count - offset
        return [Int8](unsafeUninitializedCapacity: count) { buffer, initialized in
            body.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, count > 0 else { return }
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: base + offset, byteCount: count)
            }
            initialized = count
        }
    }

    /// `count` Float32 values from the start of `body`.
    static func floats(_ body: Data, count: Int) -> [Float] {
        var values = [Float](repeating: 0, count: count)
        body.prefix(count * 4).withUnsafeBytes { raw in
            for index in 0..<count {
                values[index] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
            }
        }
        return values
    }

    /// The file's bytes: the header (keys sorted, so the same model is the same file), the floats,
    /// the weights.
    static func encode<Header: Encodable>(_ header: Header, floats: [Float], weights: [Int8]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(header)
        data.append(0x0A)
        for value in floats { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: weights.map { UInt8(bitPattern: $0) })
        return data
    }
}
