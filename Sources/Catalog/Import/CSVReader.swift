/// Reads CSV (RFC 4180: quoted fields, doubled quotes, commas and newlines inside quotes).
struct CSVReader {
    /// Records with the line each one starts on (1-based).
    static func records(_ text: String) -> [(line: Int, fields: [String])] {
        var out: [(Int, [String])] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var iterator = text.makeIterator()
        var pending: Character? = nil
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { out.append((recordLine, fields)) }
            fields = []
            field = ""
        }
        while let ch = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if ch == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
                    } else {
                        inQuotes = false
                    }
                } else {
                    if ch == "\n" || ch == "\r\n" { line += 1 }
                    field.append(ch)
                }
                continue
            }
            switch ch {
            case "\"" where field.isEmpty: inQuotes = true
            case ",":
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default: field.append(ch)
            }
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return out
    }
}
