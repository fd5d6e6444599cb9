import MediaIntents

/// A compiled sentence template: a tree of words, sequences, alternatives and slots.
indirect enum TemplateNode: Sendable {
    case word(String)
    case sequence([TemplateNode])
    case alternatives([TemplateNode])
    case slot(name: String, kind: SlotKind)
}

/// How a slot reads words.
enum SlotKind: Sendable {
    /// One of a list's phrases.
    case list(name: String, PhraseList, spoken: Bool)
    /// Any words at all (at least one).
    case wildcard
    /// A number in digits or words.
    case number
    /// A length of time ("45 seconds", "a minute and a half").
    case duration
    /// One phrase of a vocabulary given with the request (`{mediaName:vocab.playlistTitle}`).
    case vocabulary(VocabularyType)
}

/// A list's phrases, indexed by their first word.
struct PhraseList: Sendable {
    /// First folded word → (phrase words, output value).
    var byFirstWord: [String: [(words: [String], value: String)]] = [:]

    mutating func add(phrase: [String], value: String) {
        guard let first = phrase.first else { return }
        byFirstWord[first, default: []].append((phrase, value))
    }
}

/// A template that could not be read, with where.
struct TemplateError: Error, CustomStringConvertible {
    var template: String
    var reason: String
    var description: String { "grammar template \"\(template)\": \(reason)" }
}

/// Rules already read, so a rule used by every sentence is parsed once.
final class RuleCache {
    var nodes: [String: TemplateNode] = [:]
    var words: [String: [String]] = [:]
    /// The slots each rule uses (name → kinds), with the rules it refers to.
    var ruleSlots: [String: [String: Set<String>]] = [:]
    /// The slots the template being read uses so far.
    var used: [String: Set<String>] = [:]

    func use(_ slots: [String: Set<String>]) {
        used.merge(slots) { $0.union($1) }
    }
}

/// Reads template text into a `TemplateNode`, expanding rules and resolving slots.
struct TemplateParser {
    let rules: [String: String]
    let lists: [String: PhraseList]
    let spokenLists: Set<String>
    let fold: (String) -> [String]
    let cache = RuleCache()

    /// Folds a template word once, however many sentences use it.
    private func folded(_ word: String) -> [String] {
        if let known = cache.words[word] { return known }
        let value = fold(word)
        cache.words[word] = value
        return value
    }

    func parse(_ text: String) throws -> TemplateNode {
        try parseUsingSlots(text).node
    }

    /// Reads a template and says which slots it uses, through its rules too: name → kinds.
    func parseUsingSlots(_ text: String) throws -> (node: TemplateNode, slots: [String: Set<String>]) {
        cache.used = [:]
        var scanner = Scanner(characters: Array(text), position: 0)
        let node = try parseAlternatives(&scanner, source: text, depth: 0)
        if scanner.position < scanner.characters.count {
            throw TemplateError(template: text, reason: "unexpected '\(scanner.characters[scanner.position])'")
        }
        return (node, cache.used)
    }

    struct Scanner {
        var characters: [Character]
        var position: Int
        var current: Character? { position < characters.count ? characters[position] : nil }
    }

    private func parseAlternatives(_ s: inout Scanner, source: String, depth: Int) throws -> TemplateNode {
        var options: [TemplateNode] = [try parseSequence(&s, source: source, depth: depth)]
        while s.current == "|" {
            s.position += 1
            options.append(try parseSequence(&s, source: source, depth: depth))
        }
        return options.count == 1 ? options[0] : .alternatives(options)
    }

    private func parseSequence(_ s: inout Scanner, source: String, depth: Int) throws -> TemplateNode {
        var items: [TemplateNode] = []
        var word = ""
        func flushWord() {
            if !word.isEmpty { items.append(contentsOf: folded(word).map(TemplateNode.word)) }
            word = ""
        }
        while let ch = s.current, ch != "|", ch != ")", ch != "]" {
            switch ch {
            case "(", "[":
                flushWord()
                s.position += 1
                let inner = try parseAlternatives(&s, source: source, depth: depth)
                let closer: Character = ch == "(" ? ")" : "]"
                guard s.current == closer else {
                    throw TemplateError(template: source, reason: "missing '\(closer)'")
                }
                s.position += 1
                items.append(ch == "(" ? inner : .alternatives([inner, .sequence([])]))
            case "{":
                flushWord()
                let name = try readName(&s, closer: "}", source: source)
                let node = try slot(name, source: source)
                if case .slot(let slotName, let kind) = node { cache.use([slotName: [kind.declaredName]]) }
                items.append(node)
            case "<":
                flushWord()
                let name = try readName(&s, closer: ">", source: source)
                if let known = cache.nodes[name] {
                    cache.use(cache.ruleSlots[name] ?? [:])
                    items.append(known)
                    continue
                }
                guard let body = rules[name] else {
                    throw TemplateError(template: source, reason: "unknown rule <\(name)>")
                }
                guard depth < 16 else {
                    throw TemplateError(template: source, reason: "rule <\(name)> refers to itself")
                }
                var inner = Scanner(characters: Array(body), position: 0)
                let outer = cache.used
                cache.used = [:]
                let node = try parseAlternatives(&inner, source: source, depth: depth + 1)
                cache.nodes[name] = node
                cache.ruleSlots[name] = cache.used
                cache.use(outer)
                items.append(node)
            case " ":
                flushWord()
                s.position += 1
            default:
                word.append(ch)
                s.position += 1
            }
        }
        flushWord()
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private func readName(_ s: inout Scanner, closer: Character, source: String) throws -> String {
        s.position += 1
        var name = ""
        while let ch = s.current, ch != closer {
            name.append(ch)
            s.position += 1
        }
        guard s.current == closer, !name.isEmpty else {
            throw TemplateError(template: source, reason: "missing '\(closer)'")
        }
        s.position += 1
        return name
    }

    private func slot(_ spec: String, source: String) throws -> TemplateNode {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts[0]
        let listName = parts.count > 1 ? parts[1] : name
        switch listName {
        case "number": return .slot(name: name, kind: .number)
        case "duration": return .slot(name: name, kind: .duration)
        case "any": return .slot(name: name, kind: .wildcard)
        case _ where listName.hasPrefix("vocab."):
            guard let type = VocabularyType(rawValue: String(listName.dropFirst(6))) else {
                throw TemplateError(template: source, reason: "unknown vocabulary \(listName)")
            }
            return .slot(name: name, kind: .vocabulary(type))
        default:
            if let list = lists[listName] {
                return .slot(name: name, kind: .list(name: listName, list, spoken: spokenLists.contains(listName)))
            }
            if parts.count > 1 { throw TemplateError(template: source, reason: "unknown list \(listName)") }
            return .slot(name: name, kind: .wildcard)
        }
    }
}
