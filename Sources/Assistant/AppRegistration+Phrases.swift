public import Apps
public import Understanding

extension AppRegistration {
    /// The app's phrases as understanding compiles them.
    public var phraseSource: AppPhraseSource? {
        guard let intents, !intents.isEmpty else { return nil }
        return AppPhraseSource(
            app: identifier, names: spokenVariants,
            intents: intents.map { intent in
                AppPhraseSource.Intent(
                    identifier: intent.identifier,
                    parameters: Dictionary(
                        uniqueKeysWithValues: (intent.parameters ?? []).map { parameter in
                            let kind: AppPhraseSource.ParameterKind
                            switch parameter.kind {
                            case .entity: kind = .entity
                            case .number: kind = .number
                            case .text: kind = .text
                            case .choice: kind = .choice(parameter.choices ?? [:])
                            }
                            return (parameter.name, kind)
                        }),
                    phrases: intent.phrases)
            })
    }
}
