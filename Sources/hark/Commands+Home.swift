import Assistant
import Foundation

extension Commands {
    /// `hark home [set FILE | show ID | delete ID]`.
    static func home(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let assistant = try Assistant(app: builtInApp(arguments, dbPath: dbPath))
        switch (arguments.positional.first, arguments.positional.count) {
        case ("set", 2):
            let path = arguments.positional[1]
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read \(path)") }
            let home: HomeDocument
            do {
                home = try JSONDecoder().decode(HomeDocument.self, from: data)
            } catch {
                throw UsageError("\(path) is not a home: \(error)")
            }
            do {
                try await assistant.saveHome(home)
            } catch let problem as HomeProblem {
                throw UsageError("\(path): \(problem.message)")
            }
            print("Stored home \(home.id): \(home.people.count) people, \(home.rooms.count) rooms, \(home.devices.count) devices.")
        case ("show", 2):
            guard let home = try assistant.home(arguments.positional[1]) else {
                throw UsageError("no home \(arguments.positional[1])")
            }
            print(json(home, pretty: true))
        case ("delete", 2):
            guard try await assistant.deleteHome(arguments.positional[1]) else {
                throw UsageError("no home \(arguments.positional[1])")
            }
            print("Deleted home \(arguments.positional[1]).")
        case (nil, _):
            for home in try assistant.homes() { print("\(home.id)\t\(home.name)") }
        default:
            throw UsageError("hark home [set FILE | show ID | delete ID]")
        }
        return 0
    }
}
