public import Apps
import MediaIntents
import Understanding

/// What people did in apps, done again: "do that again" (their latest donation) and a suggestion
/// taken on the web page, each carried out as the app's command.
extension Assistant {
    /// "Do that again": the person's latest donation, carried out once more.
    func repeatLatest(context: RequestContext, outcome: Outcome) async -> Outcome? {
        guard let donation = try? await appCommands.latestDonation(user: context.user, device: context.device) else {
            return nil
        }
        return await perform(donation, context: context, outcome: outcome)
    }

    /// A suggestion taken (a donation carried out again, as the web page's suggestions do).
    public func perform(_ donation: AppDonation, context: RequestContext = RequestContext()) async -> Outcome {
        let language = understander.language(asked: context.language, text: "")
        let outcome = Outcome(
            text: "", language: language, understood: .none, interpretations: [], app: nil,
            device: context.device ?? "default", items: [], code: .failure, reason: nil, destinationReason: nil,
            speedReason: nil, commandStatus: nil, nowPlaying: nil, reply: "")
        if let done = await perform(donation, context: context, outcome: outcome) { return done }
        var refused = outcome
        refused.reply = replies.say("app.unknown", ["app": donation.app], language: language)
        return refused
    }

    func perform(_ donation: AppDonation, context: RequestContext, outcome: Outcome) async -> Outcome? {
        guard let app = registry.app(identifier: donation.app),
            let intent = app.intent(donation.intent)
        else { return nil }
        var outcome = outcome
        outcome.understood = Understood(intent: .appIntent, app: app.identifier)
        let command = PendingAppCommand(
            app: app.identifier, intent: intent.identifier, values: donation.parameters, notes: [])
        return await proceed(
            command, app: app, intent: intent, context: context, askedOn: context.device ?? "default", outcome: outcome)
    }
}
