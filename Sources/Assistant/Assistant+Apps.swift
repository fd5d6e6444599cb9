public import Apps
import Foundation
import MediaIntents
import Understanding

/// The apps an assistant knows: registering them (their names, commands and phrases), finding the
/// one a request goes to (named, or the person's default), and its handlers.
extension Assistant {
    /// Registers an app: stored, and understood from the next request on.
    public func register(_ app: AppRegistration) async throws {
        try app.validate()
        // Each registration compiles every app's phrases: their number is bounded, or registering
        // would grow slower (and the understanding larger) without end.
        if registry.app(identifier: app.identifier) == nil, registry.apps.count >= Self.maximumApps {
            throw AppManifestError("at most \(Self.maximumApps) apps can be registered")
        }
        // Its phrases compile before anything is stored: a bad one refuses the whole manifest.
        do {
            var registry = self.registry
            registry.register(app)
            _ = try understander.withApps(registry.apps.compactMap(\.phraseSource))
        } catch let error as AppPhraseError {
            throw AppManifestError("phrase \"\(error.phrase)\" of \(error.intent) [\(error.language)]: \(error.reason)")
        }
        try await builtInApp.saveApp(app)
        try understandAlso { _ in [app] }
    }

    /// Builds the understanding with the apps `adding` gives (from the current registry) registered,
    /// and swaps it in. Built outside the lock: compiling every language's grammar takes most of a
    /// second (seconds in a debug build), and requests meanwhile go on with the current one. It is
    /// swapped in only if no other registration landed while it was built; otherwise it is built
    /// again from the newer registry, so two registrations at once both stay.
    private func understandAlso(_ adding: (AppRegistry) -> [AppRegistration]) throws {
        while true {
            let (base, model) = comprehension.withLock { ($0.registry, $0.understander.model) }
            let apps = adding(base)
            guard !apps.isEmpty else { return }
            var registry = base
            for app in apps { registry.register(app) }
            let understander = try Self.understander(registry: registry, model: model)
                .withApps(registry.apps.compactMap(\.phraseSource))
            let swapped = comprehension.withLock { current -> Bool in
                guard current.registry.apps == base.apps else { return false }
                current = Comprehension(
                    understander: understander, registry: registry, globalVocabulary: registry.globalVocabulary)
                return true
            }
            if swapped { return }
        }
    }

    /// Learns the apps other processes registered in the shared state (another replica's
    /// `POST /v1/apps`): each one stored that this assistant does not know as stored is registered
    /// here too, without storing it again.
    public func adoptRegistrations() async throws {
        let stored = try builtInApp.registeredApps()
        try understandAlso { known in stored.filter { known.app(identifier: $0.identifier) != $0 } }
    }

    /// Follows the registrations and home changes other replicas make (PostgreSQL state), until
    /// the returned function is called; nil when the state is a file (one server, which makes its own).
    public nonisolated func followOtherReplicas() throws -> (@Sendable () -> Void)? {
        let app = builtInApp
        guard
            let registrations = try app.watchAppRegistrations({ [weak self] _ in
                guard let self else { return }
                Task { try? await self.adoptRegistrations() }
            })
        else { return nil }
        let homes = try app.watchHomeChanges { home in Task { await app.forgetOutputs(ofHome: home) } }
        return {
            registrations()
            homes?()
        }
    }

    /// Registers an app by its names (`POST /v1/apps`): stored, and understood from the next request on.
    public func registerApp(
        identifier: String, name: String, alternativeNames: [String] = [], pronunciationHint: String? = nil
    ) async throws {
        try await register(
            AppRegistration(
                identifier: identifier, name: name, alternativeNames: alternativeNames,
                pronunciationHint: pronunciationHint))
    }

    /// The apps this assistant knows, the default first.
    public var apps: [AppRegistration] { registry.apps }

    /// The app registered under this identifier.
    public func app(identifier: String) -> AppRegistration? { registry.app(identifier: identifier) }

    /// True for an error that says another process held the database too long.
    public static func isBusy(_ error: any Error) -> Bool { BuiltInMediaApp.isBusy(error) }

    /// How many apps (Hark's own included) a system holds.
    public static let maximumApps = 100

    /// The identifier of Hark's own media app (`hark.library`).
    public static var ownAppIdentifier: String { AppRegistry.library.identifier }

    /// The app a request goes to: the one it names, else the person's default media app, else Hark's own.
    func app(for understood: Understood, user: String) async -> AppRegistration? {
        if understood.app != nil { return registry.app(named: understood.app) }
        if let chosen = try? builtInApp.setting(Self.defaultMediaAppSetting, user: user),
            let app = registry.app(identifier: chosen)
        {
            return app
        }
        return registry.app(named: nil)
    }

    /// The setting that holds a person's default media app.
    static let defaultMediaAppSetting = "defaultMediaApp"

    /// Makes an app a person's default for media requests that name none (nil: Hark's own again).
    public func setDefaultMediaApp(_ identifier: String?, user: String = "default") async throws {
        if let identifier, registry.app(identifier: identifier) == nil {
            throw AppManifestError("no app \(identifier) is registered")
        }
        try await builtInApp.setSetting(
            Self.defaultMediaAppSetting, value: identifier ?? AppRegistry.library.identifier, user: user)
    }

    /// The handlers of the app a request goes to: a media app over HTTP for the intents it answers
    /// itself; otherwise Hark's own (an app registered by its names alone is served by the built-in one).
    func handler(for app: AppRegistration, intent: IntentKind, user: String, device: String, language: String) async
        -> any MediaIntentHandling
    {
        if (app.mediaIntents ?? []).contains(intent.rawValue), app.endpoint != nil,
            let secret = try? await appCommands.secret(app: app.identifier)
        {
            return HTTPMediaHandler(app: app, secret: secret, user: user, device: device, language: language)
        }
        return builtInApp.handler(user: user, device: device)
    }
}
