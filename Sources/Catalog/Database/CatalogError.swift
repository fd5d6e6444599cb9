/// Everything that can go wrong in the catalog, with what and where.
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    public enum Code: String, Sendable { case malformedLine, missingFile, unreadable, badMapping, snapshot }
    public var code: Code
    public var message: String
    /// The SQL, the file and line, or the field involved.
    public var context: String?

    public var description: String { context.map { "\($0): \(message)" } ?? message }

    /// A line of an import file that could not be read.
    public static func malformedLine(_ line: Int, reason: String, file: String? = nil) -> CatalogError {
        CatalogError(code: .malformedLine, message: reason, context: "\(file ?? "input") line \(line)")
    }

    static func missingFile(_ path: String) -> CatalogError {
        CatalogError(code: .missingFile, message: "no such file", context: path)
    }

    static func unreadable(_ path: String, reason: String) -> CatalogError {
        CatalogError(code: .unreadable, message: reason, context: path)
    }

    /// A catalog snapshot that cannot be built, put in place or read.
    public static func snapshot(_ path: String, _ reason: String) -> CatalogError {
        CatalogError(code: .snapshot, message: reason, context: path)
    }
}
