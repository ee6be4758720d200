import KernelDomain
import KernelPresentation
import ScreenKit

/// The *settings* screen (seed 000's settings tab): the signed-in user's
/// GitHub username and token, preferred front end, page size and API base
/// URLs.
///
/// Inputs: `setField(_:_:)` edits a draft (validated at once), `save()`
/// stores every draft, `set(_:_:)` validates and stores one value in one
/// step (for one-shot front ends), `reload()`, and `login` (navigates to
/// *login* when nobody is signed in).
/// Outputs: `settings`, `drafts`, `message(for:)`, `isSaveEnabled`,
/// `status`, and the derived `snapshot`.
///
/// The GitHub token is a secret: its field's value is always empty and its
/// placeholder says only whether one is set. Saved changes go through the
/// shared `AccountCenter`, so every open screen sees them at once.
@MainActor
public final class SettingsViewModel: AccountScreenModel, DeclaredScreen {
    public static let screenID = "settings"

    /// Edited values not yet saved, keyed by setting.
    public private(set) var drafts: [SettingKey: String] = [:]
    public private(set) var isSaving = false

    public override init(account: AccountCenter) { super.init(account: account) }

    // MARK: Outputs

    /// The validation message for the draft of `key`, nil when valid or unedited.
    public func message(for key: SettingKey) -> String? {
        guard let draft = drafts[key] else { return nil }
        return SettingsRules.problem(key, draft, frontEnds: account.frontEnds)?.message
    }

    public var isSaveEnabled: Bool { saveBlocked == nil }

    /// Why *Save* is unavailable, nil when it is available.
    public var saveBlocked: String? {
        if let editBlocked { return editBlocked }
        if drafts.isEmpty { return "Nothing to save: no setting was edited" }
        for key in SettingKey.allCases {
            if let draft = drafts[key], let problem = SettingsRules.problem(key, draft, frontEnds: account.frontEnds) {
                return problem.message
            }
        }
        return nil
    }

    /// Why settings cannot be read, nil when they can.
    public var readBlocked: String? {
        user == nil ? "Sign in first: settings belong to a user (facet login sign-in --first-name NAME --last-name NAME)" : nil
    }

    /// Why settings cannot be edited now, nil when they can.
    public var editBlocked: String? {
        if user == nil { return "Sign in first: settings belong to a user (facet login sign-in --first-name NAME --last-name NAME)" }
        return isSaving ? "Settings are being saved" : nil
    }

    // MARK: Inputs

    public func setField(_ key: SettingKey, _ value: String) {
        drafts[key] = value
        if status.kind != .loading { status = .idle }
        publish()
    }

    /// Stores every draft in one transaction, or none if any is invalid.
    public func save() async throws(ScreenError) {
        let changes = try validated(drafts)
        try await store(changes)
        drafts = [:]
        publish()
    }

    /// Validates and stores one value at once (`facet settings set ui tui`).
    public func set(_ key: SettingKey, _ value: String) async throws(ScreenError) {
        let changes = try validated([key: value])
        try await store(changes)
        drafts[key] = nil
        if status.kind == .notice, let settings { status = .notice(Self.confirmation(key, settings)) }
        publish()
    }

    /// A saved value as `get` and `list` print it: the text as typed, empty
    /// when unset; a secret only says whether it is set, never its value.
    public func value(of key: SettingKey) throws(ScreenError) -> String {
        guard user != nil, let settings else { throw ErrorPresentation.screenError(SettingsError.notSignedIn) }
        return Self.printed(key, settings)
    }

    /// An unset front end prints as the word the settings screen shows for
    /// it, `default`, which `set` also takes: every face tells one story and
    /// `set KEY "$(get KEY)"` changes nothing.
    static func printed(_ key: SettingKey, _ settings: UserSettings) -> String {
        switch key {
        case .githubToken: settings.hasGitHubToken ? Self.hidden : ""
        case .preferredUI: settings.preferredUI?.rawValue ?? AccountRows.defaultUI
        default: settings.displayValue(key)
        }
    }

    static let hidden = "set (hidden)"

    /// The one line `set` answers with: the key as typed and what it now holds.
    static func confirmation(_ key: SettingKey, _ settings: UserSettings) -> String {
        let value = printed(key, settings)
        if value.isEmpty { return "Cleared \(key.rawValue): not set." }
        if key == .preferredUI, settings.preferredUI == nil { return "Cleared \(key.rawValue): \(value)." }
        return "Saved \(key.rawValue): \(value)."
    }

    override func accountChanged() {
        if user == nil { drafts = [:] }
        publish()
    }

