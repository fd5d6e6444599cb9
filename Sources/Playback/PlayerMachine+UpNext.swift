public import MediaIntents

/// Up next changed by hand, as a player's queue screen allows: an item moved to another place, or
/// taken out. Places count from the item after the current one (0 is what plays next), in play
/// order (shuffled or not). The current item plays on; the output is given the new up next.
extension PlayerMachine {
    /// How many items follow the current one.
    public var upNextCount: Int { cursor.map { order.count - $0 - 1 } ?? 0 }

    /// The item played before the current one, in play order; nil at the queue's start.
    public var previousItem: MediaItem? {
        guard let cursor, cursor > 0 else { return nil }
        return queue[order[cursor - 1]]
    }

    /// The items that follow the current one, in play order.
    public var upNextItems: [MediaItem] {
        guard let at = cursor else { return [] }
        return order[(at + 1)...].map { queue[$0] }
    }

    /// Moves the item at place `from` of up next to place `to`; nil (nothing changed) when either
    /// place is not in up next.
    public mutating func moveUpNext(from: Int, to: Int) -> PlayerAction? {
        guard let at = cursor, (0..<upNextCount).contains(from), (0..<upNextCount).contains(to) else { return nil }
        guard from != to else { return PlayerAction.none }
        let moved = order.remove(at: at + 1 + from)
        order.insert(moved, at: at + 1 + to)
        return .replaceUpNext(upNextItems)
    }

    /// Takes the item at place `index` of up next out of the queue; nil when there is no such place.
    public mutating func removeUpNext(at index: Int) -> PlayerAction? {
        guard let at = cursor, (0..<upNextCount).contains(index) else { return nil }
        let removed = order.remove(at: at + 1 + index)
        queue.remove(at: removed)
        order = order.map { $0 > removed ? $0 - 1 : $0 }
        return .replaceUpNext(upNextItems)
    }

    /// Plays the item at place `place` of up next now (a tap on it), passing over those before
    /// it; nil when there is no such place. (Places are counted on a player moved on to `now`.)
    public mutating func jumpUpNext(to place: Int, now: Double) -> PlayerAction? {
        guard let at = cursor, (0..<upNextCount).contains(place) else { return nil }
        move(to: at + 1 + place, now: now)
        return .load(queue: orderedQueue, index: at + 1 + place, position: 0)
    }
}
