import Foundation
import KernelDomain

/// A door a test opens: work that waits on it pauses until then, so a test
/// can look at the screen while a sign-in is still running.
public final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() { (stream, continuation) = AsyncStream.makeStream() }

    public func wait() async { for await _ in stream { return } }
    public func open() { continuation.finish() }
}

/// In-memory `AuthenticationService`: profiles by case-insensitive name,
/// one open session, an optional gate and an optional failure.
public actor FakeAuthentication: AuthenticationService {
    public private(set) var profiles: [UserProfile] = []
    public private(set) var current: UserProfile?
    public private(set) var signInCalls: [PersonName] = []
    private var tokens: [String: Int64] = [:]
    public var gate: Gate?
    public var failure: (any Error)?

    public func hold(with gate: Gate?) { self.gate = gate }
    public func fail(with error: (any Error)?) { failure = error }

    public func signIn(_ name: PersonName) async throws -> SignInResult {
        signInCalls.append(name)
        if let gate { await gate.wait() }
        if let failure { throw failure }
        var created = false
        let profile: UserProfile
        if let found = profiles.first(where: {
            CaseFolding.fold($0.firstName) == CaseFolding.fold(name.first) && CaseFolding.fold($0.lastName) == CaseFolding.fold(name.last)
        }) {
            profile = found
        } else {
            profile = UserProfile(
                id: Int64(profiles.count + 1), firstName: name.first, lastName: name.last,
                createdAt: Date(timeIntervalSince1970: 1_800_000_000))
            profiles.append(profile)
            created = true
        }
        let token = SessionToken("facet_test_token_\(signInCalls.count)")
        tokens[token.reveal()] = profile.id
        current = profile
        return SignInResult(profile: profile, token: token, createdProfile: created)
    }

    public func currentUser() async throws -> UserProfile? {
        if let failure { throw failure }
        return current
    }

    public func signOut() async throws -> UserProfile? {
        defer { current = nil }
        return current
    }

    public func verify(_ token: SessionToken) async throws -> UserProfile? {
        guard let id = tokens[token.reveal()], current?.id == id else { return nil }
        return current
    }
}

/// In-memory `SettingsStore`.
public actor FakeSettingsStore: SettingsStore {
    public private(set) var saved: [Int64: UserSettings] = [:]
    public private(set) var tokens: [Int64: String] = [:]
    public private(set) var applyCalls = 0

    public func settings(for profile: Int64) async throws -> UserSettings { saved[profile] ?? .defaults }

    public func apply(_ changes: [SettingsChange], for profile: Int64) async throws -> UserSettings {
        applyCalls += 1
        var settings = saved[profile] ?? .defaults
        for change in changes {
            settings = settings.applying(change)
            if case .githubToken(let token) = change { tokens[profile] = token }
        }
        saved[profile] = settings
        return settings
    }

    public func githubToken(for profile: Int64) async throws -> String? { tokens[profile] }
}

@MainActor
public func makeAccount() -> (AccountCenter, FakeAuthentication, FakeSettingsStore) {
    let auth = FakeAuthentication()
    let store = FakeSettingsStore()
    return (AccountCenter(authentication: auth, settings: store, frontEnds: ["cli", "tui", "jsonl"]), auth, store)
}
