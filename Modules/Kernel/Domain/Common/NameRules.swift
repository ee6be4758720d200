import Foundation

/// Rules for names a person types (playlist names, profile names): trimmed,
/// non-empty, bounded, and free of control characters that would corrupt a
/// terminal or a file later. Pure functions, testable on their own.
public enum NameRules {
    public enum Problem: Equatable, Sendable {
        case empty
        case tooLong(limit: Int)
        case controlCharacters

        public var message: String {
            switch self {
            case .empty: "must not be empty"
            case .tooLong(let limit): "must be at most \(limit) characters"
            case .controlCharacters: "must not contain control characters or escape sequences"
            }
        }
    }

    /// The problem with a name after trimming, or nil if it is acceptable.
    public static func problem(with raw: String, limit: Int = 100) -> Problem? {
        let name = raw.trimmingWhiteSpace
        if name.isEmpty { return .empty }
        if name.count > limit { return .tooLong(limit: limit) }
        if name.unicodeScalars.contains(where: isControl) { return .controlCharacters }
        return nil
    }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
    }
}
