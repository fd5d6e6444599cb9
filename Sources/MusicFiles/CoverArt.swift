import CGD
public import Foundation
import MediaIntents
import TagLibShim

/// Pictures of music from its files: the one embedded in an audio file's tags (TagLib), else a
/// cover file beside it (cover.jpg, folder.jpg, front.png …), scaled down to fit a square of the
/// size asked for and written as JPEG by libgd. Recent results are kept, as a page asks for the
/// same few pictures again and again.
public enum CoverArt {
    /// Names of cover files beside the music, without extension, the likeliest first.
    static let coverNames = ["cover", "folder", "front", "album", "albumart"]
    static let coverExtensions = ["jpg", "jpeg", "png", "webp", "gif"]
    /// The largest picture read (a file bigger than this is not a cover).
    static let largestPicture = 20 << 20

    /// The picture of the first of `locations` that has one, fitting `size` pixels square. A
    /// location that is not a file here is asked of `mpd` (a URI in MPD's music folder).
    public static func picture(for locations: [String], size: Int, mpd: MPDPictures? = nil) -> (data: Data, type: String)? {
        let key = locations.joined(separator: "\n") + "\n\(size)"
        if let kept = recent.withLock({ $0[key] }) { return kept.picture }
        var found: (data: Data, type: String)?
        for location in locations {
            let original =
                FileManager.default.fileExists(atPath: location)
                ? embedded(in: location) ?? beside(location) : mpd?.picture(uri: location)
            // A picture libgd cannot read is taken for a broken one (a file named cover.jpg that
            // is not a picture), and the next place is tried.
            guard let original, let picture = scaled(original, toFit: size) else { continue }
            found = picture
            break
        }
        recent.withLock { kept in
            if kept.count >= keptPictures { kept.removeAll() }
            kept[key] = Kept(picture: found)
        }
        return found
    }

    /// The picture in an audio file's tags.
    static func embedded(in path: String) -> Data? {
        final class Found { var data: Data? }
        let found = Found()
        let context = Unmanaged.passUnretained(found).toOpaque()
        _ = hark_taglib_picture(path, context) { context, bytes, length, _ in
            guard let context, let bytes, length > 0, length <= UInt(CoverArt.largestPicture) else { return }
            Unmanaged<Found>.fromOpaque(context).takeUnretainedValue().data = Data(bytes: bytes, count: Int(length))
        }
        return found.data
    }

    /// A cover file in the folder of `path` (names compared without regard to case).
    static func beside(_ path: String) -> Data? {
        let folder = (path as NSString).deletingLastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
            return nil
        }
        let byName = Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for name in coverNames {
            for ext in coverExtensions {
                guard let file = byName["\(name).\(ext)"] else { continue }
                let full = (folder as NSString).appendingPathComponent(file)
                let bytes = (try? FileManager.default.attributesOfItem(atPath: full))?[.size] as? Int ?? 0
                if bytes > 0, bytes <= largestPicture, let data = FileManager.default.contents(atPath: full) {
                    return data
                }
            }
        }
        return nil
    }

    /// The picture scaled down (never up) to fit `size` square, as JPEG; nil when libgd cannot read it.
    static func scaled(_ data: Data, toFit size: Int) -> (data: Data, type: String)? {
        _ = quiet
        let image: gdImagePtr? = data.withUnsafeBytes { raw in
            let bytes = UnsafeMutableRawPointer(mutating: raw.baseAddress)
            let count = Int32(raw.count)
            switch mediaType(of: data) {
            case "image/jpeg": return gdImageCreateFromJpegPtr(count, bytes)
            case "image/png": return gdImageCreateFromPngPtr(count, bytes)
            case "image/gif": return gdImageCreateFromGifPtr(count, bytes)
            case "image/webp": return gdImageCreateFromWebpPtr(count, bytes)
            default: return nil
            }
        }
        guard let image else { return nil }
        defer { gdImageDestroy(image) }
        let (width, height) = (Int(image.pointee.sx), Int(image.pointee.sy))
        guard width > 0, height > 0 else { return nil }
        let scale = min(1, Double(size) / Double(max(width, height)))
        let target = (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
        var output = image
        if scale < 1 {
            gdImageSetInterpolationMethod(image, GD_BILINEAR_FIXED)
            guard let smaller = gdImageScale(image, UInt32(target.0), UInt32(target.1)) else { return nil }
            output = smaller
        }
        defer { if output != image { gdImageDestroy(output) } }
        var length: Int32 = 0
        guard let written = gdImageJpegPtr(output, &length, 85), length > 0 else { return nil }
        defer { gdFree(written) }
        return (Data(bytes: written, count: Int(length)), "image/jpeg")
    }

    /// libgd says what it cannot read on standard error; a broken cover is expected, and is
    /// answered by the next place or a drawn picture, so it is not said.
    static let quiet: Void = gdSetErrorMethod { _, _, _ in }

    /// The media type a picture's first bytes say.
    static func mediaType(of data: Data) -> String {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            return "image/webp"
        }
        return "application/octet-stream"
    }

    /// A picture looked for, found or not.
    struct Kept: Sendable {
        var picture: (data: Data, type: String)?
    }

    /// How many results are kept (pictures of a few hundred kilobytes at most, once scaled).
    static let keptPictures = 256
    static let recent = Locked<[String: Kept]>([:])
}
