import Assistant
import Foundation

/// Homes over HTTP: a home (its people, rooms and devices) is read and written whole.
extension HarkAPI {
    /// `GET /v1/home`: the homes' ids and names.
    func listHomes(_ routed: RouteRequest) async -> HTTPResponse {
        // With tokens, a user sees the homes they own only.
        var homes = (try? assistant.homes()) ?? []
        if let user = routed.tokenUser {
            var own: [HomeDocument] = []
            for home in homes where (try? await assistant.ownerOfHome(home.id)) == user { own.append(home) }
            homes = own
        }
        return Self.json(200, ["homes": homes.map { ["id": $0.id, "name": $0.name] }])
    }

    /// `GET /v1/home/{home}`.
    func getHome(_ routed: RouteRequest) async -> HTTPResponse {
        guard let home = try? assistant.home(routed.captures[0]) else {
            return Self.error(404, "no home \(routed.captures[0])")
        }
        return Self.json(200, home)
    }

    /// `PUT /v1/home/{home}`: the home whole; its id is the path's.
    func putHome(_ routed: RouteRequest) async -> HTTPResponse {
        let example = #"{"name": "Flat", "people": [{"id": "ann", "name": "Ann"}], "rooms": [{"id": "kitchen", "name": "kitchen"}], "devices": [{"id": "k1", "name": "kitchen speaker", "kind": "speaker", "room": "kitchen"}]}"#
        switch decode(HomeBody.self, routed.http, example: example) {
        case .failure(let response): return response
        case .success(let body):
            let home = HomeDocument(
                id: routed.captures[0], name: body.name, people: body.people ?? [], rooms: body.rooms ?? [],
                devices: body.devices ?? [], defaultPerson: body.defaultPerson)
            do {
                try await assistant.saveHome(home)
            } catch let problem as HomeProblem {
                return Self.error(400, problem.message)
            } catch {
                return Self.error(500, "\(error)")
            }
            return Self.json(200, home)
        }
    }

    /// `DELETE /v1/home/{home}`.
    func deleteHome(_ routed: RouteRequest) async -> HTTPResponse {
        let removed = (try? await assistant.deleteHome(routed.captures[0])) ?? false
        return removed ? Self.json(200, ["deleted": routed.captures[0]]) : Self.error(404, "no home \(routed.captures[0])")
    }

    struct HomeBody: Decodable {
        var name: String
        var people: [HomeDocument.Person]?
        var rooms: [HomeDocument.Room]?
        var devices: [HomeDocument.Device]?
        var defaultPerson: String?
    }
}
