import Storage

/// Who owns what, when a server has many users (tokens): a home belongs to the user who first
/// wrote or used it ("home:ID"). The first claim wins; later claims by others are refused.
struct OwnerStore {
    let db: any SQLDatabase

    /// Claims `resource` for `user` if no one owns it; true when `user` owns it now.
    func claim(_ resource: String, for user: String) throws -> Bool {
        try db.run(
            "INSERT INTO owners(resource, owner) VALUES(?,?) ON CONFLICT(resource) DO NOTHING",
            [.text(resource), .text(user)])
        return try owner(of: resource) == user
    }

    func owner(of resource: String) throws -> String? {
        try db.first("SELECT owner FROM owners WHERE resource = ?", [.text(resource)])?.string(0)
    }
}
