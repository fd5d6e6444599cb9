public import Apps
import Foundation
import MediaIntents
import Understanding

/// An app's command on its way: the values gathered so far, and what Hark is asking for.
struct PendingAppCommand: Codable, Sendable, Hashable {
    var app: String
    var intent: String
    var values: [String: AppParameterValue]
    /// Said before the app's own reply ("Routes can be 3 to 20 km, so I made it 20.").
    var notes: [String]
    /// The parameter the open question asks for.
    var asking: String?
    /// "Which one?" among these.
    var choices: [AppEntity]?
    /// A donation done again keeps the name it had ("Load Berlin Loop"), unless the app names it anew.
    var donationTitle: String?
}

/// Apps' own commands (the App Intents model): the parameters said are typed and matched (entities
/// through the app's index, numbers clamped to their range), a missing one is asked for, several
/// matches get "Which one?", and the app's handler carries it out within its deadline.
extension Assistant {
    /// How long an app has to answer one call.
    static let appDeadline = 2.0

    func runAppCommand(_ understood: Understood, context: RequestContext, askedOn: String, outcome: Outcome) async
        -> Outcome
    {
        var outcome = outcome
        outcome.understood = understood
        let language = outcome.language
        guard let params = understood.params, let intentName = params.appIntent,
            let app = registry.app(identifier: understood.app), let intent = app.intent(intentName)
        else {
            outcome.reply = replies.say("none", language: language)
            return outcome
        }
        outcome.app = app.identifier
        var command = PendingAppCommand(app: app.identifier, intent: intent.identifier, values: [:], notes: [])
        for parameter in intent.parameters ?? [] {
            guard let said = params.appValues?[parameter.name] else { continue }
            switch await read(said, for: parameter, in: app, intent: intent, command: &command, language: language) {
            case .read: continue
            case .ask(let question):
                return await ask(question, command: command, context: context, askedOn: askedOn, outcome: outcome)
            case .reply(let reply):
                outcome.reply = reply
                return outcome
            }
        }
        return await proceed(command, app: app, intent: intent, context: context, askedOn: askedOn, outcome: outcome)
    }

    /// What reading one said value came to.
    enum ValueReading {
        case read
        case ask(String)
        case reply(String)
    }

    /// Reads a said value into `command.values`: an entity matched, a number clamped, a choice, text.
    func read(
        _ said: String, for parameter: AppParameterDefinition, in app: AppRegistration, intent: AppIntentDefinition,
        command: inout PendingAppCommand, language: String
    ) async -> ValueReading {
        switch parameter.kind {
        case .entity:
            switch (try? await appCommands.match(said, app: app.identifier, type: parameter.entityType)) ?? .none {
            case .one(let entity):
                command.values[parameter.name] = AppParameterValue(entity: entity)
            case .several(let entities):
                command.asking = parameter.name
                command.choices = entities
                return .ask(
                    replies.say("ask.which", ["choices": joined(entities.map(\.name), language: language)], language: language))
            case .none:
                guard intent.searchesWhenUnmatched == true else {
                    return .reply(replies.say("app.notFound", ["query": said, "app": app.name], language: language))
                }
                command.values[parameter.name] = AppParameterValue(query: said)
            }
        case .number:
            guard var value = understander.number(in: said, language: language) else {
                command.asking = parameter.name
                return .ask(prompt(for: parameter, language: language))
            }
            let low = parameter.minimum ?? -.infinity
            let high = parameter.maximum ?? .infinity
            if value < low || value > high {
                value = min(max(value, low), high)
                command.notes.append(
                    replies.say(
                        "app.clamped",
                        [
                            "what": Self.text(parameter.title, language) ?? parameter.name,
                            "minimum": NumberWords.format(parameter.minimum ?? value),
                            "maximum": NumberWords.format(parameter.maximum ?? value),
                            "unit": Self.text(parameter.unit, language) ?? "", "value": NumberWords.format(value),
                        ], language: language))
            }
            command.values[parameter.name] = AppParameterValue(number: value)
        case .choice:
            guard let value = choice(said, in: parameter, language: language) else {
                command.asking = parameter.name
                return .ask(prompt(for: parameter, language: language))
            }
            command.values[parameter.name] = AppParameterValue(choice: value)
        case .text:
            command.values[parameter.name] = AppParameterValue(text: said)
        }
        return .read
    }

