import Foundation

/// Reads the module's data files: JSON5 (comments and trailing commas allowed, so a speaker can say
/// why a line is there), every error naming the file.
enum JSON5File {
    static func load<Value: Decodable>(_ type: Value.Type, from url: URL) throws -> Value {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        do {
            return try decoder.decode(type, from: Data(contentsOf: url))
        } catch {
            throw UnderstandingError(message: "\(url.path): \(error)")
        }
    }
}
