import KernelDomain
import KernelPresentation
import ScreenKit

/// The *whoami* screen: who is signed in, when their profile was made, and
/// their preferred front end. Never the session token.
///
/// Inputs: `reload()`, `signOut()`, and `login` (navigates to *login*).
/// Outputs: `user`, `settings`, `status`, and the derived `snapshot`.
@MainActor
public final class AccountViewModel: AccountScreenModel, DeclaredScreen {
    public static let screenID = "whoami"

    public override init(account: AccountCenter) { super.init(account: account) }

    // MARK: Inputs

    public func signOut() async { await endSession(nobody: nil) }

    // MARK: Screen contract

    public static let loginAction = ScreenAction<AccountViewModel>(
        "login", key: "l", label: "Sign in", summary: "Open the login screen.", effect: .view
    ) { _, _ in ActionOutcome(navigate: ScreenRequest(screen: LoginViewModel.screenID)) }
    public static let signOutAction = ScreenAction<AccountViewModel>(
        "sign-out", key: "o", label: "Sign out", summary: "End the current session.", effect: .changes,
        unavailable: { $0.user == nil ? "Nobody is signed in" : nil }
    ) { model, _ in
        await model.signOut()
        return .done
    }
    public static let reloadAction = ScreenAction<AccountViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Read who is signed in again.", effect: .view
    ) { model, _ in
        await model.reload()
        return .done
    }

    public static let actions = [loginAction, signOutAction, reloadAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Account", summary: "Who is signed in (an error when nobody is, like 'gh auth status').",
        actions: actionDescriptors,
        examples: ["facet whoami", "facet whoami --jsonl", "facet whoami sign-out"])

    /// Nobody signed in is an error with a stable code (`user.not_signed_in`)
    /// that says how to sign in, so a script can test `facet whoami` (exit 1)
    /// the way it tests `gh auth status`. A sign-out just made here stays a
    /// notice: that is what the user asked for.
    public override var snapshot: ScreenSnapshot {
        var shown = status
        var detail: DetailContent?
        if let user {
            detail = DetailContent(rows: AccountRows.rows(for: user) + [AccountRows.preferredUI(settings)])
        } else if shown.kind == .idle {
            shown = .error(ErrorPresentation.screenError(UserError.notSignedIn))
        }
        return ScreenSnapshot(
            screen: Self.screenID, title: "Account", status: shown, content: ScreenContent(detail: detail),
            actions: availableActions)
    }
}
