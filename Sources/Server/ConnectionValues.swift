import CMicroHTTPD

/// What libmicrohttpd knows of a connection: its headers, query arguments and client address.

/// Every header or query argument of a connection, names lower-cased for headers.
func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
    final class Collected { var values: [String: String] = [:] }
    let collected = Collected()
    let lowercase = kind == .HEADER_KIND
    _ = withExtendedLifetime(collected) {
        // With the sizes: a value holding a NUL (`?user=%00x`) is kept whole, not cut at the NUL.
        MHD_get_connection_values_n(
            connection, kind,
            { cls, _, key, keySize, value, valueSize in
                guard let cls, let key else { return .YES }
                let box = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
                let text = { (pointer: UnsafePointer<CChar>, size: Int) in
                    String(decoding: UnsafeRawBufferPointer(start: pointer, count: size), as: UTF8.self)
                }
                box.values[text(key, keySize)] = value.map { text($0, valueSize) } ?? ""
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
    }
    if kind == .GET_ARGUMENT_KIND {
        // The server leaves "%2F", "%25" and "%00" for the router (hark_mhd_unescape): decoded here.
        return Dictionary(
            collected.values.map { (Router.decoded($0.key), Router.decoded($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
    guard lowercase else { return collected.values }
    return Dictionary(collected.values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
}

/// Every value of one header (its name in lower case), in the order sent.
func headerValues(_ connection: OpaquePointer, _ wanted: String) -> [String] {
    final class Collected {
        let wanted: String
        var values: [String] = []
        init(_ wanted: String) { self.wanted = wanted }
    }
    let collected = Collected(wanted)
    _ = withExtendedLifetime(collected) {
        MHD_get_connection_values(
            connection, .HEADER_KIND,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let box = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
                if String(cString: key).lowercased() == box.wanted { box.values.append(value.map { String(cString: $0) } ?? "") }
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.values
}

/// The client's IPv4 address, or "".
func clientAddress(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard hark_mhd_client_address(connection, &buffer, buffer.count) != 0 else { return "" }
    return String(cString: buffer)
}
