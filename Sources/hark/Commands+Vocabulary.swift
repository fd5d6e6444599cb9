import Apps
import Assistant
import Foundation

extension Commands {
    /// `hark vocabulary [TYPE [PHRASE…]]`: show the user's vocabulary, or replace one type's list.
    static func vocabulary(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let assistant = try Assistant(app: builtInApp(arguments, dbPath: dbPath))
        let user = arguments.options["user"] ?? "default"
        guard let typeName = arguments.positional.first else {
            let all = try await assistant.vocabulary(user: user)
            for type in VocabularyType.allCases {
                print("\(type.rawValue): " + (all[type] ?? []).joined(separator: " | "))
            }
            return 0
        }
        guard let type = VocabularyType(rawValue: typeName) else {
            throw UsageError(
                "unknown vocabulary type '\(typeName)'; one of "
                    + VocabularyType.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let phrases = Array(arguments.positional.dropFirst())
        if arguments.flags.contains("clear") || !phrases.isEmpty {
            try await assistant.setVocabulary(phrases, type: type, user: user)
        }
        let now = try await assistant.vocabulary(user: user)[type] ?? []
        print("\(type.rawValue): " + now.joined(separator: " | "))
        return 0
    }

    /// `hark apps` lists the apps; `hark apps add NAME [--alt NAME]… [--hint SAID] [--vocabulary FILE]` registers one.
    static func apps(_ arguments: Arguments, dbPath: String) async throws -> Int32 {
        let assistant = try Assistant(app: builtInApp(arguments, dbPath: dbPath))
        if arguments.positional.first == "add", let path = arguments.options["manifest"] {
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read \(path)") }
            let manifest: Apps.AppRegistration
            do {
                manifest = try JSONDecoder().decode(Apps.AppRegistration.self, from: data)
            } catch {
                throw UsageError("\(path) is not an app manifest: \(error)")
            }
            do {
                try await assistant.register(manifest)
            } catch let error as Apps.AppManifestError {
                throw UsageError("\(path): \(error.message)")
            }
            print("Registered \(manifest.name) with \((manifest.intents ?? []).count) commands.")
            if !(manifest.intents ?? []).isEmpty {
                print("secret: " + (try await assistant.appCommands.secret(app: manifest.identifier)))
            }
            return 0
        }
        if arguments.positional.first == "default" {
            guard arguments.positional.count == 2 else { throw UsageError("hark apps default IDENTIFIER [--user NAME]") }
            let user = arguments.options["user"] ?? "default"
            do {
                try await assistant.setDefaultMediaApp(arguments.positional[1], user: user)
            } catch let error as Apps.AppManifestError {
                throw UsageError(error.message)
            }
            print("Media requests that name no app now go to \(arguments.positional[1]) for \(user).")
            return 0
        }
        if arguments.positional.first == "entities" {
            guard arguments.positional.count == 3, let data = FileManager.default.contents(atPath: arguments.positional[2])
            else { throw UsageError("hark apps entities APP FILE (a JSON array of {id, type, name, keywords})") }
            let entities = try JSONDecoder().decode([Apps.AppEntity].self, from: data)
            try await assistant.appCommands.put(entities, app: arguments.positional[1])
            print("Stored \(entities.count) entities for \(arguments.positional[1]).")
            return 0
        }
        if arguments.positional.first == "add" {
            guard arguments.positional.count >= 2 else { throw UsageError("give the app's name: hark apps add NAME") }
            let name = arguments.positional[1...].joined(separator: " ")
            let alternatives = (arguments.options["alt"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            guard alternatives.count <= 3 else { throw UsageError("at most three alternative names (--alt A,B,C)") }
            var vocabulary: AppVocabulary?
            if let path = arguments.options["vocabulary"] {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw UsageError("cannot read \(path)")
                }
                do {
                    vocabulary = try JSONDecoder().decode(AppVocabulary.self, from: data)
                } catch {
                    throw UsageError("\(path) is not an AppIntentVocabulary JSON file (\(error.localizedDescription))")
                }
            }
            let identifier = "app." + name.lowercased().filter { $0.isLetter || $0.isNumber }
            try await assistant.register(
                AppRegistration(
                    identifier: identifier, name: name, alternativeNames: alternatives,
                    pronunciationHint: arguments.options["hint"], vocabulary: vocabulary))
            print(
                "Registered \(name)" + (alternatives.isEmpty ? "" : " (also \(alternatives.joined(separator: ", ")))")
                    + ".")
            return 0
        }
        guard arguments.positional.isEmpty else {
            throw UsageError("unknown apps command '\(arguments.positional[0])'")
        }
        for app in assistant.apps {
            let also = app.alternativeNames.isEmpty ? "" : " — also " + app.alternativeNames.joined(separator: ", ")
            print(app.name + also)
        }
        return 0
    }
}
