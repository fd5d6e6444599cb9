import Assistant
import Foundation

/// The library, playlists, vocabulary and apps, without speech.
extension HarkAPI {
    struct NamedBody: Decodable {
        var name: String
        var user: String?
    }

    struct ItemBody: Decodable {
        var identifier: String
        var user: String?
        var affinity: String?
    }

    func decode<T: Decodable>(_ type: T.Type, _ request: HTTPRequest, example: String) -> Result<
        T, HTTPResponse
    > {
        if request.bodyTooLarge { return .failure(Self.error(413, "the request body is over 64 KiB")) }
        do {
            return .success(try JSONDecoder().decode(T.self, from: request.body))
        } catch {
            return .failure(Self.error(400, "the body must be JSON like \(example): \(Self.describe(error))"))
        }
    }

    func affinity(_ routed: RouteRequest) async -> HTTPResponse {
        switch decode(ItemBody.self, routed.http, example: #"{"identifier": "song/adele/skyfall", "affinity": "like"}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard let affinity = AffinityType(rawValue: body.affinity ?? "like") else {
                return Self.error(400, "affinity is \"like\" or \"dislike\"")
            }
            let user = routed.user(named: body.user)
            return await result {
                try await self.assistant.setAffinity(affinity, identifier: body.identifier, user: user)
            }
        }
    }

    func createPlaylist(_ routed: RouteRequest) async -> HTTPResponse {
        switch decode(NamedBody.self, routed.http, example: #"{"name": "Driving"}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard Self.hasVisibleText(body.name), body.name.unicodeScalars.count <= 200 else {
                return Self.error(400, "a playlist needs a name of 1 to 200 characters")
            }
            let user = routed.user(named: body.user)
            return await created { try await self.assistant.createPlaylist(named: body.name, user: user) }
        }
    }

    /// `GET /v1/playlists[?user=]`.
    func playlists(_ routed: RouteRequest) async -> HTTPResponse {
        let user = routed.user(named: routed.http.query["user"])
        return await result { try await self.assistant.library(user: user).playlists }
    }

    /// `GET /v1/library[?user=]`.
    func library(_ routed: RouteRequest) async -> HTTPResponse {
        let user = routed.user(named: routed.http.query["user"])
        return await result { try await self.assistant.library(user: user) }
    }

    /// `DELETE /v1/playlists/{name}/items?identifier=…`.
    func removeFromPlaylist(_ routed: RouteRequest) async -> HTTPResponse {
        let playlist = routed.captures[0]
        guard let item = routed.http.query["identifier"] else {
            return Self.error(400, "name the item to remove with ?identifier=")
        }
        let user = routed.user(named: routed.http.query["user"])
        return await result {
            try await self.assistant.editPlaylist(named: playlist, identifier: item, add: false, user: user)
        }
    }

    /// `POST /v1/playlists/{name}/items` with `{"identifier": …}`.
    func addToPlaylist(_ routed: RouteRequest) async -> HTTPResponse {
        let playlist = routed.captures[0]
        switch decode(ItemBody.self, routed.http, example: #"{"identifier": "song/adele/skyfall"}"#) {
        case .failure(let response): return response
        case .success(let body):
            let user = routed.user(named: body.user)
            return await result {
                try await self.assistant.editPlaylist(
                    named: playlist, identifier: body.identifier, add: true, user: user)
            }
        }
    }

    struct VocabularyBody: Decodable {
        var phrases: [String]
        var user: String?
    }

    func vocabulary(_ routed: RouteRequest) async -> HTTPResponse {
        let typeName = routed.captures[0]
        guard let type = VocabularyType(rawValue: typeName) else {
            let known = VocabularyType.allCases.map(\.rawValue).joined(separator: ", ")
            return Self.error(404, "no vocabulary type \"\(typeName)\" (\(known))")
        }
        switch decode(VocabularyBody.self, routed.http, example: #"{"phrases": ["Road Trip", "Chill"]}"#) {
        case .failure(let response): return response
        case .success(let body):
            let user = routed.user(named: body.user)
            let phrases = body.phrases
            return await result {
                try await self.assistant.setVocabulary(phrases, type: type, user: user)
                return ["type": typeName, "phrases": phrases.joined(separator: "\n")]
            }
        }
    }

    /// Runs library work and encodes its result, or names the failure (404 for what does not exist).
    /// `result` for a request that makes something: 201 when it is made.
    func created<T: Encodable & Sendable>(_ work: () async throws -> T) async -> HTTPResponse {
        var response = await result(work)
        if response.status == 200 { response.status = 201 }
        return response
    }

    func result<T: Encodable & Sendable>(_ work: () async throws -> T) async -> HTTPResponse {
        let outcome: Result<T, any Error>
        do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
        switch outcome {
        case .success(let value): return Self.json(200, value)
        case .failure(let refused as RequestRefused):
            // Well formed but what it names cannot take it (a catalog playlist, a dislike of what
            // is not a song): 409, as the document says.
            switch refused.kind {
            case .notFound: return Self.error(404, refused.description)
            case .conflict: return Self.error(409, refused.description)
            case .invalid: return Self.error(400, refused.description)
            }
        case .failure(let error) where Assistant.isBusy(error):
            // Another process holds the database (an import into it): a clear, retryable answer.
            var busy = Self.error(
                503, "the database is busy (an import or another process is writing) or cannot be reached; try again shortly")
            busy.headers["Retry-After"] = "5"
            return busy
        case .failure(let error): return Self.error(500, "\(error)")
        }
    }
}