    /// Asks for the first required value missing, else calls the app and says what it did.
    func proceed(
        _ command: PendingAppCommand, app: AppRegistration, intent: AppIntentDefinition, context: RequestContext,
        askedOn: String, outcome: Outcome
    ) async -> Outcome {
        var command = command
        var outcome = outcome
        let language = outcome.language
        if let missing = intent.parameters?.first(where: { $0.isRequired && command.values[$0.name] == nil }) {
            command.asking = missing.name
            command.choices = nil
            return await ask(
                prompt(for: missing, language: language), command: command, context: context, askedOn: askedOn,
                outcome: outcome)
        }
        // Its own deadline, within what is left of the request's.
        let deadline = min(Date().timeIntervalSince1970 + Self.appDeadline, context.deadline ?? .infinity)
        let call = AppIntentCall(
            app: app.identifier, intent: intent.identifier, parameters: command.values, user: context.user,
            device: askedOn, language: language, deadline: deadline)
        let result: AppIntentResult
        do {
            guard let handler = try await appCommands.handler(for: app) else {
                outcome.reply = replies.say("app.unknown", ["app": app.name], language: language)
                return outcome
            }
            result = try await Self.within(max(deadline - Date().timeIntervalSince1970, 0), app: app.identifier) {
                try await handler.handle(call)
            }
        } catch {
            outcome.code = .failure
            outcome.reason = .serviceUnavailable
            outcome.reply = replies.say("app.notAnswering", ["app": app.name], language: language)
            return outcome
        }
        switch result.status {
        case .success:
            outcome.code = intent.opensApp == true ? .continueInApp : .success
            var values = command.values.mapValues(\.spoken)
            values["app"] = app.name
            values.merge(result.values ?? [:]) { $1 }
            let said =
                result.reply.flatMap { key in Self.text(app.replies?[key], language).map { ReplyComposer.fill($0, values) } }
                ?? replies.say("app.done", ["app": app.name], language: language)
            outcome.reply = (command.notes + [said]).joined(separator: " ")
            // Recorded before the reply, so "do that again" right after finds it.
            await recordDone(command, app: app, intent: intent, result: result, context: context, askedOn: askedOn)
        case .needsValue:
            guard let name = result.parameter, let parameter = intent.parameter(name) else { fallthrough }
            command.values[name] = nil
            command.asking = name
            command.choices = nil
            return await ask(
                prompt(for: parameter, language: language), command: command, context: context, askedOn: askedOn,
                outcome: outcome)
        case .disambiguation where !(result.choices ?? []).isEmpty && result.parameter != nil:
            command.asking = result.parameter
            command.choices = Array((result.choices ?? []).prefix(4))
            let names = (command.choices ?? []).map(\.name)
            return await ask(
                replies.say("ask.which", ["choices": joined(names, language: language)], language: language),
                command: command, context: context, askedOn: askedOn, outcome: outcome)
        case .failure, .disambiguation:
            outcome.code = .failure
            outcome.reply =
                result.reply.flatMap { Self.text(app.replies?[$0], language) }
                .map { ReplyComposer.fill($0, command.values.mapValues(\.spoken)) }
                ?? replies.say("app.failed", ["app": app.name], language: language)
        }
        return outcome
    }

