import Foundation
import ScreenKit

/// Runs one parsed command line against its screen, the way a one-shot
/// command must: open the screen, run the steps, wait for the work they
/// start, and print the end state once.
///
/// A one-shot command never pretends: `set-field` steps are followed by the
/// form's `submitAction` in the same run (so `settings set-field ui tui`
/// saves), and an action that only opens a form it cannot fill (`folder PATH
/// rename` without a name) is refused with the command that would work.
@MainActor
struct CommandRunner {
    let catalog: any ScreenCatalog
    let mode: OutputMode
    let out: Output
    /// The command line as typed, for hints.
    let tokens: [String]
    /// How an action that deletes or overwrites data is confirmed.
    var confirmation = CLIConfirmation()
    /// How many list rows to print (`--limit`, `--all`).
    var span: RowSpan = .window
    /// `--jq EXPR`: filters what `--json FIELDS` prints.
    var jq: JQFilter?
    /// `--output FILE`: where an action's picture goes (`PictureOutputOption`).
    var pictureOutput: String?

    /// The exit status: 0 done (also with a warning), 1 failed or refused, 2
    /// a usage error, 3 not confirmed (`CLIConfirmation`). Usage errors are
    /// thrown, for the caller to print.
    func run(_ request: CommandLineRequest) async throws(ScreenError) -> Int32 {
        // An action that loads the content itself (an export that scans as
        // it writes) runs on a screen that was never started: the opening
        // load would walk the same tree twice, and would already be walking
        // when the action refuses a file it cannot write.
        // (Asked of the screen's descriptor, which lists every action it can
        // offer: its snapshot is not read before the screen has settled.)
        let first = request.steps.first.flatMap { step in
            catalog.screens.first { $0.id == request.screen.screen }?.actions.first { $0.name == step.action }
        }
        let loadsContent = first?.loadsContent == true
        var screen = loadsContent ? try catalog.build(request.screen) : try await catalog.open(request.screen)
        defer { screen.close() }
        if !loadsContent { await settle(screen) }
        // The snapshot is read once per state (after opening, after each
        // step): a screen builds it anew on every read, a table page and
        // all (eight builds per `photos reload`, two now).
        var shown = screen.snapshot
        // A screen that opened in error ends the command, unless the first
        // step is still offered: `whoami login` is the remedy for "nobody
        // is signed in", while `playlist "No Such" delete` reports the
        // missing playlist rather than why `delete` is unavailable.
        if shown.status.kind == .error, request.steps.first.flatMap({ shown.action($0.action) })?.enabled != true {
            let hint = CommandLineParser.misplacedAction(in: request.screen, tokens: tokens, screens: catalog.screens)
            return try finish(shown, hint: hint.map { "Did you mean '\($0)'?" })
        }
        if case .rows(let fields) = mode, request.steps.isEmpty {
            // Checked before anything runs, when the screen shown is this one.
            try RowExport(snapshot: shown).validate(fields)
        }
        if case .jsonFields(let fields) = mode, request.steps.isEmpty { try RowExport(snapshot: shown).validate(fields) }

        if pictureOutput != nil {
            // Only an action that reads can hand back a picture: a command
            // that would change data is refused before it runs.
            let actions = request.steps.map(\.action)
            guard !actions.isEmpty, actions.allSatisfy({ shown.action($0)?.effect == .view }) else {
                throw .invalidParams(
                    "--output FILE is where an action's picture is written (as 'photo 7 image', 'playlist NAME cover 3'); "
                        + (actions.last.map { "'\($0)' hands back none" } ?? "name the action"),
                    code: "invalid_output")
            }
        }
        var outcome = ActionOutcome.done
        for step in try steps(of: request, on: shown) {
            try refuseIfDisabled(step.action, on: shown)
            var arguments = step.arguments
            if let descriptor = shown.action(step.action), descriptor.effect.asksFirst {
                guard let confirmed = try await confirm(descriptor, arguments, on: screen) else {
                    return CLIConfirmation.exitStatus
                }
                arguments = confirmed
            }
            let before = shown.status
            outcome = try await screen.run(step.action, arguments, on: shown)
            await settle(screen)
            shown = screen.snapshot
            if shown.status.kind == .error, shown.status != before { return try finish(shown) }
        }

        if let next = outcome.navigate {
            let from = shown
            screen.close()
            screen = try await catalog.open(next)
            await settle(screen)
            shown = screen.snapshot
            if shown.status.kind != .error, let form = shown.content.form, form.submitAction != nil {
                throw unsubmittedForm(shown, request: request, from: from, next: next)
            }
        }
        if let picture = outcome.picture {
            if mode == .json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                out.print(String(decoding: (try? encoder.encode(picture)) ?? Data(), as: UTF8.self))
                return 0
            }
            return PictureOutputOption.deliver(picture, to: pictureOutput, out: out, confirmation: confirmation, command: tokens)
        }
        if pictureOutput != nil {
            throw .invalidParams("--output FILE: '\(request.steps.last?.action ?? "")' handed back no picture", code: "invalid_output")
        }
        if let url = outcome.openURL, mode == .human { return reportOpened(url, opened: outcome.urlOpened) }
        if span != .window { return try await finishStreaming(shown, from: screen) }
        // An action that leaves its screen (a deleted playlist) left nothing
        // to print but what it did.
        return try finish(shown, reply: outcome.reply ?? (outcome.back ? [] : nil))
    }

    func steps(of request: CommandLineRequest, on snapshot: ScreenSnapshot) throws(ScreenError) -> [CommandLineRequest.Step] {
        var steps = request.steps
        guard steps.contains(where: { $0.action == StandardAction.setField }) else { return steps }
        let submit = snapshot.content.form?.submitAction
        if let other = steps.first(where: { $0.action != StandardAction.setField && $0.action != submit }) {
            // Anything else after the edits would drop them unsaved.
            throw .invalidParams(
                "'\(other.action)' cannot follow '\(StandardAction.setField)': the edits would not be saved; "
                    + (submit.map { "end with '\($0)' or nothing" } ?? "this screen's form cannot be submitted"),
                code: "nothing_to_submit")
        }
        guard steps.last?.action == StandardAction.setField else { return steps }
        guard let submit else {
            throw .invalidParams(
                "'\(StandardAction.setField)' edits a form, and screen '\(snapshot.screen)' has no form to submit; "
                    + "a one-shot command would change nothing",
                code: "nothing_to_submit")
        }
        steps.append(.init(action: submit, arguments: [:]))
        return steps
    }

    /// The arguments to run a destroying action with, once confirmed; nil
    /// (with the reason on stderr, nothing changed) when it was not. The
    /// question and its target's words are the screen's.
    func confirm(
        _ action: ActionDescriptor, _ arguments: ActionArguments, on screen: any Screen
    ) async throws(ScreenError) -> ActionArguments? {
        let valid = try action.validate(arguments)
        if confirmation.yes || valid.bool(StandardParam.yes) == true {
            return ActionConfirmation.confirmed(valid, for: action)
        }
        guard let words = try await screen.confirmation(of: action.name, valid) else { return valid }
        let question = action.effect.question(words)
        switch confirmation.ask(question) {
        case true?:
            return ActionConfirmation.confirmed(valid, for: action)
        case false?:
            out.error("not confirmed; nothing was changed")
        case nil:
            let command = CommandText.line(tokens + [CLIConfirmation.option])
            out.error("\(question) Not asked, as stdin is not a terminal; nothing was changed. To go ahead: \(command)")
        }
        return nil
    }

    /// A disabled action is refused with the screen's reason (exit 1). For
    /// a form's submit action the fields' own messages say more, so they
    /// come first.
    func refuseIfDisabled(_ action: String, on snapshot: ScreenSnapshot) throws(ScreenError) {
        guard let descriptor = snapshot.action(action), !descriptor.enabled else { return }
        var reasons: [String] = []
        if snapshot.content.form?.submitAction == action {
            reasons = snapshot.content.form?.fields.compactMap(\.message) ?? []
        }
        if reasons.isEmpty {
            reasons.append(descriptor.disabledReason ?? "'\(descriptor.label)' is not available right now.")
        }
        throw ScreenError(kind: .failed, code: "action_disabled", message: reasons.joined(separator: " "))
    }

    /// The action only opened a form (the rename screen, the login form): a
    /// one-shot command cannot type into it, so say what to add instead.
    func unsubmittedForm(
        _ snapshot: ScreenSnapshot, request: CommandLineRequest, from: ScreenSnapshot, next: ScreenRequest
    ) -> ScreenError {
        let action = request.action ?? ""
        let descriptor = from.action(action)
        let missing = (descriptor?.params ?? []).filter { !$0.required && request.arguments[$0.name] == nil }
        let opened = "'\(action)' only opens the \"\(TerminalText.sanitize(snapshot.title))\" form, which one command cannot fill in"
        if let param = missing.first {
            let word = param.positional ? param.name.uppercased() : "--\(param.name) \(param.name.uppercased())"
            let command = tokens.map(CommandText.quote).joined(separator: " ")
            return .invalidParams("\(opened); add \(word) (\(param.label)): facet \(command) \(word)", code: "form_not_submitted")
        }
        let command = fillCommand(for: snapshot, at: next)
        return .invalidParams("\(opened); fill and submit it in one command: \(command)", code: "form_not_submitted")
    }

    /// The shortest command that fills and submits the form of `snapshot`
    /// (opened by `request`), best first: the screen's own parameters when
    /// they are the form's fields (`login --first-name … --last-name …
    /// sign-in`), the submit action's parameters (`folder-rename PATH rename
    /// NAME`), else `set-field` steps.
    func fillCommand(for snapshot: ScreenSnapshot, at request: ScreenRequest) -> String {
        let descriptor = catalog.descriptor(request.screen)
        let words = CommandText.words(for: request, descriptor: descriptor)
        guard let form = snapshot.content.form, let submit = form.submitAction else { return CommandText.line(words) }
        let fields = form.fields.filter { !$0.readOnly }.map(\.id)
        let options = (descriptor?.params ?? []).filter { !$0.positional }.map(\.name)
        if !fields.isEmpty, fields.allSatisfy(options.contains) {
            return CommandText.line(words + fields.flatMap { ["--\($0)", $0.uppercased()] } + [submit])
        }
        let submitParams = (snapshot.action(submit)?.params ?? []).filter(\.positional).map { $0.name.uppercased() }
        if !submitParams.isEmpty { return CommandText.line(words + [submit] + submitParams) }
        if fields.count == 1 { return CommandText.line(words + [StandardAction.setField, fields[0], "VALUE"]) }
        return CommandText.line(words + [StandardAction.setField, "FIELD", "VALUE"])
            + " … (fields: \(fields.joined(separator: ", ")))"
    }

    /// Prints the end state and returns the exit status. On failure stdout
    /// stays empty (except `--json`, whose snapshot carries the error for
    /// programs) and the message goes to stderr.
    /// An action's `reply` stands in for the screen in human output: the
    /// answer alone (`settings get KEY`), or only the status line (`settings set`).
    func finish(_ snapshot: ScreenSnapshot, hint: String? = nil, reply: [String]? = nil) throws(ScreenError) -> Int32 {
        let status = snapshot.status
        let failed = status.kind == .error
        var filterFailed = false
        switch mode {
        case .json:
            out.print(SnapshotJSON.string(snapshot))
        case .jsonFields(let fields):
            if !failed {
                let export = RowExport(snapshot: snapshot)
                try export.validate(fields)
                filterFailed = !printJSON(export.json(fields: fields))
            }
        case .rows(let fields):
            if !failed {
                let export = RowExport(snapshot: snapshot)
                try export.validate(fields)
                out.print(lines: export.lines(fields: fields))
                if let list = snapshot.content.list, list.hasMore {
                    out.note("facet: rows \(list.offset + 1)–\(list.offset + list.items.count) of \(list.total) printed; more exist (--all prints every row)")
                }
            }
        case .human:
            if !failed, let reply {
                var lines = reply.map(TerminalText.sanitize)
                if status.kind == .notice, let line = out.renderer.statusLine(status) { lines.append(line) }
                if !lines.isEmpty { out.print(lines: lines) }
            } else if !failed {
                let table = snapshot.content.list != nil
                if out.asidesToStderr(table: table), let list = snapshot.content.list {
                    printRowsAlone(snapshot, list: list)
                } else {
                    out.print(out.renderer.render(snapshot))
                }
                if status.kind == .notice || status.kind == .loading { out.statusAside(status, table: table) }
            }
        }
        if failed || status.kind == .warning {
            out.diagnostic(failed && status.message == nil ? ScreenStatus(kind: .error, message: "failed") : status)
        }
        if let hint { out.note(hint) }
        return failed || filterFailed ? 1 : 0
    }

    /// A list for a pipe or a file: its rows alone on stdout, so that
    /// `facet playlists | wc -l` counts them; the title, the lines above the
    /// table, its header and its footer are about the rows, and go to stderr
    /// for the person watching.
    private func printRowsAlone(_ snapshot: ScreenSnapshot, list: ListContent) {
        var top = snapshot
        top.content.list = nil
        out.aside(out.renderer.render(top))
        guard !list.items.isEmpty else {
            out.aside(TerminalText.sanitize(list.emptyMessage))
            return
        }
        let table = TableRenderer(style: out.renderer.style, width: out.renderer.width)
        if let layout = table.layout(list) {
            out.aside(layout.header)
            out.print(lines: table.lines(list.items, layout: layout))
        } else {
            out.print(lines: list.items.map { TerminalText.sanitize($0.title) })
        }
        out.aside(out.renderer.footerLine(list, actions: snapshot.actions))
    }

    /// Waits for the screen's background work (a screen may keep loading
    /// after it opens or after an action), showing its loading status on
    /// stderr while it runs when stderr is a terminal.
    func settle(_ screen: any Screen) async {
        guard isatty(2) == 1 else {
            await screen.settle()
            return
        }
        var shown = false
        let token = screen.changes.observe { _ in
            let status = screen.snapshot.status
            guard status.kind == .loading, let message = status.message else { return }
            out.progressLine(message)
            shown = true
        }
        await screen.settle()
        token.cancel()
        if shown { out.progressLine(nil) }
    }
}
