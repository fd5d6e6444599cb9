import Apps
import MediaIntents
public import Understanding

/// The readings a request starts from, and what an unsure one becomes: confirmed by the catalog,
/// or a reply that says what was heard and not found.
extension Assistant {
    /// The request's readings through the given tiers, with the user's vocabulary, unsure ones
    /// checked against the catalog (`confirmedByCatalog`): what `ask` and `interpret` both start from.
    func readings(_ text: String, language: String, context: RequestContext, tiers: Tiers) async -> [Interpretation] {
        let vocabulary = await vocabulary(for: context.user)
        return await confirmedByCatalog(
            understander.understand(text, language: language, vocabulary: vocabulary, tiers: tiers), context: context)
    }

    /// A reading the understanding was unsure of stands when the catalog has what its names say
    /// for certain: the catalog is the evidence the words lacked. Otherwise it stays unsure
    /// (`clarify`): nothing is played, and the reply says which names were not found ("I couldn't
    /// find war and peace.") or, with no names, asks what to play.
    func confirmedByCatalog(_ interpretations: [Interpretation], context: RequestContext) async -> [Interpretation] {
        guard var asking = interpretations.first, asking.clarify == true else { return interpretations }
        if asking.understood.search?.hasName == true {
            let device = await place(for: asking.understood.params, context: context).device
            if await self.fit(asking.understood, user: context.user, device: device) >= Self.strongFit {
                asking.clarify = nil
                // A name the catalog has, read with an unsure guess that would change the person's
                // library ("summer of 69 by bryan adams" as an add): the name is played, which
                // changes nothing kept, rather than added or liked on a guess.
                if [.addMedia, .updateMediaAffinity].contains(asking.understood.intent) {
                    asking.understood.intent = .playMedia
                    asking.understood.params = nil
                }
            }
        }
        return [asking]
    }

    /// The reply to a reading that stayed unsure: what was heard and not found, then the question
    /// ("I couldn't find war and peace. What would you like me to play?"): the names may have been
    /// misheard, so the person is asked again rather than told only that nothing was found.
    func unsureReply(_ asking: Interpretation, language: String) -> String {
        let intent = asking.understood.intent
        let asked: Set<IntentKind> = [.playMedia, .addMedia]
        if let search = asking.understood.search, search.hasName {
            let query = ["query": describe(search, language: language)]
            return replies.say(asked.contains(intent) ? "ask.notFound.\(intent.rawValue)" : "fail.notFound", query, language: language)
        }
        return replies.say(asked.contains(intent) ? "ask.what.\(intent.rawValue)" : "none", language: language)
    }

    /// Understanding with the catalog's help: the reading `ask` would act on, or `none`.
    ///
    /// - Parameter tiers: the tiers to read with, when not the assistant's own (`hark eval` measures each).
    public func interpret(_ text: String, context: RequestContext = RequestContext(), tiers: Tiers? = nil) async
        -> Understood
    {
        let language = understander.language(asked: context.language, text: text)
        let interpretations = await readings(text, language: language, context: context, tiers: tiers ?? self.tiers)
        // An unsure reading is what `ask` answers about (nothing played): its names as read.
        if let asking = interpretations.first, asking.clarify == true { return asking.understood }
        let device = await place(for: interpretations.first?.understood.params, context: context).device
        return await choose(interpretations, context: context, device: device, language: language) ?? .none
    }
}
