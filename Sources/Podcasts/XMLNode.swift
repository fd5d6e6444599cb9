import CLibXML2
import Foundation

/// An element of a document libxml2 parsed, read-only: its name and namespace, children,
/// attributes and text. Valid while its document (`XMLDocument`) lives.
struct XMLElement {
    let node: xmlNodePtr

    var name: String { String(cString: node.pointee.name) }
    /// The namespace's address ("" for none).
    var namespace: String { node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? "" }

    var children: [XMLElement] {
        var out: [XMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { out.append(XMLElement(node: current)) }
            child = current.pointee.next
        }
        return out
    }

    /// The first child named `name` in namespace `namespace`.
    func child(_ name: String, _ namespace: String = "") -> XMLElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    func all(_ name: String, _ namespace: String = "") -> [XMLElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The text of the element and its descendants, trimmed; nil when empty.
    var text: String? {
        guard let content = xmlNodeGetContent(node) else { return nil }
        defer { hark_xml_free(content) }
        let text = String(cString: content).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { hark_xml_free(value) }
        let text = String(cString: value).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The text of the first child named `name` in `namespace`.
    func text(of name: String, _ namespace: String = "") -> String? { child(name, namespace)?.text }
}

/// A document parsed by libxml2, freed with this value. Never reads the network, never substitutes
/// entities; a document declaring entities of its own is refused before anything reads it.
final class XMLDocument {
    let document: xmlDocPtr

    /// The most a feed may be; past this it is refused unread.
    static let largest = 20 * 1_048_576

    /// libxml2's global state, made once before documents are read on several threads at once.
    static let prepared: Void = xmlInitParser()

    init(_ data: Data, url: String?) throws(FeedError) {
        guard data.count <= Self.largest else { throw .tooLarge(limit: Self.largest) }
        guard !data.isEmpty else { throw .notXML("empty") }
        Self.quiet
        xmlResetLastError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = data.withUnsafeBytes { bytes -> xmlDocPtr? in
            guard let base = bytes.baseAddress else { return nil }
            return xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), url, nil, options)
        }
        guard let parsed else {
            let error = xmlGetLastError()
            // libxml2 stops an entity that expands without end itself; the feed declared it.
            if let code = error?.pointee.code, code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
                throw .declaresEntities
            }
            let reason = error.flatMap { $0.pointee.message }.map {
                String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            throw .notXML(reason ?? "unreadable")
        }
        if hark_xml_declares_entities(parsed) != 0 {
            xmlFreeDoc(parsed)
            throw .declaresEntities
        }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    var root: XMLElement? { xmlDocGetRootElement(document).map(XMLElement.init) }

    /// libxml2 prints parse errors unless told not to; once per process.
    private static let quiet: Void = hark_xml_quiet()

    /// The text of an HTML fragment (a feed's description), through libxml2's HTML parser.
    static func plainText(ofHTML html: String) -> String? {
        guard html.contains("<") || html.contains("&") else { return html }
        let options = Int32(
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NOIMPLIED.rawValue)
        let wrapped = "<div>" + html + "</div>"
        guard let document = htmlReadMemory(wrapped, Int32(wrapped.utf8.count), nil, "UTF-8", options) else {
            return html
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        let text = XMLElement(node: root).text?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text
    }
}
