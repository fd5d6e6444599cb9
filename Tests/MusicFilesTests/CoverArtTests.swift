import CGD
import Foundation
import Testing

@testable import MusicFiles

/// Pictures of music from files beside it, scaled by libgd; a broken one is passed over.
@Suite("Cover art") struct CoverArtTests {
    /// A PNG of `width` × `height` drawn by libgd.
    func png(_ width: Int32, _ height: Int32) throws -> Data {
        let image = try #require(gdImageCreateTrueColor(width, height))
        defer { gdImageDestroy(image) }
        gdImageFilledRectangle(image, 0, 0, width - 1, height - 1, gdImageColorAllocate(image, 30, 140, 90))
        var length: Int32 = 0
        let bytes = try #require(gdImagePngPtr(image, &length))
        defer { gdFree(bytes) }
        return Data(bytes: bytes, count: Int(length))
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "hark-cover-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The size of a JPEG or PNG, read back with libgd.
    func size(of data: Data) -> (Int, Int)? {
        data.withUnsafeBytes { raw -> (Int, Int)? in
            let pointer = UnsafeMutableRawPointer(mutating: raw.baseAddress)
            guard let image = gdImageCreateFromJpegPtr(Int32(raw.count), pointer) else { return nil }
            defer { gdImageDestroy(image) }
            return (Int(image.pointee.sx), Int(image.pointee.sy))
        }
    }

    @Test func aCoverFileBesideTheMusicIsScaledToFitAsJPEG() throws {
        let album = try folder()
        try png(600, 400).write(to: URL(fileURLWithPath: album + "/Folder.PNG"))
        let song = album + "/01 Song.flac"
        try Data("not needed: the cover is beside it".utf8).write(to: URL(fileURLWithPath: song))
        let picture = try #require(CoverArt.picture(for: [song], size: 128))
        #expect(picture.type == "image/jpeg")
        #expect(size(of: picture.data).map { [$0.0, $0.1] } == [128, 85])
        // Never scaled up.
        let large = try #require(CoverArt.picture(for: [song], size: 1_024))
        #expect(size(of: large.data).map { [$0.0, $0.1] } == [600, 400])
    }

    @Test func aBrokenCoverIsPassedOverForTheNextPlace() throws {
        let broken = try folder(), good = try folder()
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x20, 0x6E, 0x6F]).write(to: URL(fileURLWithPath: broken + "/cover.jpg"))
        try png(50, 50).write(to: URL(fileURLWithPath: good + "/cover.png"))
        for place in [broken, good] { try Data().write(to: URL(fileURLWithPath: place + "/a.mp3")) }
        #expect(CoverArt.picture(for: [broken + "/a.mp3"], size: 64) == nil)
        let picture = try #require(CoverArt.picture(for: [broken + "/a.mp3", good + "/a.mp3"], size: 64))
        #expect(size(of: picture.data).map { [$0.0, $0.1] } == [50, 50])
        // A place that does not exist is no picture, and no crash.
        #expect(CoverArt.picture(for: ["/nowhere/at/all.flac"], size: 64) == nil)
    }
}
