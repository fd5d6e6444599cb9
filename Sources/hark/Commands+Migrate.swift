import Apps
import Foundation

extension Commands {
    /// `hark migrate`: opens the catalog and the state, which applies their migrations, and prints
    /// the version of each part.
    static func migrate(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let app = try builtInApp(arguments, dbPath: dbPath)
        _ = try AppCommands(state: app.stateLocation)
        for (place, parts) in try await app.schemaVersions() {
            print(place)
            for (part, version) in parts { print("  \(part): \(version)") }
        }
        return 0
    }
}
