public import Apps
public import Understanding

extension Assistant {
    /// The understanding step on its own, knowing the registered apps' names (for `eval` and `parse`).
    public static func understander(registry: AppRegistry = AppRegistry(), model: IntentModel? = nil) throws
        -> Understander
    {
        let names = registry.apps.flatMap(\.spokenVariants)
        guard model == nil else { return try Understander(extraLists: ["app": names], model: model) }
        // Compiling every language's grammar and reading the shipped model takes a good part of a
        // second; assistants in one process (tests, the server's reloads) with the same apps share it.
        if let shared = sharedUnderstanders.withLock({ shared -> Understander? in
            guard let index = shared.firstIndex(where: { $0.names == names }) else { return nil }
            let hit = shared.remove(at: index)
            shared.insert(hit, at: 0)
            return hit.understander
        }) {
            return shared
        }
        let made = try Understander(extraLists: ["app": names])
        return sharedUnderstanders.withLock { shared in
            // Another assistant may have made it meanwhile: keep one.
            if let existing = shared.first(where: { $0.names == names }) { return existing.understander }
            shared.insert((names, made), at: 0)
            // A few app sets (a server whose apps change keeps only the latest).
            if shared.count > 3 { shared.removeLast() }
            return made
        }
    }

    /// Understanders with the shipped model, by the app names they know, the latest first.
    private static let sharedUnderstanders = Locked<[(names: [String], understander: Understander)]>([])
}
