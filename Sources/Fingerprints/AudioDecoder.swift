import CFFmpeg
import Foundation

/// Why a sound could not be read or used. The description names the file and what was wrong.
public enum AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The decoder cannot open it, or finds no sound in it.
    case notAudio(String, reason: String)
    /// It opened, but decoding failed before any sound came out.
    case decoderFailed(String, reason: String)
    case tooShort(String, seconds: Double, needed: Double)
    case tooLong(String, seconds: Double, limit: Double)
    /// Nothing louder than the room's hum in it.
    case silent(String)

    public var description: String {
        switch self {
        case .notAudio(let path, let reason): "\(path): not audio (\(reason))"
        case .decoderFailed(let path, let reason): "\(path): the decoder failed (\(reason))"
        case .tooShort(let path, let seconds, let needed):
            "\(path): \(Self.seconds(seconds)) of sound, at least \(Self.seconds(needed)) are needed"
        case .tooLong(let path, let seconds, let limit):
            "\(path): longer than \(Self.seconds(limit)) (\(Self.seconds(seconds)) or more)"
        case .silent(let path): "\(path): silence, nothing to recognise"
        }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
}

/// Any sound FFmpeg's libraries read (every container and codec they know: MP3, FLAC, Ogg,
/// Opus, AAC, WAV, WebM from a browser's recorder, …), decoded and mixed down to one channel of
/// 16-bit samples at `sampleRate`, the rate Chromaprint works at, so it resamples nothing again.
public enum AudioDecoder {
    /// Chromaprint's own rate.
    public static let sampleRate = 11_025

    /// Decodes up to `maxSeconds` of the file at `path` and hands the samples to `sink` in pieces;
    /// returns how many seconds came out. `speed` reads the sound as if it played that much faster
    /// (1.03: three per cent faster, higher and shorter), as a record or tape at the wrong speed.
    /// A damaged packet is skipped; a file from which nothing decodes is an error.
    @discardableResult
    public static func decode(
        _ path: String, maxSeconds: Double = .infinity, speed: Double = 1,
        sink: (UnsafeBufferPointer<Int16>) throws -> Void
    ) throws -> Double {
        quietLogging
        var format: UnsafeMutablePointer<AVFormatContext>?
        // Only the file itself: a playlist inside an upload (HLS, say) must not make the server
        // fetch addresses it names.
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        let opened = avformat_open_input(&format, path, nil, &options)
        av_dict_free(&options)
        guard opened == 0, let format else { throw AudioError.notAudio(path, reason: message(opened)) }
        defer {
            var owned: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&owned)
        }
        let found = avformat_find_stream_info(format, nil)
        guard found >= 0 else { throw AudioError.notAudio(path, reason: message(found)) }
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = format.pointee.streams[Int(index)] else {
            throw AudioError.notAudio(path, reason: "no audio stream")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw AudioError.decoderFailed(path, reason: "out of memory") }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        defer { avcodec_free_context(&owned) }
        let prepared = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard prepared >= 0 else { throw AudioError.decoderFailed(path, reason: message(prepared)) }
        let started = avcodec_open2(context, codec, nil)
        guard started == 0 else { throw AudioError.decoderFailed(path, reason: message(started)) }
        guard Self.rates.contains(Int(context.pointee.sample_rate)) else {
            throw AudioError.notAudio(path, reason: "a sample rate of \(context.pointee.sample_rate) Hz")
        }
        // Made for the first frame, and again whenever a stream changes its channels, sample
        // format or rate part way (MP3 and AAC may).
        var current: Resampler?
        var resampling: (channels: Int32, format: Int32, rate: Int32) = (0, -1, 0)
        func resampler(for frame: UnsafeMutablePointer<AVFrame>) throws -> Resampler {
            let shape = (frame.pointee.ch_layout.nb_channels, frame.pointee.format, frame.pointee.sample_rate)
            if let current, shape == resampling { return current }
            guard shape.0 > 0, shape.1 >= 0, Self.rates.contains(Int(shape.2)) else {
                throw AudioError.decoderFailed(path, reason: "a frame of \(shape.0) channels at \(shape.2) Hz")
            }
            var layout = frame.pointee.ch_layout
            if layout.order == AV_CHANNEL_ORDER_UNSPEC { av_channel_layout_default(&layout, shape.0) }
            let made = try Resampler(
                from: &layout, format: AVSampleFormat(rawValue: shape.1), rate: Int32((Double(shape.2) * speed).rounded()),
                path: path)
            current = made
            resampling = shape
            return made
        }

        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw AudioError.decoderFailed(path, reason: "out of memory")
        }
        var packetOwned: UnsafeMutablePointer<AVPacket>? = packet
        var frameOwned: UnsafeMutablePointer<AVFrame>? = frame
        defer {
            av_packet_free(&packetOwned)
            av_frame_free(&frameOwned)
        }
        let limit = maxSeconds.isFinite ? Int(min(max(maxSeconds, 0), 86_400) * Double(sampleRate)) : Int.max
        var produced = 0
        var failure: Int32 = 0
        // Hands on what the resampler made, up to the limit; true once the limit is reached.
        func emit(_ samples: UnsafeBufferPointer<Int16>) throws -> Bool {
            let kept = UnsafeBufferPointer(rebasing: samples.prefix(limit - produced))
            produced += kept.count
            if !kept.isEmpty { try sink(kept) }
            return produced >= limit
        }
        // Takes every frame the decoder has ready; true once the limit is reached.
        func drain() throws -> Bool {
            while true {
                let received = avcodec_receive_frame(context, frame)
                if received == hark_av_again() || received == hark_av_eof() { return false }
                if received < 0 {
                    failure = received
                    return false
                }
                defer { av_frame_unref(frame) }
                if try emit(try resampler(for: frame).convert(frame)) { return true }
            }
        }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            let sent = avcodec_send_packet(context, packet)
            if sent < 0, sent != hark_av_again() {
                failure = sent
                continue
            }
            if try drain() { return seconds(produced) }
        }
        avcodec_send_packet(context, nil)
        if try drain() { return seconds(produced) }
        let rest = try current?.flush() ?? []
        _ = try rest.withUnsafeBufferPointer { try emit($0) }
        if produced == 0, failure != 0 { throw AudioError.decoderFailed(path, reason: message(failure)) }
        return seconds(produced)
    }

    /// The first `maxSeconds` of a file, decoded whole.
    public static func samples(_ path: String, maxSeconds: Double = .infinity, speed: Double = 1) throws -> [Int16] {
        var all: [Int16] = []
        try decode(path, maxSeconds: maxSeconds, speed: speed) { all.append(contentsOf: $0) }
        return all
    }

    /// Samples at `sampleRate` played `speed` times faster (resampled by libswresample).
    public static func resampled(_ samples: [Int16], speed: Double) throws -> [Int16] {
        if speed == 1 || samples.isEmpty { return samples }
        var mono = AVChannelLayout()
        av_channel_layout_default(&mono, 1)
        let rate = Int32((Double(sampleRate) * speed).rounded())
        let resampler = try Resampler(from: &mono, format: AV_SAMPLE_FMT_S16, rate: rate, path: "samples")
        var out = try samples.withUnsafeBufferPointer { Array(try resampler.convert($0)) }
        out += try resampler.flush()
        return out
    }

    static func seconds(_ samples: Int) -> Double { Double(samples) / Double(sampleRate) }

    /// Sample rates a real recording has (others are a damaged or hostile file).
    static let rates = 1_000...768_000

    /// FFmpeg's words for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// FFmpeg writes warnings about damaged streams to standard error; Hark reports errors itself.
    static let quietLogging: Void = av_log_set_level(AV_LOG_QUIET)
}

