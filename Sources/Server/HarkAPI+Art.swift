import Assistant
public import Foundation

/// Reads an item's picture from the files its music is in (embedded in tags, or a cover file
/// beside them), scaled to fit `size` pixels square: the bytes and their media type; nil when
/// none is found. Given by whoever starts the server (the command line: TagLib and libgd).
public typealias PictureReader = @Sendable (_ locations: [String], _ size: Int) -> (data: Data, type: String)?

/// `GET /v1/items/{id}/art?size=`: an item's picture, or a drawn one (its initials on a colour of its
/// name) when it has none, with an ETag and a day's caching.
extension HarkAPI {
    /// The sizes pictures are made in; a size asked for is rounded up to one of these.
    static let pictureSizes = [64, 128, 256, 512]

    func art(_ routed: RouteRequest) async -> HTTPResponse {
        let request = routed.http
        let id = routed.captures[0]
        guard let asked = Int(request.query["size"] ?? "256"), asked > 0 else {
            return Self.error(400, "size is a whole number of pixels (64, 128, 256 or 512)")
        }
        let size = Self.pictureSizes.first { $0 >= asked } ?? Self.pictureSizes.last!
        let sources: (item: MediaItem, locations: [String])
        do {
            guard let found = try assistant.pictureSources(of: id, user: routed.user(named: request.query["user"])) else {
                return Self.error(404, "no item \(id)")
            }
            sources = found
        } catch {
            return Self.failure(error)
        }
        var picture: (data: Data, type: String)?
        if let pictures, !sources.locations.isEmpty {
            let locations = sources.locations
            picture = try? await Self.offThePool { pictures(locations, size) }
        }
        let (data, type) = picture ?? (Data(Self.drawnPicture(for: sources.item, size: size).utf8), "image/svg+xml")
        let tag = "\"\(Self.digest(data))-\(size)\""
        let headers = ["ETag": tag, "Cache-Control": "private, max-age=86400"]
        if request.headers["if-none-match"] == tag {
            return HTTPResponse(status: 304, contentType: type, body: Data(), headers: headers)
        }
        return HTTPResponse(status: 200, contentType: type, body: data, headers: headers)
    }

    /// A picture for an item without one: up to two initials of its name, on a colour chosen by
    /// the name, so that each item keeps its own.
    static func drawnPicture(for item: MediaItem, size: Int) -> String {
        let words = item.title.split { !$0.isLetter && !$0.isNumber }
        let initials = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
        let hue = digest(Data(item.title.utf8)) % 360
        let escaped = initials.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 100 100" role="img">\
            <rect width="100" height="100" fill="hsl(\(hue) 45% 42%)"/>\
            <text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="38" \
            fill="#fff">\(escaped.isEmpty ? "♪" : escaped)</text></svg>
            """
    }

    /// FNV-1a over the bytes: a short, stable tag.
    static func digest(_ data: Data) -> UInt64 { StableHash.fnv1a(data) }
}
