public import MediaIntents

/// A household (the HomePod model): its people, rooms and devices. Requests heard in a home are
/// served for the person recognised, on the devices of the room asked for.
public struct Home: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    public var people: [Person]
    public var rooms: [Room]
    public var devices: [Device]
    /// Who a personal request on a shared speaker is for when no voice was recognised; nil: nobody
    /// ("I can't tell who's speaking").
    public var defaultPerson: String?

    public init(
        id: String, name: String, people: [Person] = [], rooms: [Room] = [], devices: [Device] = [],
        defaultPerson: String? = nil
    ) {
        self.id = id
        self.name = name
        self.people = people
        self.rooms = rooms
        self.devices = devices
        self.defaultPerson = defaultPerson
    }

    public struct Person: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var languages: [String]?
        /// The app their media requests go to when they name none.
        public var defaultApp: String?
        /// The speech front-end's id for their voice.
        public var voiceProfile: String?

        public init(id: String, name: String, languages: [String]? = nil, defaultApp: String? = nil, voiceProfile: String? = nil) {
            self.id = id
            self.name = name
            self.languages = languages
            self.defaultApp = defaultApp
            self.voiceProfile = voiceProfile
        }
    }

    public struct Room: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        /// Its name in other languages and other words for it ("кухня", "キッチン", "厨房").
        public var aliases: [String]?
        /// Groups it belongs to ("upstairs", «наверху»).
        public var groups: [String]?

        public init(id: String, name: String, aliases: [String]? = nil, groups: [String]? = nil) {
            self.id = id
            self.name = name
            self.aliases = aliases
            self.groups = groups
        }
    }

    public struct Device: Codable, Sendable, Hashable {
        public enum Kind: String, Codable, Sendable { case speaker, phone, tv, web, computer }
        public var id: String
        public var name: String
        public var kind: Kind
        public var room: String?
        /// Its owner's person id; nil for a shared device.
        public var owner: String?
        public var playsAudio: Bool?
        public var hasScreen: Bool?
        /// The apps it has; nil: all.
        public var apps: [String]?
        /// Where its audio goes: nil (simulated) or an MPD address (`mpd://host:port`).
        public var output: String?

        public init(
            id: String, name: String, kind: Kind, room: String? = nil, owner: String? = nil, playsAudio: Bool? = nil,
            hasScreen: Bool? = nil, apps: [String]? = nil, output: String? = nil
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.room = room
            self.owner = owner
            self.playsAudio = playsAudio
            self.hasScreen = hasScreen
            self.apps = apps
            self.output = output
        }

        public var canPlay: Bool { playsAudio ?? true }
    }

    // MARK: Keys

    /// The key of a home device's player: devices of two homes never share one.
    public static func playerKey(home: String, device: String) -> String { "home:\(home)/\(device)" }

    /// The home and device a player key names, or nil for a player outside any home.
    public static func device(ofPlayerKey key: String) -> (home: String, device: String)? {
        guard key.hasPrefix("home:"), let slash = key.firstIndex(of: "/") else { return nil }
        return (String(key[key.index(key.startIndex, offsetBy: 5)..<slash]), String(key[key.index(after: slash)...]))
    }

    /// The library and settings of a person of a home (and of its household, for "household").
    public static func libraryKey(home: String, person: String) -> String { "home:\(home)/\(person)" }

    /// The home and person a library key names, or nil for a library outside any home.
    public static func person(ofLibraryKey key: String) -> (home: String, person: String)? {
        device(ofPlayerKey: key).map { (home: $0.home, person: $0.device) }
    }

    // MARK: Lookups

    public func device(_ id: String) -> Device? { devices.first { $0.id == id } }
    public func person(_ id: String) -> Person? { people.first { $0.id == id } }
    public func person(voiceProfile: String) -> Person? { people.first { $0.voiceProfile == voiceProfile } }

    /// The rooms a said place names: a room by its name or an alias, or a group ("upstairs"), matched
    /// folded (case, marks, scripts) and by Russian stems («на кухне» for the room кухня).
    public func rooms(named said: String) -> [Room] {
        let key = NameFolding.key(said)
        let stem = EntityIndex.stemmedKey(said)
        func fits(_ name: String) -> Bool {
            NameFolding.key(name) == key || (!stem.isEmpty && EntityIndex.stemmedKey(name) == stem)
        }
        if let room = rooms.first(where: { room in ([room.name] + (room.aliases ?? [])).contains(where: fits) }) {
            return [room]
        }
        return rooms.filter { ($0.groups ?? []).contains(where: fits) }
    }

    /// The devices that play audio in these rooms.
    public func players(in rooms: [Room]) -> [Device] {
        let ids = Set(rooms.map(\.id))
        return devices.filter { $0.canPlay && $0.room.map(ids.contains) == true }
    }

    /// A device named in a request ("the living room speaker", "the TV"), optionally in a room.
    public func devices(named said: String, in rooms: [Room]? = nil) -> [Device] {
        let key = NameFolding.key(said)
        let pool = rooms.map(players(in:)) ?? devices.filter(\.canPlay)
        let exact = pool.filter { NameFolding.key($0.name) == key }
        if !exact.isEmpty { return exact }
        return pool.filter { NameFolding.key($0.kind.rawValue) == key || NameFolding.key($0.name).hasSuffix(" " + key) }
    }

    /// What is wrong with the home, or nil: ids present and different, rooms, owners and default person known.
    public func problem() -> String? {
        if id.isEmpty || id.count > 100 { return "a home's id must be 1 to 100 characters" }
        for (kind, ids) in [("person", people.map(\.id)), ("room", rooms.map(\.id)), ("device", devices.map(\.id))] {
            if ids.contains(where: \.isEmpty) { return "every \(kind) needs an id" }
            if Set(ids).count != ids.count { return "two of the home's \(kind)s have one id" }
        }
        let roomIDs = Set(rooms.map(\.id)), personIDs = Set(people.map(\.id))
        for device in devices {
            if let room = device.room, !roomIDs.contains(room) { return "device \(device.id): no room \(room) in the home" }
            if let owner = device.owner, !personIDs.contains(owner) { return "device \(device.id): no person \(owner) in the home" }
            if let output = device.output, !output.hasPrefix("mpd://") { return "device \(device.id): output must be mpd://HOST:PORT" }
        }
        if let person = defaultPerson, !personIDs.contains(person) { return "defaultPerson: no person \(person) in the home" }
        let profiles = people.compactMap(\.voiceProfile)
        if Set(profiles).count != profiles.count { return "two people have one voice profile" }
        return nil
    }
}
