public import Foundation

/// Replies spoken by espeak-ng (Debian's `espeak-ng` program), in the request's language.
public enum Speech {
    /// The espeak-ng voice for a reply language.
    public static func voice(for language: String) -> String {
        switch language {
        case "zh-Hans", "zh-Hant", "zh": return "cmn"
        case "en", "de", "fr", "es", "ru", "ja": return language
        default: return String(language.prefix(2))
        }
    }

    /// The reply as WAV audio (RIFF, 22,050 Hz mono).
    public static func wav(_ text: String, language: String) throws -> Data {
        let data = try run(["-v", voice(for: language), "--stdout", text])
        guard data.count > 44, data.starts(with: Array("RIFF".utf8)) else {
            throw MusicFilesError("espeak-ng gave no audio for \"\(text)\"")
        }
        return fixedSizes(data)
    }

    /// espeak-ng writing to a pipe cannot go back to fill in the sizes; they are set here from the
    /// bytes written, so players know the length.
    static func fixedSizes(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        func put(_ value: Int, at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * index)) & 0xFF) }
        }
        put(bytes.count - 8, at: 4)
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            if id == "data" {
                put(bytes.count - offset - 8, at: offset + 4)
                break
            }
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            offset += 8 + size + (size & 1)
        }
        return Data(bytes)
    }

    /// Says the reply on the default audio device.
    public static func speak(_ text: String, language: String) throws {
        _ = try run(["-v", voice(for: language), text])
    }

    private static func run(_ arguments: [String]) throws -> Data {
        guard
            let program = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw MusicFilesError("spoken replies need espeak-ng (apt install espeak-ng)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MusicFilesError("espeak-ng failed (\(process.terminationStatus)): \(message)")
        }
        return data
    }
}
