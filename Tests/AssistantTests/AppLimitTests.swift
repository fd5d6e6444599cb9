import Apps
import Assistant
import Testing

/// Found by fuzzing (issue 20): every registration compiles every app's phrases, so their number
/// is bounded.
@Suite("A bounded number of apps") struct AppLimitTests {
    @Test func theHundredAndFirstAppIsRefusedAndAKnownOneStillUpdates() async throws {
        var registry = AppRegistry()
        for index in 1..<Assistant.maximumApps {
            registry.register(AppRegistration(identifier: "com.example.app\(index)", name: "App Number \(index)"))
        }
        let assistant = try Assistant(app: BuiltInMediaApp(path: freshDatabase()), registry: registry)
        await #expect(throws: AppManifestError.self) {
            try await assistant.register(AppRegistration(identifier: "com.example.one-more", name: "One More"))
        }
        try await assistant.register(AppRegistration(identifier: "com.example.app1", name: "App Number One"))
    }
}
