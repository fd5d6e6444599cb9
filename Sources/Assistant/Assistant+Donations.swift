public import Apps
import MediaIntents
import Understanding

/// What people did in apps, done again: "do that again" (their latest donation) and a suggestion
/// taken on the web page, each carried out as the app's command.
extension Assistant {
    /// "Do that again": the person's latest donation, carried out once more.
    /// With nothing of the person's to repeat (or only a command of an app since removed), it says
    /// so: the words were understood.
    func repeatLatest(context: RequestContext, outcome: Outcome) async -> Outcome {
        if let donation = try? await appCommands.latestDonation(user: context.user, device: context.device),
            let done = await perform(donation, context: context, outcome: outcome)
        {
            return done
        }
        var nothing = outcome
        nothing.understood = Understood(intent: .appIntent)
        nothing.code = .failure
        nothing.reply = replies.say("app.again.none", language: outcome.language)
        return nothing
    }

    /// Records a command an app just carried out as the person's donation (App Intents donates an
    /// intent when the system performs it), unless its manifest says it is not one to repeat.
    func recordDone(
        _ command: PendingAppCommand, app: AppRegistration, intent: AppIntentDefinition, result: AppIntentResult,
        context: RequestContext, askedOn: String
    ) async {
        guard intent.donates != false else { return }
        let values = (intent.parameters ?? []).compactMap { parameter -> String? in
            guard let value = command.values[parameter.name] else { return nil }
            // In English, as the intent's title is: the unit as the manifest gives it for "en", else any.
            let unit = value.number != nil ? Self.text(parameter.unit, "en") : nil
            return [value.spoken, unit].compactMap { $0 }.joined(separator: " ")
        }
        let title =
            result.donationTitle ?? command.donationTitle
            ?? ([intent.title] + values).joined(separator: values.isEmpty ? "" : ": ")
        let donation = AppDonation(
            user: context.user, device: askedOn, app: app.identifier, intent: intent.identifier,
            parameters: command.values, title: title)
        // A record that could not be stored costs only the repeat; the command itself was done.
        try? await appCommands.donate(donation)
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
            app: app.identifier, intent: intent.identifier, values: donation.parameters, notes: [],
            donationTitle: donation.title)
        return await proceed(
            command, app: app, intent: intent, context: context, askedOn: context.device ?? "default", outcome: outcome)
    }
}
