import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing
import UsersPresentation

/// The settings screen: not signed in, validation of every field, saving,
/// the secret token, and changes seen by other open screens.
@MainActor
@Suite struct SettingsViewModelTests {
    func signedIn() async throws -> (AccountCenter, FakeSettingsStore) {
        let (account, _, store) = makeAccount()
        _ = try await account.signIn(PersonName(first: "Ada", last: "Lovelace"))
        return (account, store)
    }

    func field(_ vm: SettingsViewModel, _ id: String) -> FormField? {
        vm.snapshot.content.form?.fields.first { $0.id == id }
    }

    @Test func nobodySignedInSaysSoAndOffersTheLoginScreen() async throws {
        let (account, _, store) = makeAccount()
        let vm = SettingsViewModel(account: account)
        await vm.start()
        #expect(vm.snapshot.status.kind == .error)
        #expect(vm.snapshot.status.code == "settings.not_signed_in")
        #expect(vm.snapshot.status.message?.contains("Nobody is signed in") == true)
        #expect(vm.snapshot.content.form == nil)
        #expect(vm.snapshot.action("login")?.enabled == true)
        #expect(vm.snapshot.action("set")?.enabled == false)
        #expect(vm.snapshot.action("set")?.disabledReason == "Sign in first: settings belong to a user (facet login sign-in --first-name NAME --last-name NAME)")
        let outcome = try await vm.run("login")
        #expect(outcome.navigate == ScreenRequest(screen: "login"))
        await #expect(throws: ScreenError.self) { try await vm.set(.githubUser, "octocat") }
        #expect(await store.applyCalls == 0)
    }

    @Test func aStorageFailureIsShownRatherThanNobodySignedIn() async throws {
        let (account, auth, _) = makeAccount()
        await auth.fail(with: StorageError(.corrupt, "file is not a database"))
        let vm = SettingsViewModel(account: account)
        await vm.start()
        #expect(vm.snapshot.status.code == "storage.corrupt")
        #expect(vm.snapshot.status.message == "The database file is damaged and cannot be read: file is not a database")
        await auth.fail(with: nil)
        _ = try await vm.run("reload")
        #expect(vm.snapshot.status.code == "settings.not_signed_in")
    }

    @Test func showsSavedValuesAndAnsweringEveryFieldWithItsMessage() async throws {
        let (account, store) = try await signedIn()
        let vm = SettingsViewModel(account: account)
        await vm.start()
        #expect(vm.snapshot.status.kind == .idle)
        #expect(field(vm, "page-size")?.value == "50")
        // The saved values, typed: the page size is a number, the token a flag.
        let saved = try #require(vm.snapshot.content.detail?.rows)
        #expect(saved.map(\.id) == ["user", "github-user", "github-token", "ui", "page-size", "github-base-url", "photos-base-url", "github-web-url", "mpd-host", "mpd-port", "pictures", "picture-cache-mib"])
        #expect(saved.first { $0.id == "page-size" }?.data == .int(50))
        #expect(saved.first { $0.id == "page-size" }?.type == .integer)
        #expect(saved.first { $0.id == "github-token" }?.data == .bool(false))
        #expect(saved.first { $0.id == "github-user" }?.data == .null)
        #expect(saved.first { $0.id == "github-base-url" }?.type == .url)
        #expect(vm.snapshot.action("save")?.disabledReason == "Nothing to save: no setting was edited")
        #expect(vm.snapshot.action("login")?.disabledReason == "Already signed in as Ada Lovelace")
        #expect(field(vm, "ui")?.choices == ["", "cli", "tui", "jsonl"])
        #expect(vm.snapshot.action("save")?.enabled == false)

        let bad: [(SettingKey, String, String)] = [
            (.githubUser, "-octo", "GitHub username may hold only letters, digits and single hyphens, not at the start or end."),
            (.githubToken, "has space", "GitHub token must be printable ASCII without spaces."),
            (.preferredUI, "gui", "Preferred front end must be one of cli, tui, jsonl (or empty for the default)."),
            (.pageSize, "0", "Page size must be between 10 and 500."),
            (.pageSize, "1000000000", "Page size must be between 10 and 500."),
            (.githubBaseURL, "file:///etc/passwd", "GitHub API base URL must be an http:// or https:// URL."),
            (.photosBaseURL, "javascript:alert(1)", "Photos API base URL must be an http:// or https:// URL."),
        ]
        for (key, value, message) in bad {
            _ = try await vm.run("set-field", ["field": .string(key.rawValue), "value": .string(value)])
            #expect(field(vm, key.rawValue)?.message == message)
            #expect(vm.snapshot.action("save")?.enabled == false)
            await #expect(throws: ScreenError.self) { _ = try await vm.run("set", ["key": .string(key.rawValue), "value": .string(value)]) }
            // Fix it again so the next case is judged alone.
            vm.setField(key, SettingsRules.defaultValue(key))
        }
        #expect(await store.applyCalls == 0)
        #expect(vm.isSaveEnabled)
    }

