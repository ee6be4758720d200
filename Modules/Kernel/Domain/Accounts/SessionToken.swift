/// A raw session token, as issued at sign-in. It is handed to the user once
/// and never stored (stores keep only its hash). Its `description` is
/// redacted so that interpolating it into a log or message by mistake prints
/// nothing secret; read `reveal()` on purpose.
public struct SessionToken: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    private let raw: String

    public init(_ raw: String) { self.raw = raw }

    /// The secret itself, for the one place that shows it.
    public func reveal() -> String { raw }

    public var description: String { "<redacted token>" }
    public var debugDescription: String { description }
}

/// What a successful sign-in returns: who is now signed in, the one-time
/// token, and whether the profile was created by this sign-in.
public struct SignInResult: Equatable, Sendable {
    public var profile: UserProfile
    public var token: SessionToken
    public var createdProfile: Bool

    public init(profile: UserProfile, token: SessionToken, createdProfile: Bool) {
        self.profile = profile
        self.token = token
        self.createdProfile = createdProfile
    }
}

/// What a session store reports after opening a session.
public struct SessionStart: Equatable, Sendable {
    public var profile: UserProfile
    public var createdProfile: Bool

    public init(profile: UserProfile, createdProfile: Bool) {
        self.profile = profile
        self.createdProfile = createdProfile
    }
}
