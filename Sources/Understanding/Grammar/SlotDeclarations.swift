import Foundation

/// Which slots each intent's sentences may use and how each slot reads words, as declared once
/// for every language in `Resources/slots.json` (JSON5). The template compiler checks every
/// `{slot}` of a sentence (its wrap and rules included) against its intent's declarations.
struct SlotDeclarations: Codable, Sendable {
    /// Slots any sentence may use, whatever its intent: name → kinds.
    var everyIntent: [String: [String]]
    /// Each intent's own slots: intent → name → kinds.
    var intents: [String: [String: [String]]]

    /// The kinds `slot` may have in a sentence of `intent`; nil when it is not declared there.
    func kinds(of slot: String, intent: String) -> [String]? {
        everyIntent[slot] ?? intents[intent]?[slot]
    }

    /// Throws when a slot a sentence uses, or a value it fixes, is not declared for its intent,
    /// or is read in a way its declaration does not allow.
    ///
    /// - Parameter used: slot name → the kinds the sentence reads it as (`SlotKind.declaredName`).
    func check(used: [String: Set<String>], fixed: [String], intent: String, template: String) throws {
        for (slot, kinds) in used.sorted(by: { $0.key < $1.key }) {
            guard let declared = self.kinds(of: slot, intent: intent) else {
                throw TemplateError(
                    template: template, reason: "slot {\(slot)} is not declared for \(intent) in slots.json")
            }
            if let kind = kinds.sorted().first(where: { !declared.contains($0) }) {
                throw TemplateError(
                    template: template,
                    reason: "slot {\(slot)} reads as \(kind), but slots.json declares it for \(intent) as "
                        + declared.joined(separator: " or "))
            }
        }
        if let slot = fixed.sorted().first(where: { kinds(of: $0, intent: intent) == nil }) {
            throw TemplateError(
                template: template, reason: "fixed value \(slot) is not declared for \(intent) in slots.json")
        }
    }

    /// Reads `slots.json`, naming it in any error.
    static func load(_ url: URL) throws -> SlotDeclarations { try JSON5File.load(SlotDeclarations.self, from: url) }
}

extension SlotKind {
    /// How `slots.json` names this kind: `wildcard`, `number`, `duration`, `vocabulary`, `list:<name>`.
    var declaredName: String {
        switch self {
        case .list(let name, _, _): return "list:\(name)"
        case .wildcard: return "wildcard"
        case .number: return "number"
        case .duration: return "duration"
        case .vocabulary: return "vocabulary"
        }
    }
}
