import CCurl
public import Foundation

/// What fetching a feed gave: its body, or word that it has not changed since the validators
/// given (ETag, Last-Modified) were stored.
public struct FeedFetch: Sendable {
    public var status: Int
    /// Nil when the server said the feed has not changed (304).
    public var body: Data?
    public var etag: String?
    public var lastModified: String?
    /// The address after redirects.
    public var url: String

    public var notModified: Bool { body == nil }
}

/// Fetches feeds over HTTP(S) with libcurl: redirects followed (at most five, to http or https
/// only), compressed answers accepted, a conditional request when validators are known, a time
/// limit and a size limit. One fetch per call; a fetcher holds no connection between calls.
public struct FeedFetcher: Sendable {
    public var timeout = 20
    public var connectTimeout = 5
    public var largest = XMLDocument.largest
    public var userAgent = "Hark/1 (podcasts; +https://github.com/hark)"

    public init() {}

    private static let started: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    public func fetch(_ address: String, etag: String? = nil, lastModified: String? = nil) throws(FeedError)
        -> FeedFetch
    {
        guard let scheme = URL(string: address)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .badAddress(address)
        }
        Self.started
        guard let handle = curl_easy_init() else { throw .network("libcurl could not start") }
        defer { curl_easy_cleanup(handle) }
        let sink = Sink(largest: largest)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        var headers: UnsafeMutablePointer<curl_slist>?
        if let etag { headers = curl_slist_append(headers, "If-None-Match: \(etag)") }
        if let lastModified { headers = curl_slist_append(headers, "If-Modified-Since: \(lastModified)") }
        defer { curl_slist_free_all(headers) }
        let failed = withExtendedLifetime(sink) { () -> CURLcode in
            hark_curl_set_string(handle, CURLOPT_URL, address)
            hark_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
            hark_curl_set_long(handle, CURLOPT_MAXREDIRS, 5)
            hark_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            hark_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            hark_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes
            hark_curl_set_long(handle, CURLOPT_TIMEOUT, timeout)
            hark_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, connectTimeout)
            hark_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            hark_curl_set_string(handle, CURLOPT_USERAGENT, userAgent)
            hark_curl_set_list(handle, CURLOPT_HTTPHEADER, headers)
            hark_curl_set_write(handle, CURLOPT_WRITEFUNCTION, Sink.write)
            hark_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
            hark_curl_set_write(handle, CURLOPT_HEADERFUNCTION, Sink.header)
            hark_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
            return curl_easy_perform(handle)
        }
        if sink.tooLarge { throw .tooLarge(limit: largest) }
        switch failed {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut(seconds: timeout)
        default: throw .network(String(cString: curl_easy_strerror(failed)))
        }
        var status = 0
        hark_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var final: UnsafeMutablePointer<CChar>?
        hark_curl_get_string(handle, CURLINFO_EFFECTIVE_URL, &final)
        let url = final.map { String(cString: $0) } ?? address
        if status == 304 {
            return FeedFetch(status: status, body: nil, etag: etag, lastModified: lastModified, url: url)
        }
        guard (200..<300).contains(status) else { throw .status(status) }
        return FeedFetch(
            status: status, body: sink.body, etag: sink.headers["etag"], lastModified: sink.headers["last-modified"],
            url: url)
    }

    /// Where libcurl's callbacks put the body and the last answer's headers.
    private final class Sink {
        var body = Data()
        var headers: [String: String] = [:]
        let largest: Int
        var tooLarge = false

        init(largest: Int) { self.largest = largest }

        static let write: hark_curl_write = { data, size, count, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            // Past the limit the transfer is stopped: a 2 GB "feed" is never read to its end.
            guard sink.body.count + length <= sink.largest else {
                sink.tooLarge = true
                return 0
            }
            sink.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
            return length
        }

        static let header: hark_curl_write = { data, size, count, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                sink.headers = [:]  // a new answer (after a redirect): only the last one's headers count
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                sink.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return length
        }
    }
}
