import KernelDomain
import KernelPresentation
import StarsDomain

/// How the stars screens learn who they show and with which token, without
/// seeing the settings store: Composition hands in the shared account and a
/// function that reads the token (the secret never enters a snapshot).
public struct StarsAccess: Sendable {
    public let library: StarsLibrary
    public let opener: any URLOpener
    public let account: AccountCenter
    public let token: @Sendable (Int64) async throws -> String?

    public init(
        library: StarsLibrary, opener: any URLOpener, account: AccountCenter,
        token: @escaping @Sendable (Int64) async throws -> String?
    ) {
        self.library = library
        self.opener = opener
        self.account = account
        self.token = token
    }

    /// The GitHub account from current settings, or nil without a username;
    /// throws `notSignedIn` when nobody is signed in (the remedy differs).
    @MainActor
    func current() async throws -> GitHubAccount? {
        guard let user = account.user else { throw StarsError.notSignedIn }
        guard let settings = account.settings, !settings.githubUser.isEmpty else { return nil }
        let secret = settings.hasGitHubToken ? try await token(user.id) : nil
        return GitHubAccount(
            user: settings.githubUser, token: secret, apiBase: settings.githubBaseURL, webBase: settings.githubWebURL)
    }

    /// Opens a repository's page: marks it visited, starts the browser if
    /// there is one; returns the URL when it should be printed instead.
    func open(id: Int64, account: GitHubAccount) async throws -> (url: String, opened: Bool) {
        let url = try await library.open(id: id, account: account)
        let opened = try await opener.open(url)
        return (url, opened)
    }
}
