import Foundation
import Testing

/// DESIGN's arrows, checked in the imports: each module imports only the modules listed for it
/// (ARCHITECTURE.md's table, with the differences it names for `hark`). Foundation (and its
/// FoundationNetworking), Dispatch and Synchronization are the toolchain's own and allowed everywhere.
@Suite("Module imports") struct ModuleImportsTests {
    static let allowed: [String: Set<String>] = [
        "MediaIntents": [],
        "Storage": ["CSQLite", "CPostgres"],
        "Understanding": ["MediaIntents", "COpenCC", "CMeCab", "CStemmer"],
        "Catalog": ["MediaIntents", "Storage", "CSQLite"],
        "Playback": ["MediaIntents"],
        "Library": ["MediaIntents", "Storage", "Catalog"],
        "Apps": ["MediaIntents", "Storage", "Catalog", "Playback", "Library", "Podcasts", "Fingerprints", "COpenSSL"],
        "MusicFiles": ["MediaIntents", "Storage", "Catalog", "Playback", "TagLibShim", "CMPDClient", "CEspeakNG", "CGD"],
        "Podcasts": ["MediaIntents", "Storage", "Catalog", "CCurl", "CLibXML2"],
        "Fingerprints": ["MediaIntents", "Storage", "Catalog", "CChromaprint", "CFFmpeg"],
        "Assistant": ["MediaIntents", "Understanding", "Apps"],
        "Server": ["Assistant", "CMicroHTTPD"],
        // The data-building commands (import, catalog generate, train, bench resolve) use Catalog
        // and Understanding directly, and the built-in app is built with its output and its state's
        // location (Storage's `StateLocation`, from --state) here.
        "hark": ["Assistant", "Server", "MusicFiles", "Apps", "Catalog", "Understanding", "Storage", "Podcasts", "Fingerprints"],
    ]
    static let toolchain: Set<String> = ["Foundation", "FoundationNetworking", "Dispatch", "Synchronization", "Glibc"]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    static func imports(of module: String) throws -> [String: Set<String>] {
        let folder = sources.appendingPathComponent(module)
        var found: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index <= 1, index + 1 < words.count else { continue }
                if index == 1, !words[0].hasPrefix("@") { continue }
                found[String(words[index + 1]), default: []].insert(file.lastPathComponent)
            }
        }
        return found
    }

    @Test(arguments: allowed.keys.sorted()) func importsFollowTheDesign(module: String) throws {
        let found = try Self.imports(of: module)
        #expect(!found.isEmpty, "no Swift files read for \(module)")
        for (imported, files) in found where !Self.toolchain.contains(imported) {
            #expect(
                Self.allowed[module]?.contains(imported) == true,
                "\(module) imports \(imported) (in \(files.sorted().joined(separator: ", "))), which DESIGN does not list")
        }
    }
}
