/// Everything that can go wrong signing in or out, in the user's words.
/// Messages name the field but never echo the value: a rejected name may be
/// 10,000 characters long or hold escape sequences.
public enum UserError: DomainError, Equatable {
    case invalidName(PersonName.Field, NameRules.Problem)
    case notSignedIn
    case invalidToken

    public var code: String {
        switch self {
        case .invalidName(.firstName, _): "user.invalid_first_name"
        case .invalidName(.lastName, _): "user.invalid_last_name"
        case .notSignedIn: "user.not_signed_in"
        case .invalidToken: "user.invalid_token"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .invalidName, .invalidToken: .invalidInput
        case .notSignedIn: .notFound
        }
    }

    public var message: String {
        switch self {
        case .invalidName(let field, let problem): "\(field.label) \(problem.message)."
        case .notSignedIn:
            "Nobody is signed in. Sign in on the login screen (facet login sign-in --first-name NAME --last-name NAME)."
        case .invalidToken: "That session token is not valid (signed out, or never issued)."
        }
    }
}
