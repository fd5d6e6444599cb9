public import MediaIntents

/// An app's global vocabulary, in the structure of Apple's AppIntentVocabulary file: parameter
/// vocabularies (identifier, synonyms with phrase, pronunciation and examples) and intent example
/// phrases.
///
///     {"ParameterVocabularies": [{"ParameterNames": ["INPlayMediaIntent.playlistTitle"],
///       "ParameterVocabulary": [{"VocabularyItemIdentifier": "playlist-of-the-day",
///         "VocabularyItemSynonyms": [{"VocabularyItemPhrase": "today's mix"}]}]}],
///      "IntentPhrases": [{"IntentName": "INPlayMediaIntent", "IntentExamples": ["play today's mix"]}]}
public struct AppVocabulary: Codable, Sendable, Hashable {
    public struct Synonym: Codable, Sendable, Hashable {
        public var phrase: String
        public var pronunciation: String?
        public var examples: [String]?
        enum CodingKeys: String, CodingKey {
            case phrase = "VocabularyItemPhrase"
            case pronunciation = "VocabularyItemPronunciation"
            case examples = "VocabularyItemExamples"
        }
    }

    public struct Item: Codable, Sendable, Hashable {
        public var identifier: String
        public var synonyms: [Synonym]
        enum CodingKeys: String, CodingKey {
            case identifier = "VocabularyItemIdentifier"
            case synonyms = "VocabularyItemSynonyms"
        }
    }

    public struct Parameter: Codable, Sendable, Hashable {
        public var names: [String]
        public var vocabulary: [Item]
        enum CodingKeys: String, CodingKey {
            case names = "ParameterNames"
            case vocabulary = "ParameterVocabulary"
        }
    }

    public struct IntentPhrase: Codable, Sendable, Hashable {
        public var intentName: String
        public var examples: [String]
        enum CodingKeys: String, CodingKey {
            case intentName = "IntentName"
            case examples = "IntentExamples"
        }
    }

    public var parameters: [Parameter]
    public var intentPhrases: [IntentPhrase]?

    enum CodingKeys: String, CodingKey {
        case parameters = "ParameterVocabularies"
        case intentPhrases = "IntentPhrases"
    }

    /// The vocabulary type a parameter name means ("INPlayMediaIntent.playlistTitle" → playlistTitle).
    static func type(of parameter: String) -> VocabularyType {
        let name = parameter.lowercased()
        if name.contains("playlist") { return .playlistTitle }
        if name.contains("author") { return .audiobookAuthor }
        if name.contains("audiobook") || name.contains("booktitle") { return .audiobookTitle }
        if name.contains("show") || name.contains("podcast") { return .showTitle }
        if name.contains("artist") { return .artistName }
        return .mediaName
    }

    /// Every synonym (and its pronunciation, which is how a recogniser may write it) as phrases
    /// that stand for the item's identifier.
    public func entries() -> [(type: VocabularyType, phrase: String, identifier: String)] {
        parameters.flatMap { parameter in
            parameter.names.flatMap { name in
                parameter.vocabulary.flatMap { item in
                    item.synonyms.flatMap { synonym in
                        ([synonym.phrase] + (synonym.pronunciation.map { [$0] } ?? [])).map {
                            (Self.type(of: name), $0, item.identifier)
                        }
                    }
                }
            }
        }
    }
}
