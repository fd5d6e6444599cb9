import Apps
import Assistant
import Foundation
import Understanding

extension Commands {
    /// Synthetic apps for `hark bench parse --apps N`: each with 20 phrases over four commands (a
    /// walk, a number with a unit, a choice, free text) in English and Russian, and `entities`
    /// entities; their names are words no request of the dev sets holds.
    static func benchApps(_ count: Int) -> [Apps.AppRegistration] {
        let words = ["Trail", "Harbor", "Quill", "Pebble", "Lantern", "Orbit", "Maple", "Cobalt", "Juniper", "Falcon"]
        return (0..<count).map { index in
            let name = words[index % words.count] + " " + words[(index / words.count + 3) % words.count] + "ly"
            let distance = AppParameterDefinition(name: "amount", kind: .number, minimum: 1, maximum: 100)
            let mode = AppParameterDefinition(
                name: "mode", kind: .choice, choices: ["fast": ["en": ["fast", "quick"]], "slow": ["en": ["slow", "easy"]]])
            let thing = AppParameterDefinition(name: "thing", kind: .entity, entityType: "thing")
            let note = AppParameterDefinition(name: "note", kind: .text)
            func five(_ verbs: [String], _ tail: String) -> [String] { verbs.map { "\($0) \(tail)" } }
            return Apps.AppRegistration(
                identifier: "bench.app\(index)", name: name,
                intents: [
                    AppIntentDefinition(
                        identifier: "open", title: "Open", parameters: [thing],
                        phrases: [
                            "en": five(["open", "load", "show", "start", "play"], "{thing} in {applicationName}"),
                            "ru": ["открой {thing} в {applicationName}"],
                        ]),
                    AppIntentDefinition(
                        identifier: "make", title: "Make", parameters: [distance, mode],
                        phrases: [
                            "en": five(["make", "build", "create", "plan", "set up"], "a {amount} unit {mode} thing with {applicationName}")
                        ]),
                    AppIntentDefinition(
                        identifier: "note", title: "Note", parameters: [note],
                        phrases: ["en": five(["note", "write", "remember", "add", "log"], "{note} in {applicationName}")]),
                    AppIntentDefinition(
                        identifier: "list", title: "List", parameters: [],
                        phrases: [
                            "en": five(["list", "show me", "what are", "read", "count"], "my things in {applicationName}")
                        ]),
                ],
                entityTypes: ["thing"], endpoint: "http://127.0.0.1:9")
        }
    }

    /// Registering apps, and storing and indexing one app's entities, timed (for `bench parse --apps`).
    static func benchAppSetup(_ apps: [Apps.AppRegistration], entities: Int, base: Understander) async throws
        -> (Understander, [String: Double])
    {
        var report: [String: Double] = [:]
        var start = DispatchTime.now().uptimeNanoseconds
        let withApps = try base.withApps(apps.compactMap(\.phraseSource))
        report["compileAppsMs"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hark-bench-apps-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands = try AppCommands(state: .file(folder.appendingPathComponent("apps.db").path))
        let things = (0..<entities).map { index in
            Apps.AppEntity(id: "t\(index)", type: "thing", name: "Thing \(Self.benchWord(index)) \(index % 97)")
        }
        start = DispatchTime.now().uptimeNanoseconds
        try await commands.put(things, app: "bench.app0")
        report["storeAndIndexEntitiesMs"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        var times: [Double] = []
        for index in stride(from: 0, to: entities, by: max(entities / 200, 1)) {
            start = DispatchTime.now().uptimeNanoseconds
            _ = try await commands.match("thing \(Self.benchWord(index)) \(index % 97)", app: "bench.app0", type: "thing")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        times.sort()
        report["entityMatchMedianMicros"] = times[times.count / 2]
        report["entityMatchP99Micros"] = times[min(times.count - 1, times.count * 99 / 100)]
        return (withApps, report)
    }

    /// A pronounceable made-up word for entity `index` ("bakomi").
    static func benchWord(_ index: Int) -> String {
        let syllables = ["ba", "ko", "mi", "te", "ru", "sa", "no", "vi", "le", "du", "pa", "zo"]
        var value = index
        var word = ""
        repeat {
            word += syllables[value % syllables.count]
            value /= syllables.count
        } while value > 0
        return word
    }
}
