extension String {
    /// The text as a terminal may show it: control characters (an escape sequence in a title would
    /// move the cursor or retitle the window) become U+FFFD.
    public var forTerminal: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
    }
}
