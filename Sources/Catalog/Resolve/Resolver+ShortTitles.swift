public import MediaIntents

/// A long title said short: "the Sherlock Holmes audiobook" for The Adventures of Sherlock Holmes,
/// "Alice in Wonderland" for Alice's Adventures in Wonderland. People keep the words that carry a
/// title and drop the frame around them; a name that is only those words, in the title's order,
/// and held by one candidate alone means that one.
extension Resolver {
    /// How alike a title said short is to the one candidate that holds it: enough to play.
    static let shortTitleSaid = 0.85
    /// The same with its kind said too ("the Sherlock Holmes audiobook"): as sure as a name that
    /// is the catalog's for certain, so a question about it is answered.
    static let shortTitleSaidWithKind = 0.9

    /// At least this share of the title's letters must be said: "harry potter" is too little of
    /// Harry Potter and the Philosopher's Stone to play it unasked.
    static let shortTitleShare = 0.5

    /// The row of the one candidate whose title holds every said word in order (two words at
    /// least) and is said for at least `shortTitleShare` of its letters (`letters`); nil when none or several
    /// hold the words (two Sherlock Holmes books are asked about, not guessed).
    static func shortenedTitle(in candidates: [Candidate], nameKey: String, type: MediaItemType?) -> Int64? {
        let said = nameKey.split(separator: " ")
        guard said.count >= 2 else { return nil }
        let holders = candidates.filter {
            $0.owner == nil && (type == nil || $0.type == type) && $0.coreKey != nameKey && holdsInOrder($0.coreKey, said)
        }
        guard holders.count == 1, let holder = holders.first else { return nil }
        let saidLetters = letters(said)
        let titleLetters = letters(holder.coreKey.split(separator: " "))
        // Names read as short syllables (Japanese, Chinese) have no words long enough to weigh.
        guard saidLetters > 0, titleLetters > 0 else { return nil }
        return Double(saidLetters) >= shortTitleShare * Double(titleLetters) ? holder.rowID : nil
    }

    /// How alike a title said short is to the one candidate holding it: with its kind said, as sure
    /// as a name the catalog has; a book, show or album (whose long titles people shorten) plays;
    /// a song or artist ("Blue Moon" for Once in a Blue Moon) is offered.
    static func shortTitleFit(_ candidate: Candidate, typeSaid: MediaItemType?) -> Double {
        if typeSaid != nil { return shortTitleSaidWithKind }
        return [.audioBook, .podcastShow, .album].contains(candidate.type) ? shortTitleSaid : titleStartOffered
    }

    /// The letters of the words that carry a name: words of three letters or fewer ("the", "of",
    /// "and") are left out on both sides.
    static func letters(_ words: [Substring]) -> Int {
        words.reduce(0) { $0 + ($1.count > 3 ? $1.count : 0) }
    }

    /// Whether every said word is a word of the title (or its possessive), in the said order.
    static func holdsInOrder(_ title: String, _ said: [Substring]) -> Bool {
        var next = said.startIndex
        // "alice" is a word of "alices adventures in wonderland": a possessive folds into its name.
        for word in title.split(separator: " ")
        where next < said.endIndex && (word == said[next] || word.count == said[next].count + 1 && word.hasPrefix(said[next]) && word.last == "s") {
            next += 1
        }
        return next == said.endIndex
    }
}
