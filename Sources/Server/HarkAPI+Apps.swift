import Assistant
import Foundation

/// Apps over HTTP: registering a manifest, an app's entities and donations, and suggestions.
extension HarkAPI {
    /// `POST /v1/apps`: a manifest (names, and optionally intents, entity types, endpoint, replies).
    /// Answers with the secret the app's calls will be signed with, when it has commands.
    func registerApp(_ routed: RouteRequest) async -> HTTPResponse {
        switch decode(AppRegistration.self, routed.http, example: #"{"identifier": "com.example.walkmate", "name": "Walk Mate"}"#) {
        case .failure(let response): return response
        case .success(let body):
            let app = AppRegistration(
                identifier: body.identifier, name: body.name, alternativeNames: body.alternativeNames,
                pronunciationHint: body.pronunciationHint, vocabulary: body.vocabulary, intents: body.intents,
                entityTypes: body.entityTypes, endpoint: body.endpoint, replies: body.replies,
                mediaIntents: body.mediaIntents)
            guard body.alternativeNames.count <= 3 else { return Self.error(400, "at most 3 alternative names") }
            // Hark's own app is not anyone's to replace; another app only by whoever holds its secret.
            if app.identifier == Assistant.ownAppIdentifier {
                return Self.error(403, "\(app.identifier) is Hark's own app and cannot be replaced")
            }
            if let existing = assistant.app(identifier: app.identifier),
                let refused = await checkSecret(routed, app: existing)
            {
                return refused
            }
            do {
                try await assistant.register(app)
            } catch let error as AppManifestError {
                return Self.error(400, error.message)
            } catch {
                return Self.error(500, "\(error)")
            }
            var answer = ["identifier": app.identifier, "name": app.name, "effective": "now"]
            // The secret signs calls to the app, and is needed to change its registration later.
            if let secret = try? await assistant.appCommands.secret(app: app.identifier) { answer["secret"] = secret }
            return Self.json(201, answer)
        }
    }

    struct EntitiesBody: Decodable {
        var entities: [AppEntity]
    }

