import Assistant
import Foundation

/// Podcasts by feed address: the person's subscriptions with their newest episodes, a subscription
/// by address, and a refresh on request (the server also refreshes on a schedule).
extension HarkAPI {
    struct FeedBody: Decodable {
        var url: String
        var user: String?
    }

    /// `GET /v1/podcasts[?user=]`.
    func podcasts(_ routed: RouteRequest) async -> HTTPResponse {
        let user = routed.user(named: routed.http.query["user"])
        return await result { try await self.assistant.podcasts(user: user) }
    }

    /// `POST /v1/podcasts` with `{"url": …}`: 201 with the subscription, 400 naming why the feed was refused.
    func subscribeToFeed(_ routed: RouteRequest) async -> HTTPResponse {
        switch decode(FeedBody.self, routed.http, example: #"{"url": "https://feeds.example.org/show.xml"}"#) {
        case .failure(let response): return response
        case .success(let body):
            guard let scheme = URL(string: body.url)?.scheme?.lowercased(), scheme == "http" || scheme == "https",
                body.url.utf8.count <= 2_048
            else {
                return Self.error(400, "url must be an http or https address of at most 2048 bytes")
            }
            let user = routed.user(named: body.user)
            return await created { try await self.assistant.subscribe(feed: body.url, user: user) }
        }
    }

    /// `POST /v1/podcasts/refresh`: every followed feed asked again; what it found.
    func refreshPodcasts(_ routed: RouteRequest) async -> HTTPResponse {
        await result { try await self.assistant.refreshPodcasts() }
    }
}
