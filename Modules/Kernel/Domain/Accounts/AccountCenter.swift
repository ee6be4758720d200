/// The signed-in user and their settings, shared by every open screen of a
/// process: one instance per app, handed to view models by Composition.
///
/// Seed 002 notes that one callback per event stops two views sharing a
/// model; here any number of screens observe, and every change (sign-in,
/// sign-out, a saved setting) reaches all of them at once, so the login,
/// account and settings screens never disagree.
@MainActor
public final class AccountCenter {
    /// Who is signed in, as last read or changed.
    public private(set) var user: UserProfile?
    /// That user's settings; nil when nobody is signed in.
    public private(set) var settings: UserSettings?
    public let authentication: any AuthenticationService
    /// The front ends the `ui` setting may name: this build's, from the
    /// launcher's registry (Domain keeps no list of its own).
    public let frontEnds: [FrontEndChoice]
    private let store: any SettingsStore
    private let observers = Observers<Void>()

    public init(authentication: any AuthenticationService, settings: any SettingsStore, frontEnds: [FrontEndChoice]) {
        self.authentication = authentication
        self.store = settings
        self.frontEnds = frontEnds
    }

    /// Reads the signed-in user and their settings again (another process
    /// may have signed in or out), and tells observers if anything changed.
    public func refresh() async throws {
        let current = try await authentication.currentUser()
        var loaded: UserSettings?
        if let current { loaded = try await store.settings(for: current.id) }
        set(user: current, settings: loaded)
    }

    public func signIn(_ name: PersonName) async throws -> SignInResult {
        let result = try await authentication.signIn(name)
        let loaded = try await store.settings(for: result.profile.id)
        set(user: result.profile, settings: loaded)
        return result
    }

    /// Ends the session; returns who was signed out.
    @discardableResult
    public func signOut() async throws -> UserProfile? {
        let previous = try await authentication.signOut()
        set(user: nil, settings: nil)
        return previous
    }

    /// Saves validated changes for the signed-in user.
    public func update(_ changes: [SettingsChange]) async throws -> UserSettings {
        guard let user else { throw SettingsError.notSignedIn }
        let saved = try await store.apply(changes, for: user.id)
        set(user: user, settings: saved)
        return saved
    }

    /// Calls `observer` after every change until the returned cancellation is
    /// called (a view model wraps it in ScreenKit's `ObservationToken`).
    public func observe(_ observer: @escaping @MainActor () -> Void) -> Observers<Void>.Cancellation {
        observers.add { _ in observer() }
    }

    public var observerCount: Int { observers.count }

    /// The GitHub token itself, for the code that calls GitHub (never for
    /// display): the port through which the stars feature reads a secret
    /// the users feature stores.
    public func githubToken(for profile: Int64) async throws -> String? {
        try await store.githubToken(for: profile)
    }

    private func set(user newUser: UserProfile?, settings newSettings: UserSettings?) {
        guard newUser != user || newSettings != settings else { return }
        user = newUser
        settings = newSettings
        observers.notify(())
    }
}
