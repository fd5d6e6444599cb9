import Foundation
public import MediaIntents

/// Homes (people, rooms, devices) and who owns what, in the state every replica shares; a
/// device's output is made again when its home changes.
extension BuiltInMediaApp {
    /// A home, read on a reader connection (once per request heard in it).
    public nonisolated func home(_ id: String) throws -> Home? {
        try readers.with { try HomeStore(db: $0.state).home(id) }
    }

    /// The library keys of the other people of a person's home; none outside a home.
    nonisolated func neighbours(of user: String) throws -> [String] {
        guard let (homeID, person) = Home.person(ofLibraryKey: user), let home = try home(homeID) else { return [] }
        return home.people.filter { $0.id != person }.map { Home.libraryKey(home: homeID, person: $0.id) }
    }

    public nonisolated func homes() throws -> [Home] {
        try readers.with { try HomeStore(db: $0.state).all() }
    }

    /// Stores a home whole (its people, rooms and devices), after checking it.
    public func saveHome(_ home: Home) throws {
        if let problem = home.problem() { throw HomeProblem(message: "home \(home.id): \(problem)") }
        try HomeStore(db: state).save(home)
        forgetOutputs(ofHome: home.id)
    }

    @discardableResult
    public func deleteHome(_ id: String) throws -> Bool {
        forgetOutputs(ofHome: id)
        return try HomeStore(db: state).delete(id)
    }

    /// A home changed (here, or on another replica): its devices' outputs are made again from the
    /// new addresses when next used.
    public func forgetOutputs(ofHome id: String) {
        deviceOutputs = deviceOutputs.filter { Home.device(ofPlayerKey: $0.key)?.home != id }
    }

    /// Claims a resource ("home:ID") for a user if no one owns it; true when the user owns it now.
    public func claim(_ resource: String, for user: String) throws -> Bool {
        try OwnerStore(db: state).claim(resource, for: user)
    }

    public func owner(of resource: String) throws -> String? { try OwnerStore(db: state).owner(of: resource) }
}
