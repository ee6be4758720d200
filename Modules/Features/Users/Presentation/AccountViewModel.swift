import KernelDomain
import KernelPresentation
import ScreenKit

/// The *whoami* screen: who is signed in, when their profile was made, and
/// their preferred front end. Never the session token.
///
/// Inputs: `reload()`, `signOut()`, and `login` (navigates to *login*).
/// Outputs: `user`, `settings`, `status`, and the derived `snapshot`.
@MainActor
public final class AccountViewModel: AccountScreenModel {
    public static let screenID = "whoami"

    public override init(account: AccountCenter) { super.init(account: account) }

    // MARK: Inputs

    public func signOut() async { await endSession(nobody: nil) }

    // MARK: Screen contract

    public static let loginAction = ActionDescriptor(
        name: "login", label: "Sign in", summary: "Open the login screen.", effect: .view, key: "l")
    public static let signOutAction = ActionDescriptor(
        name: "sign-out", label: "Sign out", summary: "End the current session.", effect: .changes, key: "o")
    public static let reloadAction = ActionDescriptor(
        name: StandardAction.reload, label: "Reload", summary: "Read who is signed in again.", effect: .view, key: "r")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Account", summary: "Who is signed in (an error when nobody is, like 'gh auth status').",
        actions: [loginAction, signOutAction, reloadAction],
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
            actions: [
                Self.loginAction,
                Self.signOutAction.disabled(because: user == nil ? "Nobody is signed in" : nil),
                Self.reloadAction,
            ])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "login":
            return ActionOutcome(navigate: ScreenRequest(screen: LoginViewModel.screenID))
        case "sign-out":
            await signOut()
            return .done
        case StandardAction.reload:
            await reload()
            return .done
        default:
            return try await super.perform(action, arguments)
        }
    }
}
