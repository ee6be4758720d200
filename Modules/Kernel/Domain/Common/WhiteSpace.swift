import Foundation

extension StringProtocol {
    /// Without leading and trailing white space: Unicode's White_Space plus
    /// ZERO WIDTH SPACE, the set Foundation's `whitespacesAndNewlines` holds
    /// on Linux (a test compares the two scalar by scalar).
    public var trimmingWhiteSpace: String {
        String(self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