    private func validated(_ values: [SettingKey: String]) throws(ScreenError) -> [SettingsChange] {
        guard user != nil else { throw ErrorPresentation.screenError(SettingsError.notSignedIn) }
        var changes: [SettingsChange] = []
        for key in SettingKey.allCases {
            guard let value = values[key] else { continue }
            do {
                changes.append(try SettingsRules.change(key, value, frontEnds: account.frontEnds))
            } catch {
                throw .invalidParams(error.message, code: error.code)
            }
        }
        return changes
    }

    private func store(_ changes: [SettingsChange]) async throws(ScreenError) {
        guard !changes.isEmpty else { return }
        isSaving = true
        status = .loading("Saving settings…")
        publish()
        defer { isSaving = false }
        do {
            _ = try await account.update(changes)
            let names = changes.map(\.key.label).joined(separator: ", ")
            status = .notice("Saved: \(names).")
        } catch {
            let shown = ErrorPresentation.screenError(error)
            status = .error(shown)
            publish()
            throw shown
        }
    }

    // MARK: Screen contract

    static let keyNames = SettingKey.allCases.map(\.rawValue)

    public static let setFieldAction = ScreenAction<SettingsViewModel>(
        StandardAction.setField, key: "e", label: "Edit", summary: "Edit a setting in the form (saved with 'save').", effect: .view,
        params: [
            ParamDescriptor(name: StandardParam.field, label: "Setting", kind: .choice, positional: true, choices: keyNames),
            ParamDescriptor(name: StandardParam.value, label: "Value", positional: true),
        ],
        unavailable: { $0.editBlocked }
    ) { model, arguments throws(ScreenError) in
        model.setField(try key(arguments.require(StandardParam.field)), try arguments.require(StandardParam.value))
        return .done
    }
    public static let saveAction = ScreenAction<SettingsViewModel>(
        "save", key: "s", label: "Save", summary: "Save every edited setting.", effect: .changes, unavailable: { $0.saveBlocked }
    ) { model, _ throws(ScreenError) in
        try await model.save()
        return .done
    }
    public static let setAction = ScreenAction<SettingsViewModel>(
        "set", label: "Set", summary: "Validate and save one setting at once (empty value clears optional ones).",
        effect: .changes, params: [
            ParamDescriptor(name: "key", label: "Setting", kind: .choice, positional: true, choices: keyNames),
            ParamDescriptor(name: StandardParam.value, label: "Value", positional: true),
        ],
        unavailable: { $0.editBlocked }
    ) { model, arguments throws(ScreenError) in
        try await model.set(try key(arguments.require("key")), try arguments.require(StandardParam.value))
        return ActionOutcome(reply: [])
    }
    public static let getAction = ScreenAction<SettingsViewModel>(
        "get", label: "Get", summary: "Print one saved setting's value (a secret only says whether it is set).",
        effect: .view,
        params: [ParamDescriptor(name: "key", label: "Setting", kind: .choice, positional: true, choices: keyNames)],
        unavailable: { $0.readBlocked }
    ) { model, arguments throws(ScreenError) in
        ActionOutcome(reply: [try model.value(of: try key(arguments.require("key")))])
    }
    public static let listAction = ScreenAction<SettingsViewModel>(
        "list", label: "List", summary: "Print every saved setting as key=value lines.", effect: .view,
        unavailable: { $0.readBlocked }
    ) { model, _ throws(ScreenError) in
        let lines = try SettingKey.allCases.map { key throws(ScreenError) in "\(key.rawValue)=\(try model.value(of: key))" }
        return ActionOutcome(reply: lines)
    }
    public static let loginAction = ScreenAction<SettingsViewModel>(
        "login", key: "l", label: "Sign in", summary: "Open the login screen.", effect: .view,
        unavailable: { $0.user.map { "Already signed in as \($0.displayName)" } }
    ) { _, _ in ActionOutcome(navigate: ScreenRequest(screen: LoginViewModel.screenID)) }
    public static let reloadAction = ScreenAction<SettingsViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Read the settings again.", effect: .view
    ) { model, _ in
        await model.reload()
        return .done
    }

    public static let actions = [setFieldAction, saveAction, setAction, getAction, listAction, loginAction, reloadAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Settings", summary: "Your GitHub user and token, front end, page size and API URLs.",
        actions: actionDescriptors,
        examples: [
            "facet settings",
            "facet settings set github-user octocat",
            "facet settings get github-user",
            "facet settings list",
            "facet settings set page-size 25",
            "facet settings set-field ui cli set-field github-user octocat",
            "facet settings --jsonl",
        ])

    public override var snapshot: ScreenSnapshot {
        var shown = status
        var form: FormContent?
        var detail: DetailContent?
        if let user, let settings {
            form = FormContent(fields: SettingKey.allCases.map { field($0, settings) }, submitAction: Self.saveAction.name)
            detail = DetailContent(rows: [DetailRow("Settings of", user.displayName, id: "user")] + Self.savedRows(settings))
        } else if shown.kind == .idle || shown.kind == .notice {
            // A storage error says more than "nobody is signed in": keep it.
            shown = .error(ErrorPresentation.screenError(SettingsError.notSignedIn))
        }
        return ScreenSnapshot(
            screen: Self.screenID, title: "Settings", status: shown,
            content: ScreenContent(form: form, detail: detail),
            actions: availableActions)
    }

    /// The saved values, typed (the form holds text and unsaved drafts): a
    /// program reads the page size as a number and whether a token is set as
    /// a boolean, never the token itself.
    static func savedRows(_ settings: UserSettings) -> [DetailRow] {
        SettingKey.allCases.map { key in
            let label = key.label + " (saved)"
            switch key {
            case .githubUser:
                return DetailRow(
                    label, settings.githubUser.isEmpty ? "not set" : settings.githubUser, id: key.rawValue,
                    data: settings.githubUser.isEmpty ? .null : .string(settings.githubUser))
            case .githubToken:
                return DetailRow(
                    label, settings.hasGitHubToken ? "set (hidden)" : "not set", id: key.rawValue,
                    data: .bool(settings.hasGitHubToken), type: .boolean)
            case .preferredUI:
                var row = AccountRows.preferredUI(settings)
                row.label = label
                return row
            case .pageSize:
                return DetailRow(label, String(settings.pageSize), id: key.rawValue, data: .int(settings.pageSize), type: .integer)
            case .githubBaseURL, .githubWebURL, .photosBaseURL:
                let url = settings.displayValue(key)
                return DetailRow(label, url, id: key.rawValue, type: .url)
            case .mpdHost:
                let host = settings.displayValue(key)
                return DetailRow(label, host.isEmpty ? "not set (MPD_HOST, else localhost)" : host, id: key.rawValue,
                                 data: host.isEmpty ? .null : .string(host))
            case .mpdPort:
                return DetailRow(label, settings.mpdPort.map(String.init) ?? "not set (MPD_PORT, else 6600)", id: key.rawValue,
                                 data: settings.mpdPort.map { .int($0) } ?? .null, type: .integer)
            case .pictures:
                return DetailRow(label, settings.displayValue(key), id: key.rawValue, data: .bool(settings.pictures), type: .boolean)
            case .pictureCacheMiB:
                return DetailRow(label, String(settings.pictureCacheMiB), id: key.rawValue,
                                 data: .int(settings.pictureCacheMiB), type: .integer)
            }
        }
    }

    private func field(_ key: SettingKey, _ settings: UserSettings) -> FormField {
        let secret = key == .githubToken
        var placeholder: String?
        var choices: [String]?
        switch key {
        case .githubToken: placeholder = settings.hasGitHubToken ? "set (hidden)" : "not set"
        case .githubUser: placeholder = "not set"
        case .preferredUI:
            placeholder = AccountRows.defaultUI
            choices = [""] + account.frontEnds.map(\.rawValue)
        case .pageSize:
            placeholder = "\(SettingsRules.pageSizeRange.lowerBound)–\(SettingsRules.pageSizeRange.upperBound)"
        case .githubBaseURL, .photosBaseURL, .githubWebURL: placeholder = "https://…"
        case .mpdHost: placeholder = "MPD_HOST, else localhost"
        case .mpdPort: placeholder = "MPD_PORT, else 6600"
        case .pictures:
            placeholder = "on"
            choices = ["on", "off"]
        case .pictureCacheMiB:
            placeholder = "\(SettingsRules.pictureCacheRange.lowerBound)–\(SettingsRules.pictureCacheRange.upperBound)"
        }
        // A secret's draft is never echoed either.
        let value = secret ? "" : (drafts[key] ?? settings.displayValue(key))
        return FormField(
            id: key.rawValue, label: key.label, value: value, placeholder: placeholder, secret: secret,
            readOnly: isSaving, message: message(for: key), choices: choices)
    }

    static func key(_ name: String) throws(ScreenError) -> SettingKey {
        guard let key = SettingKey(rawValue: name) else {
            throw .invalidParams("no setting '\(name)' (settings: \(keyNames.joined(separator: ", ")))")
        }
        return key
    }
}
