import Foundation
import KernelDomain
import KernelPresentation
import UsersPresentation
import ScreenKit
import TestSupport
import Testing

/// Contract 2 (see `checkTypedSnapshot`) on every users screen, in several states.
@MainActor
@Suite struct AccountTypedSnapshotTests {
    func check(_ screen: any Screen, _ descriptor: ScreenDescriptor, _ state: String) {
        checkTypedSnapshot(screen, descriptor, state)
    }

    @Test func accountScreens() async throws {
        let (account, _, _) = makeAccount()
        let whoami = AccountViewModel(account: account)
        let settings = SettingsViewModel(account: account)
        let login = LoginViewModel(account: account)
        for screen in [whoami, settings, login] as [any Screen] { await screen.start() }
        check(whoami, AccountViewModel.descriptor, "whoami, signed out")
        check(settings, SettingsViewModel.descriptor, "settings, signed out")
        check(login, LoginViewModel.descriptor, "login, empty")
        login.setFirstName("Ada")
        login.setLastName("Lovelace")
        login.signIn()
        await login.settle()
        check(login, LoginViewModel.descriptor, "login, signed in")
        check(whoami, AccountViewModel.descriptor, "whoami, signed in")
        check(settings, SettingsViewModel.descriptor, "settings, signed in")
        settings.setField(.pageSize, "7")
        check(settings, SettingsViewModel.descriptor, "settings, invalid draft")
        #expect(settings.snapshot.action("save")?.disabledReason == "Page size must be between 10 and 500.")
    }
}
