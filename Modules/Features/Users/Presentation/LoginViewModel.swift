import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit

/// The *login* screen (seed 004): first and last name, *Sign in*, the
/// signed-in user below.
///
/// Inputs: `setFirstName(_:)`, `setLastName(_:)`, `signIn()`, `signOut()`;
/// the screen opens with optional `first-name`/`last-name` params so a
/// one-shot front end can fill the form and sign in in one call.
/// Outputs: `firstNameMessage`, `lastNameMessage`, `isSignInEnabled`,
/// `isSigningIn` (loading status, read-only fields), `signedInUser`,
/// `status`, and the derived `snapshot`.
///
/// Unlike the seed, `isSignInEnabled` is computed from the current fields
/// every time it is read, never stored and never forced back to true after a
/// request. The session's token is never shown: no command takes one (the
/// session is this machine's), so printing it would only hand out a secret
/// nobody can use; only its SHA-256 is stored.
@MainActor
public final class LoginViewModel: AccountScreenModel, DeclaredScreen {
    public static let screenID = "login"

    public private(set) var firstName: String
    public private(set) var lastName: String
    public private(set) var isSigningIn = false
    private var touched: Set<PersonName.Field> = []
    public init(account: AccountCenter, firstName: String = "", lastName: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        if !firstName.isEmpty { touched.insert(.firstName) }
        if !lastName.isEmpty { touched.insert(.lastName) }
        super.init(account: account)
    }

    // MARK: Outputs

    public var signedInUser: UserProfile? { user }
    public var firstNameMessage: String? { message(.firstName, firstName) }
    public var lastNameMessage: String? { message(.lastName, lastName) }
    public var isSignInEnabled: Bool { signInBlocked == nil }
    public var isSignOutEnabled: Bool { signOutBlocked == nil }

    /// Why *Sign in* is unavailable, in words that say what to do; nil when
    /// it is available. Derived from the current fields, like the seed's flag.
    public var signInBlocked: String? {
        isSigningIn ? "A sign-in is running" : Self.formProblem(firstName, lastName)
    }

    public var signOutBlocked: String? {
        if isSigningIn { return "A sign-in is running" }
        return signedInUser == nil ? "Nobody is signed in" : nil
    }

    // MARK: Inputs

