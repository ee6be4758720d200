import Domain
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
        name: "login", label: "Sign in", summary: "Open the login screen.", key: "l")
    public static let signOutAction = ActionDescriptor(
        name: "sign-out", label: "Sign out", summary: "End the current session.", key: "o")
    public static let reloadAction = ActionDescriptor(
        name: "reload", label: "Reload", summary: "Read who is signed in again.", key: "r")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Account", summary: "Who is signed in.",
        actions: [loginAction, signOutAction, reloadAction],
        examples: ["facet whoami", "facet whoami --jsonl", "facet whoami sign-out"])

    public override var snapshot: ScreenSnapshot {
        var shown = status
        var detail: DetailContent?
        if let user {
            var rows = AccountRows.rows(for: user)
            rows.append(DetailRow("Preferred front end", settings?.preferredUI?.rawValue ?? "default"))
            detail = DetailContent(rows: rows)
        } else if shown.kind == .idle {
            shown = .notice("Nobody is signed in. Use 'login' to sign in.")
        }
        return ScreenSnapshot(
            screen: Self.screenID, title: "Account", status: shown, content: ScreenContent(detail: detail),
            actions: [Self.loginAction, Self.signOutAction.enabled(user != nil), Self.reloadAction])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "login":
            return ActionOutcome(navigate: ScreenRequest(screen: LoginViewModel.screenID))
        case "sign-out":
            await signOut()
            return .done
        case "reload":
            await reload()
            return .done
        default:
            return try await super.perform(action, arguments)
        }
    }
}
