import Apps
import MediaIntents
import Understanding

extension AppRegistry {
    /// Every app's global vocabulary, as the understanding reads it.
    var globalVocabulary: Vocabulary {
        var vocabulary = Vocabulary()
        for app in apps {
            for entry in app.vocabulary?.entries() ?? [] {
                vocabulary.add([VocabularyEntry(phrase: entry.phrase, identifier: entry.identifier)], as: entry.type)
            }
        }
        return vocabulary
    }
}
