extension StringProtocol {
    /// Without leading and trailing white space: Unicode's White_Space plus
    /// ZERO WIDTH SPACE, the set Foundation's `whitespacesAndNewlines` holds
    /// on Linux (a test compares the two scalar by scalar).
    ///
    /// Not Foundation's `trimmingCharacters`: on Linux it goes through
    /// `NSString` and `CFCharacterSet`, whose first use in a process costs
    /// runtime scans of every protocol conformance: a visible share of a
    /// one-shot command's start-up.
    public var trimmingWhiteSpace: String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhiteSpace($0) }),
              let last = scalars.lastIndex(where: { !Self.isWhiteSpace($0) })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
