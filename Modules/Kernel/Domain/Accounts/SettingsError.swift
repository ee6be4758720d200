import Foundation

/// A setting value that was refused, or settings asked for with nobody
/// signed in. Messages never echo the refused value (it may be a secret
/// token or hold escape sequences).
public enum SettingsError: DomainError, Equatable {
    case invalidValue(SettingKey, String)
    case notSignedIn

    public var code: String {
        switch self {
        case .invalidValue(let key, _): "settings.invalid_\(key.rawValue.replacingOccurrences(of: "-", with: "_"))"
        case .notSignedIn: "settings.not_signed_in"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .invalidValue: .invalidInput
        case .notSignedIn: .notFound
        }
    }

    public var message: String {
        switch self {
        case .invalidValue(let key, let reason): "\(key.label) \(reason)."
        case .notSignedIn: "Nobody is signed in: settings belong to a user. Sign in first (facet login sign-in --first-name NAME --last-name NAME)."
        }
    }
}
