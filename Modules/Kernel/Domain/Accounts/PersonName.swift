/// A first and last name that passed the name rules: trimmed, non-empty, at
/// most `limit` characters, no control characters or escape sequences. Only
/// this type reaches authentication, so no service ever sees a raw, unchecked
/// name.
public struct PersonName: Equatable, Sendable {
    public static let limit = 100

    public let first: String
    public let last: String

    /// Validates both parts, first name first; the error names the field.
    public init(first rawFirst: String, last rawLast: String) throws(UserError) {
        if let problem = Self.problem(with: rawFirst) { throw .invalidName(.firstName, problem) }
        if let problem = Self.problem(with: rawLast) { throw .invalidName(.lastName, problem) }
        first = rawFirst.trimmingWhiteSpace
        last = rawLast.trimmingWhiteSpace
    }

    /// The problem with one part, or nil if it is acceptable.
    public static func problem(with raw: String) -> NameRules.Problem? {
        NameRules.problem(with: raw, limit: limit)
    }

    /// Which part of the name a message is about.
    public enum Field: String, CaseIterable, Sendable {
        case firstName = "first-name"
        case lastName = "last-name"

        public var label: String {
            switch self {
            case .firstName: "First name"
            case .lastName: "Last name"
            }
        }
    }
}
