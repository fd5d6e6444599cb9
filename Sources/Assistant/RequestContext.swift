/// Who is asking, on which device, in which language.
public struct RequestContext: Codable, Sendable, Hashable {
    /// The person whose library and likes the request uses.
    public var user: String
    /// The player the request was spoken to; requests naming another device or room go there.
    public var device: String?
    /// BCP-47 tag when the caller knows it (from the speech recogniser).
    public var language: String?
    /// The home the device belongs to (`Home`): then `device` is one of its devices, and the request
    /// is served for the person recognised, on the devices of the room asked for.
    public var home: String?
    /// The person speaking, by their id in the home or by the voice profile the speech front-end
    /// recognised; neither when no voice was recognised.
    public var person: String?
    public var voiceProfile: String?
    /// When the answer is due, in seconds since 1970 (`Assistant.requestBudget` from when it was
    /// asked, unless the caller sets it): an app or a player still working then is left, and the
    /// reply says what was done.
    public var deadline: Double?
    /// Whether the device asking shows text (the page, a phone): then "what are the lyrics?" is
    /// answered with the line being sung, where a speaker says it cannot show them.
    public var screen: Bool?

    /// The screen flag of the request being answered, for the answers that word themselves by it.
    @TaskLocal public static var askedOnScreen = false

    public init(
        user: String = "default", device: String? = nil, language: String? = nil, home: String? = nil,
        person: String? = nil, voiceProfile: String? = nil, deadline: Double? = nil
    ) {
        self.deadline = deadline
        self.user = user
        self.device = device
        self.language = language
        self.home = home
        self.person = person
        self.voiceProfile = voiceProfile
    }
}
