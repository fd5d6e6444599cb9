import Foundation
import MediaIntents

/// The bundled demo catalog: Billboard's year-end charts 1950–2020, FiveThirtyEight's classic-rock
/// list, and hand-written albums, podcasts, audiobooks, stations and playlists (`Resources/`).
public enum DemoCatalog {
    /// Fills an empty catalog with the demo, once. Returns how many items were written (0 when the
    /// catalog already had items).
    @discardableResult
    public static func seedIfEmpty(_ store: CatalogStore) throws -> Int {
        guard try store.itemCount() == 0 else { return 0 }
        var rows: [(line: Int, result: Result<CatalogEntry, CatalogError>)] = []
        let handWritten = CatalogImporter.jsonEntries(try text("demo", "jsonl"), file: "demo.jsonl")
        let spelling = artistSpellings(handWritten.compactMap { try? $0.result.get().artist })
        let rock = try classicRock().map { spelledAsHandWritten($0, spelling) }
        let rockKeys = Set(rock.map { NameFolding.key($0.title) + "\t" + NameFolding.key($0.artist ?? "") })
        rows += try billboard(rockKeys: rockKeys).map { (0, .success(spelledAsHandWritten($0, spelling))) }
        rows += rock.map { (0, .success($0)) }
        // Last, so a song the charts also list keeps the hand-written album, moods and popularity.
        rows += handWritten
        let report = try CatalogImporter(store: store).write(rows, skipBadRows: false)
        if let error = report.rejected.first { throw error }
        return report.imported
    }

    /// Every name in the demo catalog (titles, artists, albums, shows, authors), once each, in the
    /// catalog's order: real names for the model's training sentences.
    public static func names() throws -> [String] {
        var entries = try billboard(rockKeys: [])
        entries += try classicRock()
        for row in CatalogImporter.jsonEntries(try text("demo", "jsonl"), file: "demo.jsonl") {
            if case .success(let entry) = row.result { entries.append(entry) }
        }
        var seen = Set<String>()
        var names: [String] = []
        for entry in entries {
            for name in [entry.title, entry.artist, entry.album, entry.show, entry.author].compactMap({ $0 })
            where seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    /// The hand-written rows' artists by their name without a leading "The": the charts write
    /// "Beatles" where demo.jsonl writes "The Beatles", which made two artists and two Help!s.
    static func artistSpellings(_ artists: [String]) -> [String: String] {
        var spellings: [String: String] = [:]
        for artist in artists { spellings[bareKey(artist)] = artist }
        return spellings
    }

    /// `entry` with its artist spelled as the hand-written rows spell the same artist.
    static func spelledAsHandWritten(_ entry: CatalogEntry, _ spellings: [String: String]) -> CatalogEntry {
        guard let artist = entry.artist, let spelled = spellings[bareKey(artist)], spelled != artist else { return entry }
        var entry = entry
        entry.artist = spelled
        return entry
    }

    private static func bareKey(_ name: String) -> String {
        let key = NameFolding.key(name)
        return key.hasPrefix("the ") ? String(key.dropFirst(4)) : key
    }

    static func text(_ name: String, _ ext: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: ext),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { throw CatalogError.missingFile("Resources/\(name).\(ext)") }
        return text
    }

    /// Chart songs; a song that charted in several years keeps its best rank.
    static func billboard(rockKeys: Set<String>) throws -> [CatalogEntry] {
        var best: [String: CatalogEntry] = [:]
        var order: [String] = []
        for record in CSVReader.records(try text("billboard_yearend_hot100_1950_2020", "csv")).dropFirst() {
            let fields = record.fields
            guard fields.count >= 4, let year = Int(fields[0]), let rank = Int(fields[1]) else { continue }
            var entry = CatalogEntry(type: .song, title: fields[3], artist: fields[2])
            entry.year = year
            // A year's number one is 0.9: the hand-written rows of demo.jsonl rate songs across all
            // years (Billie Jean 0.98), and one year's chart tops out below the best of seventy.
            entry.popularity = 0.3 + 0.6 * Double(101 - min(rank, 100)) / 100
            entry.duration = placeholderDuration(fields[3])
            let key = NameFolding.key(fields[3]) + "\t" + NameFolding.key(fields[2])
            if rockKeys.contains(key) { entry.genres = ["rock"] }
            if let existing = best[key] {
                if (existing.popularity ?? 0) < (entry.popularity ?? 0) {
                    entry.year = existing.year
                    best[key] = entry
                }
            } else {
                best[key] = entry
                order.append(key)
            }
        }
        return order.compactMap { best[$0] }
    }

    static func classicRock() throws -> [CatalogEntry] {
        CSVReader.records(try text("classic_rock", "csv")).dropFirst().compactMap { record in
            let fields = record.fields
            guard fields.count >= 7, !fields[0].isEmpty else { return nil }
            var entry = CatalogEntry(type: .song, title: fields[0], artist: fields[1])
            entry.year = Int(fields[2])
            entry.genres = ["rock", "classic rock"]
            entry.popularity = min(1, log10(1 + (Double(fields[6]) ?? 0)) / 2.5) * 0.8
            entry.duration = placeholderDuration(fields[0])
            return entry
        }
    }

    /// A stable length between 2:30 and 5:30 derived from the title (FNV-1a), for songs whose
    /// source gives none.
    static func placeholderDuration(_ title: String) -> Double {
        var hash: UInt32 = 2_166_136_261
        for byte in title.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return 150 + Double(hash % 180)
    }
}
