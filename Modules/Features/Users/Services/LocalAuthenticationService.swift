import Foundation
import KernelDomain
import KernelServices

/// Authentication without a server: a profile is a local name pair, and a
/// session is a fresh random token of which only the hash is stored. A
/// remote service would implement the same `AuthenticationService` port.
public struct LocalAuthenticationService: AuthenticationService {
    let sessions: any SessionStore
    let generator: any TokenGenerator
    let hasher: any TokenHasher
    let now: @Sendable () -> Date

    public init(
        sessions: any SessionStore, generator: any TokenGenerator = SecureTokenGenerator(),
        hasher: any TokenHasher = SHA256TokenHasher(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sessions = sessions
        self.generator = generator
        self.hasher = hasher
        self.now = now
    }

    public func signIn(_ name: PersonName) async throws -> SignInResult {
        let token = generator.makeToken()
        let started = try await sessions.startSession(for: name, tokenHash: hasher.hash(token), at: now())
        return SignInResult(profile: started.profile, token: token, createdProfile: started.createdProfile)
    }

    public func currentUser() async throws -> UserProfile? { try await sessions.currentProfile() }

    public func signOut() async throws -> UserProfile? { try await sessions.endCurrentSession(at: now()) }

    public func verify(_ token: SessionToken) async throws -> UserProfile? {
        try await sessions.profile(forTokenHash: hasher.hash(token))
    }
}