    public override func start() async {
        observeAccount()
        do {
            try await account.refresh()
            // Names given when opening (a one-shot sign-in) are judged at
            // once, so the caller learns which field is wrong, not merely
            // that signing in is unavailable.
            if !touched.isEmpty { _ = try PersonName(first: firstName, last: lastName) }
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
        publish()
    }

    /// Records what the user typed. Validity follows at once; while a
    /// sign-in runs the screen offers no `set-field` (fields are read-only),
    /// but a value that arrives anyway is kept and judged like any other.
    public func setFirstName(_ text: String) { set(.firstName, text) }
    public func setLastName(_ text: String) { set(.lastName, text) }

    /// Starts signing in with the current fields and returns at once; the
    /// result arrives as a change. Does nothing unless `isSignInEnabled`.
    public func signIn() {
        guard isSignInEnabled, let name = try? PersonName(first: firstName, last: lastName) else { return }
        isSigningIn = true
        status = .loading("Signing in as \(name.first) \(name.last)…")
        publish()
        launch { [weak self] in
            guard let self else { return }
            do {
                let result = try await account.signIn(name)
                let verb = result.createdProfile ? "Created profile and signed in" : "Signed in"
                status = .notice("\(verb) as \(result.profile.displayName).")
            } catch {
                status = .error(ErrorPresentation.screenError(error))
            }
            isSigningIn = false
            publish()
        }
    }

    public func signOut() async {
        await endSession(nobody: "Nobody was signed in.")
    }

    /// While this screen signs in, its own completion publishes the new user
    /// together with the new status: one change, not two.
    override func accountChanged() {
        guard !isSigningIn else { return }
        publish()
    }

    func set(_ field: PersonName.Field, _ text: String) {
        switch field {
        case .firstName: firstName = text
        case .lastName: lastName = text
        }
        touched.insert(field)
        if status.kind == .error || status.kind == .notice { status = .idle }
        publish()
    }

    private func message(_ field: PersonName.Field, _ text: String) -> String? {
        guard touched.contains(field), let problem = PersonName.problem(with: text) else { return nil }
        return "\(field.label) \(problem.message)."
    }

    // MARK: Rules

    /// The seed's rule made strict: both parts pass the name rules.
    public nonisolated static func formValid(_ first: String, _ last: String) -> Bool {
        formProblem(first, last) == nil
    }

    /// Why the names cannot sign in, in words that say what to do; nil when
    /// they can. A missing part is the common case and gets one plain sentence.
    public nonisolated static func formProblem(_ first: String, _ last: String) -> String? {
        let firstProblem = PersonName.problem(with: first)
        let lastProblem = PersonName.problem(with: last)
        if firstProblem == .empty || lastProblem == .empty { return "Sign in needs a first and last name" }
        if let firstProblem { return "\(PersonName.Field.firstName.label) \(firstProblem.message)" }
        if let lastProblem { return "\(PersonName.Field.lastName.label) \(lastProblem.message)" }
        return nil
    }

    // MARK: Screen contract

    public static let setFieldAction = ScreenAction<LoginViewModel>(
        StandardAction.setField, key: "e", label: "Edit", summary: "Set the first or last name.", effect: .view,
        params: [
            ParamDescriptor(
                name: StandardParam.field, label: "Field", kind: .choice, positional: true,
                choices: PersonName.Field.allCases.map(\.rawValue)),
            ParamDescriptor(name: StandardParam.value, label: "Value", positional: true),
        ],
        unavailable: { $0.isSigningIn ? "A sign-in is running" : nil }
    ) { model, arguments throws(ScreenError) in
        let field = try arguments.require(StandardParam.field)
        let value = try arguments.require(StandardParam.value)
        guard let which = PersonName.Field(rawValue: field) else {
            throw .invalidParams("no field '\(field)' (fields: first-name, last-name)")
        }
        model.set(which, value)
        return .done
    }
    /// Signing in is local (the session store on this machine): no network.
    public static let signInAction = ScreenAction<LoginViewModel>(
        "sign-in", key: StandardKey.enter, label: "Sign in",
        summary: "Sign in with the names in the form, or given when opening the screen; creates the profile on first sign-in.",
        effect: .changes, unavailable: { $0.signInBlocked }
    ) { model, _ in
        model.signIn()
        return .started
    }
    public static let signOutAction = ScreenAction<LoginViewModel>(
        "sign-out", key: "o", label: "Sign out", summary: "End the current session.", effect: .changes,
        unavailable: { $0.signOutBlocked }
    ) { model, _ in
        await model.signOut()
        return .done
    }

    public static let actions = [setFieldAction, signInAction, signOutAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Login", summary: "Sign in with your first and last name; see who is signed in.",
        params: [
            ParamDescriptor(name: "first-name", label: "First name", required: false),
            ParamDescriptor(name: "last-name", label: "Last name", required: false),
        ],
        actions: actionDescriptors,
        examples: [
            "facet login sign-in --first-name Ada --last-name Lovelace",
            "facet login set-field first-name Grace set-field last-name Hopper",
            "facet login sign-out",
        ])

    public override var snapshot: ScreenSnapshot {
        let fields = [
            FormField(
                id: PersonName.Field.firstName.rawValue, label: "First name", value: firstName,
                placeholder: "First name", readOnly: isSigningIn, message: firstNameMessage,
                maxLength: PersonName.limit),
            FormField(
                id: PersonName.Field.lastName.rawValue, label: "Last name", value: lastName,
                placeholder: "Last name", readOnly: isSigningIn, message: lastNameMessage,
                maxLength: PersonName.limit),
        ]
        var detail: DetailContent?
        if let user = signedInUser {
            detail = DetailContent(rows: AccountRows.rows(for: user))
        }
        return ScreenSnapshot(
            screen: Self.screenID, title: "Login", status: status,
            content: ScreenContent(form: FormContent(fields: fields, submitAction: Self.signInAction.name), detail: detail),
            actions: availableActions)
    }
}
