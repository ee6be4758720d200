import Foundation
import KernelDomain
import KernelServices
import Testing
import UsersServices

/// Token generation and hashing, and the local authentication service over
/// an in-memory session store.
@Suite struct LocalAuthenticationTests {
    @Test func tokensAreLongRandomAndPrefixed() {
        let generator = SecureTokenGenerator()
        let tokens = (0..<200).map { _ in generator.makeToken().reveal() }
        #expect(Set(tokens).count == 200)
        for token in tokens {
            #expect(token.hasPrefix("facet_"))
            #expect(token.count == 6 + 64)
            #expect(token.dropFirst(6).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
    }

    @Test func hashIsSHA256HexOfTheToken() {
        // SHA-256("abc"), the FIPS 180-2 test vector.
        #expect(SHA256TokenHasher().hash(SessionToken("abc"))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func signInStoresOnlyTheHashAndVerifiesTheRawToken() async throws {
        let sessions = MemorySessions()
        let service = LocalAuthenticationService(sessions: sessions)
        let result = try await service.signIn(PersonName(first: "Ada", last: "Lovelace"))
        let stored = await sessions.hashes
        #expect(stored == [SHA256TokenHasher().hash(result.token)])
        #expect(!stored.contains(result.token.reveal()))
        #expect(try await service.verify(result.token) == result.profile)
        #expect(try await service.verify(SessionToken("facet_forged")) == nil)
        #expect(try await service.signOut() == result.profile)
        #expect(try await service.verify(result.token) == nil)
    }
}

/// The smallest `SessionStore` that records what it is given.
actor MemorySessions: SessionStore {
    private(set) var hashes: [String] = []
    private var open: (hash: String, profile: UserProfile)?

    func startSession(for name: PersonName, tokenHash: String, at date: Date) async throws -> SessionStart {
        hashes.append(tokenHash)
        let profile = UserProfile(id: 1, firstName: name.first, lastName: name.last, createdAt: date)
        open = (tokenHash, profile)
        return SessionStart(profile: profile, createdProfile: true)
    }

    func currentProfile() async throws -> UserProfile? { open?.profile }

    func endCurrentSession(at date: Date) async throws -> UserProfile? {
        defer { open = nil }
        return open?.profile
    }

    func profile(forTokenHash hash: String) async throws -> UserProfile? { open?.hash == hash ? open?.profile : nil }
}
