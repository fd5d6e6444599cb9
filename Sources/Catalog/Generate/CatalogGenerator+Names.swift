import Foundation
import MediaIntents

/// The generated catalog's names: titles in each script (from a small vocabulary when crowded),
/// people's names, pseudo-words, kana and han words, numbers in titles.
extension CatalogGenerator {
    func title(for script: NameScript, _ random: inout SplitMix) -> String {
        switch script {
        case .latin where crowded:
            // "Don't Lose Tonight", "Burning Hearts", "Lose": a small vocabulary, so titles repeat.
            switch random.next() % 3 {
            case 0:
                return "Don't " + random.pick(GeneratorWords.crowdVerbs) + " " + random.pick(GeneratorWords.crowdTimes)
            case 1: return random.pick(GeneratorWords.crowdAdjectives) + " " + random.pick(GeneratorWords.crowdNouns)
            default: return random.pick(GeneratorWords.crowdVerbs) + " " + random.pick(GeneratorWords.crowdTimes)
            }
        case .latin:
            let count = [1, 2, 2, 2, 3, 3, 3, 4][Int(random.next() % 8)]
            var words: [String] = []
            for index in 0..<count {
                // Short titles carry a made-up word so that most titles are unique, as in real catalogs.
                let made = count <= 2 ? index == count - 1 || random.chance(0.3) : random.chance(0.35)
                // A one-word title is a word of its own (as real one-word titles mostly are); longer
                // titles draw on the shared vocabulary.
                let word = count == 1 ? Self.pseudoWord(&random) : random.pick(self.words)
                words.append(made ? word : random.pick(GeneratorWords.common))
            }
            return Self.titleCase(words.joined(separator: " "))
        case .cyrillic:
            // A common word and a made-up one, as varied as the Latin titles.
            let count = Int.random(in: 1...3, using: &random)
            let words = (0..<count).map { index in
                index == count - 1 && (count == 1 || random.chance(0.7))
                    ? Self.cyrillicWord(&random, syllables: Int.random(in: 2...3, using: &random))
                    : random.pick(GeneratorWords.russianWords)
            }
            return Self.capitalizedFirst(words.joined(separator: " "))
        case .japanese:
            return random.pick(GeneratorWords.japaneseWords)
                + Self.kanaWord(&random, length: Int.random(in: 2...4, using: &random))
        case .chinese:
            // Characters from the whole common range, as real titles draw on thousands.
            return (0..<Int.random(in: 2...5, using: &random)).map { index in
                index == 0 ? random.pick(GeneratorWords.han) : Self.hanCharacter(&random)
            }.joined()
        }
    }

    static func commonPhrase(_ random: inout SplitMix, words: Int) -> String {
        (0..<words).map { _ in random.pick(GeneratorWords.common) }.joined(separator: " ")
    }

    static func pseudoWord(_ random: inout SplitMix) -> String {
        let syllables = random.chance(0.75) ? 2 : 3
        var word = ""
        for _ in 0..<syllables {
            word += random.pick(GeneratorWords.latinOnsets) + random.pick(GeneratorWords.latinVowels)
        }
        return word + random.pick(GeneratorWords.latinCodas)
    }

    static func personName(_ random: inout SplitMix) -> String {
        pseudoWord(&random).capitalized + " " + pseudoWord(&random).capitalized
    }

    static func cyrillicWord(_ random: inout SplitMix, syllables: Int) -> String {
        capitalizedFirst((0..<syllables).map { _ in random.pick(GeneratorWords.cyrillicSyllables) }.joined())
    }

    /// A character from the first 3,500 of the CJK block (mostly common ones).
    static func hanCharacter(_ random: inout SplitMix) -> String {
        String(UnicodeScalar(UInt32(0x4E00 + Int.random(in: 0..<3_500, using: &random))).map(Character.init) ?? "中")
    }

    static func kanaWord(_ random: inout SplitMix, length: Int) -> String {
        (0..<length).map { _ in random.pick(GeneratorWords.kana) }.joined()
    }

    static func withNumber(_ title: String, _ random: inout SplitMix) -> String {
        let number =
            random.chance(0.3) ? Int.random(in: 1970...2025, using: &random) : Int.random(in: 2...99, using: &random)
        return random.chance(0.5) ? "\(number) " + title : title + " \(number)"
    }

    static func titleCase(_ text: String) -> String {
        text.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func capitalizedFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    static func latin(_ name: String) -> String? {
        guard let latin = name.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) else {
            return nil
        }
        return titleCase(latin)
    }
}
