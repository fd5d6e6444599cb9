import CEspeakNG
import MediaIntents
public import Foundation

/// Replies spoken by espeak-ng's library (Debian's libespeak-ng), in the request's language.
public enum Speech {
    /// The espeak-ng voice for a reply language.
    public static func voice(for language: String) -> String {
        switch language {
        case "zh-Hans", "zh-Hant", "zh": return "cmn"
        case "en", "de", "fr", "es", "ru", "ja": return language
        default: return String(language.prefix(2))
        }
    }

    /// espeak-ng keeps one global synthesiser: it is started once, and used by one reply at a time.
    /// The value is its sample rate once started.
    private static let engine = Locked<Int?>(nil)

    /// Samples handed over by the synthesiser's callback while one reply is spoken.
    private final class Samples { var values: [Int16] = [] }

    /// The reply as WAV audio (RIFF, 16-bit mono at espeak-ng's rate, 22,050 Hz).
    public static func wav(_ text: String, language: String) throws -> Data {
        let (samples, rate) = try engine.withLock { started -> ([Int16], Int) in
            let rate = try start(&started)
            let samples = Samples()
            try synthesize(text, voice: voice(for: language), samples: samples)
            return (samples.values, rate)
        }
        guard !samples.isEmpty else { throw MusicFilesError("espeak-ng gave no audio for \"\(text)\"") }
        return wavFile(samples, rate: rate)
    }

    /// Says the reply on the default audio device.
    public static func speak(_ text: String, language: String) throws {
        try engine.withLock { started in
            _ = try start(&started)
            let speakAloud = espeak_ng_OUTPUT_MODE(
                ENOUTPUT_MODE_SYNCHRONOUS.rawValue | ENOUTPUT_MODE_SPEAK_AUDIO.rawValue)
            // Back to handing samples to the callback, whatever happens.
            defer { _ = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil) }
            try check(espeak_ng_InitializeOutput(speakAloud, 0, nil), "open the audio device")
            try synthesize(text, voice: voice(for: language), samples: nil)
        }
    }

    /// Starts the synthesiser (once): its data from Debian's espeak-ng-data, samples to a callback.
    private static func start(_ started: inout Int?) throws -> Int {
        if let rate = started { return rate }
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        try check(espeak_ng_Initialize(&context), "start (is espeak-ng-data installed?)")
        try check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil), "set up its output")
        espeak_SetSynthCallback { wav, count, events in
            guard let wav, count > 0, let box = events?.pointee.user_data else { return 0 }
            let samples = Unmanaged<Samples>.fromOpaque(box).takeUnretainedValue()
            samples.values.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
            return 0
        }
        let rate = Int(espeak_ng_GetSampleRate())
        started = rate
        return rate
    }

    /// Speaks `text` synchronously; samples go to `samples` (nil: to the audio device).
    private static func synthesize(_ text: String, voice: String, samples: Samples?) throws {
        try check(espeak_ng_SetVoiceByName(voice), "use the voice \"\(voice)\"")
        let context = samples.map { Unmanaged.passUnretained($0).toOpaque() }
        try withExtendedLifetime(samples) {
            try text.withCString { bytes in
                try check(
                    espeak_ng_Synthesize(
                        bytes, strlen(bytes) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, context),
                    "speak \"\(text)\"")
            }
        }
        try check(espeak_ng_Synchronize(), "finish speaking")
    }

    private static func check(_ status: espeak_ng_STATUS, _ doing: String) throws {
        guard status != ENS_OK else { return }
        var message = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &message, message.count)
        throw MusicFilesError("espeak-ng could not \(doing): \(String(cString: message))")
    }

    /// A RIFF WAV file of 16-bit mono samples.
    static func wavFile(_ samples: [Int16], rate: Int) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + samples.count * 2)
        func u32(_ value: Int) { for index in 0..<4 { bytes.append(UInt8((value >> (8 * index)) & 0xFF)) } }
        func u16(_ value: Int) { for index in 0..<2 { bytes.append(UInt8((value >> (8 * index)) & 0xFF)) } }
        bytes += Array("RIFF".utf8)
        u32(36 + samples.count * 2)
        bytes += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)  // PCM
        u16(1)  // mono
        u32(rate)
        u32(rate * 2)
        u16(2)
        u16(16)
        bytes += Array("data".utf8)
        u32(samples.count * 2)
        for sample in samples { u16(Int(UInt16(bitPattern: sample))) }
        return Data(bytes)
    }
}