    /// `PUT /v1/apps/{app}/entities`: adds or replaces entities (up to 64 KiB a request), re-indexed at once.
    func putEntities(_ routed: RouteRequest) async -> HTTPResponse {
        let example = #"{"entities": [{"id": "w1", "type": "walk", "name": "Berlin Loop", "keywords": ["berlin"]}]}"#
        guard let app = await knownApp(routed) else { return Self.error(404, "no app \(routed.captures[0]) is registered") }
        if let refused = await checkSecret(routed, app: app) { return refused }
        switch decode(EntitiesBody.self, routed.http, example: example) {
        case .failure(let response): return response
        case .success(let body):
            for entity in body.entities {
                guard !entity.id.isEmpty, !entity.name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return Self.error(400, "every entity needs an id and a name")
                }
                guard (app.entityTypes ?? []).contains(entity.type) else {
                    return Self.error(400, "entity \(entity.id): type \(entity.type) is not one of the app's entityTypes")
                }
            }
            return await result {
                try await self.assistant.appCommands.put(body.entities, app: app.identifier)
                return ["stored": body.entities.count]
            }
        }
    }

    /// `DELETE /v1/apps/{app}/entities/{type}/{id}`.
    func deleteEntity(_ routed: RouteRequest) async -> HTTPResponse {
        guard let app = await knownApp(routed) else { return Self.error(404, "no app \(routed.captures[0]) is registered") }
        if let refused = await checkSecret(routed, app: app) { return refused }
        let (type, id) = (routed.captures[1], routed.captures[2])
        let removed = (try? await assistant.appCommands.delete(app: app.identifier, type: type, id: id)) ?? false
        return removed ? Self.json(200, ["deleted": id]) : Self.error(404, "no \(type) \(id) in \(app.identifier)")
    }

    /// `GET /v1/apps/{app}/entities`.
    func listEntities(_ routed: RouteRequest) async -> HTTPResponse {
        guard let app = await knownApp(routed) else { return Self.error(404, "no app \(routed.captures[0]) is registered") }
        return await result { ["entities": try await self.assistant.appCommands.entities(app: app.identifier)] }
    }

    struct DonationBody: Decodable {
        var user: String?
        var device: String?
        var intent: String
        var parameters: [String: AppParameterValue]?
        var title: String?
    }

    /// `POST /v1/apps/{app}/donations`: what a person just did in the app, after it succeeded.
    func donate(_ routed: RouteRequest) async -> HTTPResponse {
        guard let app = await knownApp(routed) else { return Self.error(404, "no app \(routed.captures[0]) is registered") }
        if let refused = await checkSecret(routed, app: app) { return refused }
        switch decode(DonationBody.self, routed.http, example: #"{"user": "ann", "intent": "loadWalk", "parameters": {}}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard app.intent(body.intent) != nil else {
                return Self.error(400, "\(body.intent) is not an intent of \(app.identifier)")
            }
            let donation = AppDonation(
                user: routed.user(named: body.user), device: body.device, app: app.identifier, intent: body.intent,
                parameters: body.parameters ?? [:], title: body.title)
            return await created {
                try await self.assistant.appCommands.donate(donation)
                return ["donated": body.intent]
            }
        }
    }

    struct DefaultAppBody: Decodable {
        var user: String?
        /// nil: Hark's own library again.
        var identifier: String?
    }

    /// `PUT /v1/apps/default`: the app a person's media requests go to when they name none.
    func setDefaultApp(_ routed: RouteRequest) async -> HTTPResponse {
        switch decode(DefaultAppBody.self, routed.http, example: #"{"user": "ann", "identifier": "org.example.tunes"}"#) {
        case .failure(let response): return response
        case .success(let body):
            let user = routed.user(named: body.user)
            do {
                try await assistant.setDefaultMediaApp(body.identifier, user: user)
            } catch let error as AppManifestError {
                return Self.error(404, error.message)
            } catch {
                return Self.error(500, "\(error)")
            }
            return Self.json(200, ["user": user, "defaultApp": body.identifier ?? "hark.library"])
        }
    }

    /// `GET /v1/suggestions?user=&device=`: what the person does most, from apps' donations.
    func suggestions(_ routed: RouteRequest) async -> HTTPResponse {
        let user = routed.user(named: routed.http.query["user"])
        return await result {
            ["suggestions": try await self.assistant.appCommands.suggestions(user: user, device: routed.http.query["device"])]
        }
    }

    struct PerformBody: Decodable {
        var user: String?
        var device: String?
        var language: String?
        var app: String
        var intent: String
        var parameters: [String: AppParameterValue]?
    }

    /// `POST /v1/suggestions/perform`: a suggestion (a donation as `GET /v1/suggestions` lists it) carried out.
    func performSuggestion(_ routed: RouteRequest) async -> HTTPResponse {
        let example = #"{"device": "web", "app": "org.example.walkmate", "intent": "loadWalk", "parameters": {}}"#
        switch decode(PerformBody.self, routed.http, example: example) {
        case .failure(let response): return response
        case .success(let body):
            guard let app = assistant.app(identifier: body.app) else {
                return Self.error(404, "no app \(body.app) is registered")
            }
            guard app.intent(body.intent) != nil else {
                return Self.error(400, "\(body.intent) is not an intent of \(app.identifier)")
            }
            let user = routed.user(named: body.user)
            let donation = AppDonation(
                user: user, device: body.device, app: body.app, intent: body.intent, parameters: body.parameters ?? [:])
            var context = RequestContext()
            context.user = user
            context.device = body.device
            context.language = body.language
            return Self.json(200, await assistant.perform(donation, context: context))
        }
    }

    private func knownApp(_ routed: RouteRequest) async -> AppRegistration? {
        assistant.app(identifier: routed.captures[0])
    }

    /// An app's own data changes only with its secret (`X-Hark-App-Secret`), given at registration.
    private func checkSecret(_ routed: RouteRequest, app: AppRegistration) async -> HTTPResponse? {
        guard let said = routed.http.headers["x-hark-app-secret"] else {
            return Self.error(401, "the app's secret is needed (X-Hark-App-Secret, given when the app registered)")
        }
        guard let known = try? await assistant.appCommands.secret(app: app.identifier), Self.sameBytes(said, known) else {
            return Self.error(403, "not the secret of \(app.identifier)")
        }
        return nil
    }

    /// Compares in time independent of where two strings differ.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
