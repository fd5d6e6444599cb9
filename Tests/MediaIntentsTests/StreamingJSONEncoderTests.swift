import Foundation
import MediaIntents
import Testing

/// The streaming encoder must write the JSON Foundation's `JSONEncoder` writes (keys may come in
/// another order), and what it writes must decode back to the value.
@Suite("Streaming JSON encoder")
struct StreamingJSONEncoderTests {
    static func parsed(_ data: Data) throws -> NSObject {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
    }

    static func sameAsFoundation<T: Encodable>(_ value: T) throws -> Bool {
        let streamed = try StreamingJSONEncoder.encode(value)
        let foundation = try JSONEncoder().encode(value)
        return try parsed(streamed).isEqual(try parsed(foundation))
    }

    static func roundTrips<T: Codable & Equatable>(_ value: T) throws -> Bool {
        try JSONDecoder().decode(T.self, from: try StreamingJSONEncoder.encode(value)) == value
    }

    static var item: MediaItem {
        var item = MediaItem(
            identifier: "song:1", title: "Say \"hi\"\\ to\tthe\nworld \u{1}\u{1F}", type: .song,
            artist: "Сектор Газа", album: "米津玄師 🎧", duration: 215.25, releaseYear: 1992,
            genres: ["punk", "rock/pop"], popularity: 0.1, isExplicit: true)
        item.aliases = ["Туман"]
        item.artistAliases = []
        item.artistKind = .group
        item.location = "/music/Сектор Газа/01 Туман.flac"
        item.lyricLine = "Is this the real life? / Is this just \"fantasy\""
        item.released = "1989-05-01"
        return item
    }

    @Test func mediaItemsAndQueues() throws {
        let sparse = MediaItem(identifier: "x", title: "", type: .station)
        #expect(try Self.sameAsFoundation(Self.item))
        #expect(try Self.roundTrips(Self.item))
        #expect(try Self.sameAsFoundation(sparse))
        #expect(try Self.roundTrips([Self.item, sparse, Self.item]))
        #expect(try StreamingJSONEncoder.string([MediaItem]()) == "[]")
        // Written in one pass, in declaration order (Foundation's order is its dictionary's).
        #expect(
            try StreamingJSONEncoder.string(sparse)
                == #"{"identifier":"x","title":"","type":"station","genres":[],"popularity":0,"isExplicit":false}"#)
    }

    /// Media items are written by hand: every stored field must be there (the sample sets all of
    /// them), under the name the synthesized conformance gives it.
    @Test func mediaItemsWrittenByHandKeepEveryField() throws {
        let fields = Mirror(reflecting: Self.item).children
        #expect(fields.allSatisfy { String(describing: $0.value) != "nil" }, "the sample leaves a field unset")
        let written = try JSONSerialization.jsonObject(with: StreamingJSONEncoder.encode(Self.item)) as! [String: Any]
        #expect(Set(written.keys) == Set(fields.compactMap(\.label)))
    }

    @Test func searchesAndCommandsWithAssociatedValues() throws {
        let search = MediaSearch(
            mediaType: .album, sortOrder: .newest, mediaName: "Thriller", genreNames: ["pop"],
            releaseDate: YearRange(start: 1980, end: 1989), reference: .currentlyPlaying)
        let commands: [NowPlayingCommand] = [
            .play, .skip(seconds: -10.5), .seek(position: 9.9e288), .changeRate(1.25), .changeRepeatMode(.one),
            .changeShuffle(false),
        ]
        let destinations: [AddDestination] = [.library, .playlist("Driving 🚗")]
        #expect(try Self.sameAsFoundation(search))
        #expect(try Self.roundTrips(search))
        #expect(try Self.sameAsFoundation(commands))
        #expect(try Self.roundTrips(commands))
        #expect(try StreamingJSONEncoder.string(commands[1]) == #"{"skip":{"seconds":-10.5}}"#)
        #expect(try Self.sameAsFoundation(destinations))
        #expect(try Self.roundTrips(destinations))
    }

    @Test func numbersAtTheirLimits() throws {
        let integers: [Int64] = [0, -1, 7, .min, .max]
        let unsigned: [UInt64] = [0, 11_400_714_819_323_198_485, .max]
        let doubles: [Double] = [0, 3, -3, 0.1, 1e-7, 123_456_789_012.5, 1e15, 1e300, -2.5e-300, 0.30000000000000004]
        #expect(try StreamingJSONEncoder.string(integers) == "[0,-1,7,-9223372036854775808,9223372036854775807]")
        #expect(try StreamingJSONEncoder.string(unsigned) == "[0,11400714819323198485,18446744073709551615]")
        #expect(try Self.roundTrips(doubles))
        #expect(try Self.sameAsFoundation(doubles))
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode(["x": Double.infinity]) }
    }

    @Test func dictionariesDatesAndNestedOptionals() throws {
        let byName: [String: [Int?]] = ["a": [1, nil, 3], "b \"quoted\"": [], "": [nil]]
        let byNumber: [Int: String] = [1: "one", 2: "two"]
        let date = Date(timeIntervalSinceReferenceDate: 812_345_678.5)
        #expect(try Self.sameAsFoundation(byName))
        #expect(try Self.roundTrips(byName))
        #expect(try Self.sameAsFoundation(byNumber))
        #expect(try Self.roundTrips(byNumber))
        #expect(try Self.sameAsFoundation([date]))
        #expect(try Self.roundTrips([date]))
        #expect(
            try StreamingJSONEncoder.string([URL(string: "http://x.org/a%20b?q=1")!]) == "[\"http://x.org/a%20b?q=1\"]")
        #expect(try Self.sameAsFoundation("top level"))
    }

    /// Values that write through a super encoder, merge two containers, write nothing, or write
    /// to a container after opening a later one.
    struct Unusual: Codable, Equatable {
        var name = "n"
        var numbers = [1, 2]

        enum Keys: String, CodingKey { case name, numbers, more, late }

        func encode(to encoder: any Encoder) throws {
            var outer = encoder.container(keyedBy: Keys.self)
            var list = outer.nestedUnkeyedContainer(forKey: .numbers)
            var more = outer.nestedContainer(keyedBy: Keys.self, forKey: .more)
            try more.encode(true, forKey: .late)
            for number in numbers { try list.encode(number) }
            try outer.encode(name, forKey: .name)
        }

        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            numbers = try container.decode([Int].self, forKey: .numbers)
        }
    }

    struct Merged: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Keys.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Keys.self)
            try second.encode([2], forKey: .b)
        }
    }

    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct WithSuper: Encodable {
        enum Keys: String, CodingKey { case own }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("x", forKey: .own)
            try MediaSearch(mediaName: "inherited").encode(to: container.superEncoder())
        }
    }

    @Test func valuesStreamingCannotWriteInOnePassAreStillWritten() throws {
        #expect(try Self.roundTrips(Unusual()))
        #expect(try Self.sameAsFoundation(Unusual()))
        #expect(try Self.sameAsFoundation(WithSuper()))
        #expect(try StreamingJSONEncoder.string(Merged()) == "{\"a\":1,\"b\":[2]}")
        #expect(try StreamingJSONEncoder.string(["quiet": Silent()]) == "{\"quiet\":{}}")
    }
}
