import Storage

/// Who owns what, when a server has many users (tokens): a home belongs to the user who first
/// wrote or used it ("home:ID"). The first claim wins; later claims by others are refused.
struct OwnerStore {
    let db: Database

    /// Claims `resource` for `user` if no one owns it; true when `user` owns it now.
    func claim(_ resource: String, for user: String) throws -> Bool {
        try db.prepare("INSERT INTO owners(resource, owner) VALUES(?,?) ON CONFLICT(resource) DO NOTHING")
            .run([.text(resource), .text(user)])
        return try owner(of: resource) == user
    }

    func owner(of resource: String) throws -> String? {
        try db.prepare("SELECT owner FROM owners WHERE resource = ?").rows([.text(resource)]).first?.string(0)
    }
}