/// libswresample converting any layout, sample format and rate to mono 16-bit at Chromaprint's rate.
final class Resampler {
    private var context: OpaquePointer?
    /// Where converted samples are written; grown when a frame needs more.
    private var buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 4096)

    init(from layout: inout AVChannelLayout, format: AVSampleFormat, rate: Int32, path: String) throws {
        var mono = AVChannelLayout()
        av_channel_layout_default(&mono, 1)
        let made = swr_alloc_set_opts2(
            &context, &mono, AV_SAMPLE_FMT_S16, Int32(AudioDecoder.sampleRate), &layout, format, rate, 0, nil)
        guard made >= 0, context != nil else {
            throw AudioError.decoderFailed(path, reason: AudioDecoder.message(made))
        }
        let started = swr_init(context)
        guard started >= 0 else { throw AudioError.decoderFailed(path, reason: AudioDecoder.message(started)) }
    }

    deinit {
        swr_free(&context)
        buffer.deallocate()
    }

    /// One decoded frame converted; the samples are valid until the next call.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws -> UnsafeBufferPointer<Int16> {
        try run(count: frame.pointee.nb_samples) { out, capacity in
            hark_swr_convert(context, out, capacity, hark_frame_planes(frame), frame.pointee.nb_samples)
        }
    }

    /// Mono 16-bit samples converted.
    func convert(_ samples: UnsafeBufferPointer<Int16>) throws -> UnsafeBufferPointer<Int16> {
        try run(count: Int32(samples.count)) { out, capacity in
            hark_swr_convert_samples(context, out, capacity, samples.baseAddress, Int32(samples.count))
        }
    }

    /// What the resampler still holds.
    func flush() throws -> [Int16] {
        Array(try run(count: 0) { out, capacity in hark_swr_convert(context, out, capacity, nil, 0) })
    }

    private func run(count: Int32, _ body: (UnsafeMutablePointer<Int16>, Int32) -> Int32) throws
        -> UnsafeBufferPointer<Int16>
    {
        let capacity = Int(swr_get_out_samples(context, count)) + 64
        if buffer.count < capacity {
            buffer.deallocate()
            buffer = .allocate(capacity: capacity)
        }
        let made = body(buffer.baseAddress!, Int32(buffer.count))
        guard made >= 0 else { throw AudioError.decoderFailed("resampler", reason: AudioDecoder.message(made)) }
        return UnsafeBufferPointer(rebasing: buffer.prefix(Int(made)))
    }
}