    @Test func saveStoresEveryDraftAndTheTokenNeverShows() async throws {
        let (account, store) = try await signedIn()
        let vm = SettingsViewModel(account: account)
        await vm.start()
        vm.setField(.githubUser, "octocat")
        vm.setField(.githubToken, "ghp_SECRET123")
        vm.setField(.preferredUI, "jsonl")
        vm.setField(.pageSize, "25")
        vm.setField(.githubBaseURL, "http://127.0.0.1:9/")
        vm.setField(.photosBaseURL, "https://photos.example.com")
        #expect(!SnapshotJSON.string(vm.snapshot).contains("ghp_SECRET123"))
        #expect(field(vm, "github-token")?.secret == true)
        #expect(field(vm, "github-token")?.placeholder == "not set")
        #expect(vm.snapshot.action("save")?.enabled == true)
        _ = try await vm.run("save")
        #expect(vm.drafts.isEmpty)
        #expect(vm.snapshot.status.kind == .notice)
        let saved = try #require(account.settings)
        #expect(saved == UserSettings(
            githubUser: "octocat", hasGitHubToken: true, preferredUI: "jsonl", pageSize: 25,
            githubBaseURL: "http://127.0.0.1:9", photosBaseURL: "https://photos.example.com"))
        #expect(try await store.githubToken(for: 1) == "ghp_SECRET123")
        #expect(field(vm, "github-token")?.value == "")
        #expect(field(vm, "github-token")?.placeholder == "set (hidden)")
        #expect(!SnapshotJSON.string(vm.snapshot).contains("ghp_SECRET123"))

        // An empty value clears the token.
        try await vm.set(.githubToken, "")
        #expect(account.settings?.hasGitHubToken == false)
        #expect(try await store.githubToken(for: 1) == nil)
    }

    @Test func aChangeIsVisibleAtOnceOnOtherOpenScreens() async throws {
        let (account, _) = try await signedIn()
        let first = SettingsViewModel(account: account)
        let second = SettingsViewModel(account: account)
        let whoami = AccountViewModel(account: account)
        await first.start()
        await second.start()
        await whoami.start()
        let before = second.changes.version
        _ = try await first.run("set", ["key": .string("ui"), "value": .string("tui")])
        #expect(second.changes.version > before)
        #expect(field(second, "ui")?.value == "tui")
        #expect(whoami.snapshot.content.detail?.rows.last == DetailRow("Preferred front end", "tui", id: "ui"))

        // Signing out elsewhere turns every settings screen to "nobody".
        let login = LoginViewModel(account: account)
        await login.start()
        _ = try await login.run("sign-out")
        #expect(second.snapshot.status.code == "settings.not_signed_in")
        #expect(second.snapshot.content.form == nil)
    }
}

extension SettingsRules {
    /// A valid value for each key, to reset a field in tests.
    static func defaultValue(_ key: SettingKey) -> String {
        switch key {
        case .githubUser, .githubToken, .preferredUI: ""
        case .pageSize: String(defaultPageSize)
        case .githubBaseURL: defaultGitHubBaseURL
        case .photosBaseURL: defaultPhotosBaseURL
        case .githubWebURL: defaultGitHubWebURL
        case .mpdHost, .mpdPort: ""
        case .pictures: "on"
        case .pictureCacheMiB: String(defaultPictureCacheMiB)
        }
    }
}
