/// Who is asking, on which device, in which language.
public struct RequestContext: Codable, Sendable, Hashable {
    /// The person whose library and likes the request uses.
    public var user: String
    /// The player the request was spoken to; requests naming another device or room go there.
    public var device: String?
    /// BCP-47 tag when the caller knows it (from the speech recogniser).
    public var language: String?

    public init(user: String = "default", device: String? = nil, language: String? = nil) {
        self.user = user
        self.device = device
        self.language = language
    }
}
