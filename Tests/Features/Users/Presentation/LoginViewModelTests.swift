import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing
import UsersPresentation

/// Every state change of the login flow, driven through the typed inputs and
/// the screen contract, against in-memory doubles.
@MainActor
@Suite struct LoginViewModelTests {
    @Test func invalidThenValidThenSigningInThenSignedIn() async throws {
        let (account, auth, _) = makeAccount()
        let gate = Gate()
        await auth.hold(with: gate)
        let vm = LoginViewModel(account: account)
        await vm.start()
        let recorder = SnapshotRecorder(vm)

        // Invalid: both empty, nothing touched, no messages yet.
        #expect(!vm.isSignInEnabled)
        #expect(vm.snapshot.action("sign-in")?.enabled == false)
        #expect(vm.snapshot.action("sign-in")?.disabledReason == "Sign in needs a first and last name")
        #expect(vm.snapshot.action("sign-out")?.disabledReason == "Nobody is signed in")
        #expect(vm.snapshot.content.form?.submitAction == "sign-in")
        #expect(vm.firstNameMessage == nil)

        vm.setFirstName("Ada")
        #expect(!vm.isSignInEnabled)
        _ = try await vm.run("set-field", ["field": .string("last-name"), "value": .string("Lovelace")])
        #expect(vm.isSignInEnabled)
        #expect(vm.snapshot.action("sign-in")?.enabled == true)

        // Signing in: loading, fields read-only, submit and edits disabled.
        let outcome = try await vm.run("sign-in")
        #expect(outcome.pending)
        #expect(vm.isSigningIn)
        #expect(vm.snapshot.status.kind == .loading)
        #expect(vm.snapshot.status.message == "Signing in as Ada Lovelace…")
        #expect(vm.snapshot.content.form?.fields.allSatisfy(\.readOnly) == true)
        #expect(vm.snapshot.action("sign-in")?.enabled == false)
        #expect(vm.snapshot.action("set-field")?.enabled == false)
        #expect(vm.snapshot.action("sign-in")?.disabledReason == "A sign-in is running")
        await #expect(throws: ScreenError.self) { _ = try await vm.run("set-field", ["field": .string("first-name"), "value": .string("X")]) }

        gate.open()
        await vm.settle()
        #expect(!vm.isSigningIn)
        #expect(vm.signedInUser?.displayName == "Ada Lovelace")
        #expect(vm.snapshot.status == .notice("Created profile and signed in as Ada Lovelace."))
        #expect(vm.snapshot.action("sign-in")?.enabled == true)
        #expect(vm.snapshot.action("sign-out")?.enabled == true)
        #expect(vm.snapshot.content.form?.fields.allSatisfy { !$0.readOnly } == true)
        let rows = vm.snapshot.content.detail?.rows ?? []
        #expect(rows.contains(DetailRow("Signed in as", "Ada Lovelace", id: "user")))
        #expect(rows.contains(DetailRow(
            "Profile created", "2027-01-15 08:00 UTC", id: "created", data: .string("2027-01-15T08:00:00Z"), type: .datetime)))
        // No command takes the session's token, so no state shows it.
        #expect(rows.map(\.id) == ["user", "first-name", "last-name", "created"])
        #expect(!SnapshotJSON.string(vm.snapshot).contains("facet_test_token_1"))

        // Every published state, in order: edits, loading, signed in.
        #expect(recorder.statuses == [.idle, .idle, .loading, .notice])
        #expect(recorder.snapshots.map { $0.action("sign-in")?.enabled } == [false, true, false, true])
        #expect(recorder.snapshots.map { $0.content.form?.fields.first?.readOnly } == [false, false, true, false])
        #expect(recorder.snapshots.map { $0.content.detail == nil } == [true, true, true, false])
        #expect(recorder.versions == recorder.versions.sorted())

        _ = try await vm.run("set-field", ["field": .string("first-name"), "value": .string("Ada")])
        #expect(!SnapshotJSON.string(vm.snapshot).contains("facet_test_token_1"))
        #expect(vm.snapshot.content.detail?.rows.contains(DetailRow("Signed in as", "Ada Lovelace", id: "user")) == true)
    }

    @Test func signingInThenFailedShowsTheErrorOnTheScreen() async throws {
        let (account, auth, _) = makeAccount()
        let gate = Gate()
        await auth.hold(with: gate)
        await auth.fail(with: StorageError(.locked, "database is locked"))
        let vm = LoginViewModel(account: account, firstName: "Ada", lastName: "Lovelace")
        await vm.start()
        _ = try await vm.run("sign-in")
        #expect(vm.snapshot.status.kind == .loading)
        gate.open()
        await vm.settle()
        #expect(vm.snapshot.status.kind == .error)
        #expect(vm.snapshot.status.code == "storage.locked")
        #expect(vm.snapshot.status.message?.contains("busy") == true)
        #expect(vm.signedInUser == nil)
        #expect(vm.snapshot.content.detail == nil)
        // Still valid fields: the user may try again.
        #expect(vm.snapshot.action("sign-in")?.enabled == true)
        // Editing clears the error.
        vm.setFirstName("Ada ")
        #expect(vm.snapshot.status.kind == .idle)
    }

    @Test func fieldsClearedWhileSigningInLeaveSubmitDisabledAfterwards() async throws {
        // The seed forced "valid" back to true when the request finished.
        let (account, auth, _) = makeAccount()
        let gate = Gate()
        await auth.hold(with: gate)
        let vm = LoginViewModel(account: account, firstName: "Ada", lastName: "Lovelace")
        await vm.start()
        vm.signIn()
        #expect(vm.isSigningIn)
        vm.setLastName("")
        #expect(!vm.isSignInEnabled)
        gate.open()
        await vm.settle()
        #expect(!vm.isSigningIn)
        #expect(!vm.isSignInEnabled)
        #expect(vm.snapshot.action("sign-in")?.enabled == false)
        #expect(vm.lastNameMessage == "Last name must not be empty.")
        // The sign-in used the names it started with.
        #expect(await auth.signInCalls.map(\.last) == ["Lovelace"])
    }

    @Test func badNamesGetAMessagePerFieldAndNeverEnableSignIn() async throws {
        let (account, auth, _) = makeAccount()
        let vm = LoginViewModel(account: account)
        await vm.start()
        let cases: [(String, String, String?, String?)] = [
            ("   ", "Lovelace", "First name must not be empty.", nil),
            ("Ada", "Love\nlace", nil, "Last name must not contain control characters or escape sequences."),
            ("\u{1B}[2JAda", "Lovelace", "First name must not contain control characters or escape sequences.", nil),
            (String(repeating: "x", count: 10_000), "Lovelace", "First name must be at most 100 characters.", nil),
        ]
        for (first, last, firstMessage, lastMessage) in cases {
            vm.setFirstName(first)
            vm.setLastName(last)
            #expect(vm.firstNameMessage == firstMessage)
            #expect(vm.lastNameMessage == lastMessage)
            #expect(vm.snapshot.action("sign-in")?.enabled == false)
            await #expect(throws: ScreenError.self) { _ = try await vm.run("sign-in") }
        }
        #expect(await auth.signInCalls.isEmpty)
    }

    @Test func signOutEndsTheSessionAndEveryScreenSeesIt() async throws {
        let (account, _, _) = makeAccount()
        let login = LoginViewModel(account: account, firstName: "ada", lastName: "lovelace")
        let whoami = AccountViewModel(account: account)
        await login.start()
        await whoami.start()
        // Like `gh auth status`: nobody signed in is an error with a stable
        // code, and the message says how to sign in.
        #expect(whoami.snapshot.status.kind == .error)
        #expect(whoami.snapshot.status.code == "user.not_signed_in")
        #expect(whoami.snapshot.status.message?.contains("facet login sign-in --first-name") == true)
        #expect(whoami.snapshot.action("sign-out")?.disabledReason == "Nobody is signed in")
        let before = whoami.changes.version
        _ = try await login.run("sign-in")
        await login.settle()
        #expect(whoami.changes.version > before)
        #expect(whoami.snapshot.status == .idle)
        #expect(whoami.snapshot.content.detail?.rows.first == DetailRow("Signed in as", "ada lovelace", id: "user"))
        #expect(whoami.snapshot.content.detail?.rows.last == DetailRow("Preferred front end", "default", id: "ui", data: .null))
        // The account screen never shows the token.
        #expect(!SnapshotJSON.string(whoami.snapshot).contains("facet_test_token"))

        _ = try await login.run("sign-out")
        #expect(login.snapshot.status == .notice("Signed out ada lovelace."))
        #expect(login.snapshot.content.detail == nil)
        #expect(login.snapshot.action("sign-out")?.enabled == false)
        #expect(whoami.user == nil)
        #expect(whoami.snapshot.status.code == "user.not_signed_in")
        let outcome = try await whoami.run("login")
        #expect(outcome.navigate == ScreenRequest(screen: "login"))
    }

    @Test func signingInAgainWithAnotherCaseOpensTheSameProfile() async throws {
        let (account, auth, _) = makeAccount()
        let vm = LoginViewModel(account: account, firstName: "Ada", lastName: "Lovelace")
        await vm.start()
        vm.signIn()
        await vm.settle()
        vm.setFirstName("ADA")
        vm.signIn()
        await vm.settle()
        #expect(vm.snapshot.status == .notice("Signed in as Ada Lovelace."))
        #expect(await auth.profiles.count == 1)
        #expect(!SnapshotJSON.string(vm.snapshot).contains("facet_test_token_2"))
    }

    @Test func theRuleSaysWhatIsMissing() {
        #expect(LoginViewModel.formProblem("", "") == "Sign in needs a first and last name")
        #expect(LoginViewModel.formProblem("Ada", " ") == "Sign in needs a first and last name")
        #expect(LoginViewModel.formProblem("Ada\u{1B}", "L") == "First name must not contain control characters or escape sequences")
        #expect(LoginViewModel.formProblem("Ada", String(repeating: "x", count: 101)) == "Last name must be at most 100 characters")
        #expect(LoginViewModel.formProblem("Ada", "Lovelace") == nil)
        #expect(LoginViewModel.formValid("Ada", "Lovelace") && !LoginViewModel.formValid("Ada", ""))
    }
}
