import Foundation

/// Signs people in and out. The local implementation (Services) keeps
/// profiles in SQLite; a remote one could replace it without any view model
/// noticing, because view models only ever see this protocol.
public protocol AuthenticationService: Sendable {
    /// Opens the profile with this name (creating it on first sign-in) and
    /// starts a session, ending any earlier one of this installation.
    func signIn(_ name: PersonName) async throws -> SignInResult
    /// The signed-in user, if any (survives restarts).
    func currentUser() async throws -> UserProfile?
    /// Ends the current session; returns who was signed out, nil if nobody was.
    func signOut() async throws -> UserProfile?
    /// Who holds this raw token, if its session is still open.
    func verify(_ token: SessionToken) async throws -> UserProfile?
}

/// Stores sessions, keyed by the hash of their token (never the token).
public protocol SessionStore: Sendable {
    /// In ONE transaction: finds the profile by name ignoring case or creates
    /// it with its default settings, ends any open session, and opens a new
    /// one with `tokenHash`. Two racing callers get one profile, never two,
    /// and a failure leaves nothing behind.
    func startSession(for name: PersonName, tokenHash: String, at date: Date) async throws -> SessionStart
    /// The profile of the open session, if any.
    func currentProfile() async throws -> UserProfile?
    /// Ends the open session; returns its profile, nil if none was open.
    func endCurrentSession(at date: Date) async throws -> UserProfile?
    /// The profile whose open session has this token hash.
    func profile(forTokenHash hash: String) async throws -> UserProfile?
}

/// Reads profiles.
public protocol ProfileStore: Sendable {
    func profiles() async throws -> [UserProfile]
    func profile(named name: PersonName) async throws -> UserProfile?
}

/// Makes session tokens. Must use a cryptographically secure source.
public protocol TokenGenerator: Sendable {
    func makeToken() -> SessionToken
}

/// Hashes a token for storage (one-way, stable across runs).
public protocol TokenHasher: Sendable {
    func hash(_ token: SessionToken) -> String
}
