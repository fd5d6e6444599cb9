import Foundation
import MediaIntents
import Testing

@testable import Catalog

/// Issue 20: files that once imported wrongly or without end now fail clearly, naming the line,
/// and leave the catalog as it was.
@Suite("Hostile import files")
struct HostileImportTests {
    @Test func anUnbalancedQuoteIsAnErrorNotTheRestOfTheFileAsOneTitle() throws {
        let store = try emptyStore()
        let rows = (1...300).map { "Song \($0),Artist" }.joined(separator: "\n")
        let file = try scratchFile("quote.csv", "title,artist\n\"Broken,Artist\n" + rows + "\n")
        let before = try store.counts()
        #expect { try CatalogImporter(store: store).importFile(file) } throws: {
            "\($0)".contains("line 2") && "\($0)".contains("quote")
        }
        #expect(try store.counts() == before)
    }

    @Test func aHugeLineOrAFileOfZerosIsRefusedInBoundedMemory() throws {
        let store = try emptyStore()
        let zeros = FileManager.default.temporaryDirectory.appendingPathComponent("hark-zeros-\(UUID().uuidString).jsonl")
        try Data(count: 3 << 20).write(to: zeros)
        #expect { try CatalogImporter(store: store).importFile(zeros.path) } throws: { "\($0)".contains("longer than") }
        let long = try scratchFile("long.jsonl", #"{"title":""# + String(repeating: "x", count: 2 << 20) + "\"}\n")
        #expect { try CatalogImporter(store: store).importFile(long) } throws: { "\($0)".contains("line 1") }
    }

    @Test func aControlCharacterInATitleIsRejectedNotCutShort() throws {
        let store = try emptyStore()
        let json = try scratchFile("nul.jsonl", #"{"type":"song","title":"Sky\u0000fall","artist":"Adele"}"# + "\n")
        let report = try CatalogImporter(store: store).importFile(json, skipBadRows: true)
        #expect(report.imported == 0 && "\(report.rejected)".contains("U+0000"))
        let csv = try scratchFile("bell.csv", "title,artist\nRing\u{07}Ring,ABBA\n")
        let fromCSV = try CatalogImporter(store: store).importFile(csv, skipBadRows: true)
        #expect(fromCSV.imported == 0 && "\(fromCSV.rejected)".contains("U+0007"))
    }

    @Test func aCSVStartingWithAByteOrderMarkHasItsTitleColumn() throws {
        let store = try emptyStore()
        let file = try scratchFile("bom.csv", "\u{FEFF}title,artist\nSkyfall,Adele\n")
        let report = try CatalogImporter(store: store).importFile(file)
        #expect(report.imported == 1 && report.rejectedCount == 0)
    }
}
