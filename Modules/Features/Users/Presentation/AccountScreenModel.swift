import KernelDomain
import KernelPresentation
import ScreenKit

/// What the login, whoami and settings screens share: the process-wide
/// `AccountCenter` they all show, an observation of it (so a sign-in or a
/// saved setting on one screen shows at once on the others), reloading it,
/// and signing out. Each subclass adds its own inputs and snapshot.
@MainActor
public class AccountScreenModel: ScreenModel {
    public internal(set) var status: ScreenStatus = .idle
    let account: AccountCenter
    private var observation: ObservationToken?

    init(account: AccountCenter) { self.account = account }

    public var user: UserProfile? { account.user }
    public var settings: UserSettings? { account.settings }

    /// Called after every change of the shared account; by default a redraw.
    func accountChanged() { publish() }

    func observeAccount() {
        observation = ObservationToken(account.observe { [weak self] in self?.accountChanged() })
    }

    /// Re-reads the signed-in user and settings; a failure becomes the status.
    func refreshAccount() async {
        do {
            try await account.refresh()
            if status.kind == .error { status = .idle }
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
    }

    public override func start() async {
        observeAccount()
        await reload()
    }

    public func reload() async {
        await refreshAccount()
        publish()
    }

    /// Ends the session. `nobody` is the notice when nobody was signed in.
    func endSession(nobody: String?) async {
        do {
            if let previous = try await account.signOut() {
                status = .notice("Signed out \(previous.displayName).")
            } else if let nobody {
                status = .notice(nobody)
            }
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
        publish()
    }

    public override func close() {
        observation?.cancel()
        observation = nil
        super.close()
    }
}
