import Testing

@testable import Understanding

/// Found by fuzzing (issue 20): a year or decade too large for an Int trapped on conversion.
@Suite("Numbers too large to mean anything") struct HugeNumberTests {
    @Test(arguments: [
        "play music from 66666600000053544603", "play songs from the 99999999999999999999s",
        "set the volume to 99999999999999999999", "play episode 99999999999999999999 of serial",
    ])
    func areNotATrap(text: String) {
        let readings = sharedUnderstander.understand(text, language: "en")
        #expect(readings.allSatisfy { $0.understood.search?.releaseDate?.start ?? 2000 < 10_000 })
    }
}