    /// Continues an app's command with the answer to its question; nil when the words are no
    /// answer to it (then they are read as a new request).
    func continueAppCommand(_ pending: PendingAppCommand, with text: String, context: RequestContext, outcome: Outcome)
        async -> Outcome?
    {
        var outcome = outcome
        var command = pending
        let language = outcome.language
        let askedOn = context.device ?? "default"
        guard let app = registry.app(identifier: pending.app), let intent = app.intent(pending.intent),
            let name = pending.asking, let parameter = intent.parameter(name)
        else { return nil }
        outcome.app = app.identifier
        outcome.understood = Understood(intent: .appIntent, app: app.identifier)
        if let choices = pending.choices {
            switch understander.answer(text, choices: choices.count, language: language) {
            case .pick(let index):
                command.values[name] = AppParameterValue(entity: choices[index])
            case .cancel:
                outcome.code = .success
                outcome.reply = replies.say("ask.cancelled", language: language)
                return outcome
            case nil:
                // A name: one of the choices, said (a little) differently.
                guard case .one(let entity) = EntityMatching.match(text, among: choices) else { return nil }
                command.values[name] = AppParameterValue(entity: entity)
            }
        } else {
            if understander.answer(text, choices: 0, language: language) == .cancel {
                outcome.code = .success
                outcome.reply = replies.say("ask.cancelled", language: language)
                return outcome
            }
            switch await read(text, for: parameter, in: app, intent: intent, command: &command, language: language) {
            case .read: break
            case .ask(let question):
                // Not an answer of the kind asked ("How long?" answered with words): a new request.
                if parameter.kind == .number || parameter.kind == .choice { return nil }
                return await ask(question, command: command, context: context, askedOn: askedOn, outcome: outcome)
            case .reply(let reply):
                outcome.reply = reply
                return outcome
            }
        }
        command.asking = nil
        command.choices = nil
        return await proceed(command, app: app, intent: intent, context: context, askedOn: askedOn, outcome: outcome)
    }

    /// Keeps the command open with its question, and asks it.
    func ask(
        _ question: String, command: PendingAppCommand, context: RequestContext, askedOn: String, outcome: Outcome
    ) async -> Outcome {
        var outcome = outcome
        outcome.code = .needsValue
        outcome.reply = (command.notes + [question]).joined(separator: " ")
        var kept = command
        kept.notes = []
        await keep(
            PendingQuestion(
                understood: outcome.understood, choices: [], language: outcome.language, appCommand: kept),
            user: context.user, device: askedOn)
        return outcome
    }

    private func prompt(for parameter: AppParameterDefinition, language: String) -> String {
        Self.text(parameter.prompt, language)
            ?? replies.say("app.askValue", ["parameter": Self.text(parameter.title, language) ?? parameter.name], language: language)
    }

    /// A choice's value from what was said: its value or one of its phrases in the language.
    private func choice(_ said: String, in parameter: AppParameterDefinition, language: String) -> String? {
        let key = NameFolding.key(said)
        for (value, byLanguage) in parameter.choices ?? [:] {
            let phrases = [value] + (byLanguage[language] ?? []) + (byLanguage["en"] ?? [])
            if phrases.contains(where: { NameFolding.key($0) == key }) { return value }
        }
        return nil
    }

    /// A per-language text, in the language asked, else English, else any.
    static func text(_ byLanguage: [String: String]?, _ language: String) -> String? {
        guard let byLanguage else { return nil }
        return byLanguage[language] ?? byLanguage[String(language.prefix(2))] ?? byLanguage["en"] ?? byLanguage.values.first
    }

    /// `body`'s result, or `AppNotAnswering` once `seconds` have passed.
    static func within(_ seconds: Double, app: String, _ body: @escaping @Sendable () async throws -> AppIntentResult)
        async throws -> AppIntentResult
    {
        try await withThrowingTaskGroup(of: AppIntentResult.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                throw AppNotAnswering(app: app, reason: "no answer within \(seconds) s")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw AppNotAnswering(app: app, reason: "no answer") }
            return first
        }
    }
}
