// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Hark",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "hark", targets: ["hark"]),
        .executable(name: "hark-fuzz", targets: ["hark-fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CTagLib", path: "Sources/CTagLib", pkgConfig: "taglib", providers: [.apt(["libtag1-dev"])]),
        // TagLib's C++ property map behind one C function (TagLib's C binding has no property map).
        .target(name: "TagLibShim", dependencies: ["CTagLib"], path: "Sources/TagLibShim"),
        .systemLibrary(name: "CGD", path: "Sources/CGD", pkgConfig: "gdlib", providers: [.apt(["libgd-dev"])]),
        .systemLibrary(
            name: "CEspeakNG", path: "Sources/CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(
            name: "COpenCC", path: "Sources/COpenCC", pkgConfig: "opencc", providers: [.apt(["libopencc-dev"])]),
        // Japanese words and their readings (MeCab), and word stems for ru/de/fr/es (Snowball).
        .systemLibrary(name: "CMeCab", path: "Sources/CMeCab", providers: [.apt(["libmecab-dev", "mecab-ipadic-utf8"])]),
        .systemLibrary(name: "CStemmer", path: "Sources/CStemmer", providers: [.apt(["libstemmer-dev"])]),
        .systemLibrary(
            name: "CMPDClient", path: "Sources/CMPDClient", pkgConfig: "libmpdclient",
            providers: [.apt(["libmpdclient-dev"])]),
        // Podcast feeds: fetched with libcurl, read with libxml2 (curl_easy_setopt is variadic: a shim).
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CChromaprint", path: "Sources/CChromaprint", pkgConfig: "libchromaprint",
            providers: [.apt(["libchromaprint-dev"])]),
        .systemLibrary(
            name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"])]),
        .target(name: "MediaIntents", swiftSettings: strict),
        // SQLite connections, checked statements, typed errors and numbered schema migrations.
        .systemLibrary(
            name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "Storage", dependencies: ["CSQLite", "CPostgres"], swiftSettings: strict),
        .target(
            name: "Understanding", dependencies: ["MediaIntents", "COpenCC", "CMeCab", "CStemmer"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .target(
            name: "Catalog", dependencies: ["MediaIntents", "Storage", "CSQLite"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .target(name: "Playback", dependencies: ["MediaIntents"], swiftSettings: strict),
        .target(name: "Library", dependencies: ["MediaIntents", "Storage", "Catalog"], swiftSettings: strict),
        // Real music: audio files by their tags, and Music Player Daemon as the player.
        .target(
            name: "MusicFiles",
            dependencies: [
                "MediaIntents", "Storage", "Catalog", "Playback", "TagLibShim", "CMPDClient", "CEspeakNG", "CGD",
            ],
            swiftSettings: strict),
        // Hark's own media app (catalog, players, libraries) behind the app protocol, and the app registry.
        .target(
            name: "Apps",
            dependencies: ["MediaIntents", "Storage", "Catalog", "Playback", "Library", "Podcasts", "Fingerprints", "COpenSSL"],
            resources: [.copy("Resources")], swiftSettings: strict),
        // Podcast subscriptions: feeds fetched, read and kept; episodes and where each person left off.
        .target(name: "Podcasts", dependencies: ["MediaIntents", "Storage", "Catalog", "CCurl", "CLibXML2"], swiftSettings: strict),
        .target(
            name: "Fingerprints", dependencies: ["MediaIntents", "Storage", "Catalog", "CChromaprint", "CFFmpeg"],
            swiftSettings: strict),
        .target(
            name: "Assistant", dependencies: ["MediaIntents", "Understanding", "Apps"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .target(
            name: "Server",
            dependencies: ["Assistant", "CMicroHTTPD"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .executableTarget(
            name: "hark", dependencies: ["Apps", "Assistant", "Server", "MusicFiles", "Podcasts", "Fingerprints"],
            swiftSettings: strict),
        // Fuzz targets: built for libFuzzer by scripts/fuzz; a plain build replays inputs (the corpus).
        .systemLibrary(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .executableTarget(
            name: "hark-fuzz",
            dependencies: ["MediaIntents", "Catalog", "Storage", "Assistant", "Server", "CFuzzerDriver"],
            swiftSettings: strict),
        .testTarget(name: "MediaIntentsTests", dependencies: ["MediaIntents"]),
        // The engines state is tested on (SQLite, and PostgreSQL when the run has a server).
        .target(name: "StateTestSupport", dependencies: ["Storage"], path: "Tests/StateTestSupport"),
        .target(name: "Waiting", path: "Tests/Waiting"),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StateTestSupport"]),
        .testTarget(name: "UnderstandingTests", dependencies: ["Understanding"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "Storage"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Waiting"]),
        .testTarget(name: "PodcastsTests", dependencies: ["Podcasts", "Waiting"]),
        .testTarget(name: "FingerprintsTests", dependencies: ["Fingerprints", "Catalog", "Storage", "MediaIntents"]),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "Catalog", "Storage"]),
        .testTarget(
            name: "AssistantTests",
            dependencies: ["Assistant", "Apps", "Playback", "Catalog", "Storage", "StateTestSupport", "Waiting"]),
        .testTarget(name: "MusicFilesTests", dependencies: ["MusicFiles", "Catalog", "Playback", "Storage", "CGD"]),
        .testTarget(
            name: "ServerTests",
            dependencies: ["Server", "Assistant", "Apps", "Catalog", "MusicFiles", "Storage", "Fingerprints", "Waiting"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
