@testable import CLIFrontEnd
import ScreenKit
import Testing

/// One confirmation for every action whose effect asks first (it removes,
/// deletes or overwrites data): the
/// screen's own question on a terminal, a refusal with the `--yes` command
/// elsewhere, its own exit status when not confirmed, and `yes` handed to
/// the action once confirmed.
@MainActor
@Suite struct CLIConfirmationTests {
    typealias Fake = CommandRunnerTests.FakeScreen

    static let remove = ActionDescriptor(
        name: "remove", label: "Remove", summary: "", effect: .destroys,
        params: [
            ParamDescriptor(name: StandardParam.item, label: "Row", kind: .item, positional: true),
            ParamDescriptor(name: StandardParam.yes, label: "Really", kind: .bool, required: false),
        ])
    static let rename = ActionDescriptor(name: "rename", label: "Rename", summary: "", effect: .changes)
    /// A removal undo brings back, taking no `yes` of its own.
    static let drop = ActionDescriptor(
        name: "drop", label: "Drop", summary: "", effect: .removes,
        params: [ParamDescriptor(name: StandardParam.item, label: "Row", kind: .item, positional: true)])

    func catalog() -> CommandRunnerTests.FakeCatalog {
        let list = ListContent(items: [ListItem(id: "7", title: "Big list")], columns: [ListColumn("name", "Name", priority: 0)])
        return CommandRunnerTests.FakeCatalog(
            [ScreenDescriptor(id: "lists", title: "Lists", summary: "", actions: [Self.remove, Self.rename, Self.drop])],
            make: ["lists": { _ in
                Fake(ScreenSnapshot(screen: "lists", title: "Lists", content: ScreenContent(list: list), actions: [Self.remove, Self.rename, Self.drop])) { _, action, arguments in
                    if action == "remove" { #expect(arguments.bool(StandardParam.yes) == true, "a confirmed action runs with yes") }
                    if action == "drop" { #expect(arguments[StandardParam.yes] == nil, "yes only where declared") }
                    return .done
                }
            }])
    }

    func run(
        _ tokens: [String], yes: Bool = false, answer: Bool?
    ) async throws -> (status: Int32, err: String, asked: [String], performed: [String]) {
        let catalog = catalog()
        var err = ""
        var asked: [String] = []
        let out = Output(width: 60) { text, stream in if stream == .standardError { err += text } }
        let confirmation = CLIConfirmation(yes: yes) { question in
            asked.append(question)
            return answer
        }
        let request = try CommandLineParser.parse(tokens, screens: catalog.screens)
        let status = try await CommandRunner(catalog: catalog, mode: .human, out: out, tokens: tokens, confirmation: confirmation)
            .run(request)
        return (status, err, asked, catalog.opened.flatMap(\.performed))
    }

    @Test func notATerminalRefusesWithTheCommandThatGoesAhead() async throws {
        let result = try await run(["lists", "remove", "7"], answer: nil)
        #expect(result.status == CLIConfirmation.exitStatus)
        #expect(result.performed.isEmpty)
        #expect(result.err.contains("Remove \"Big list\"?"), "the row's own words: \(result.err)")
        #expect(result.err.contains("facet lists remove 7 --yes"), "\(result.err)")
    }

    @Test func aTerminalAsksAndOnlyYesGoesAhead() async throws {
        let no = try await run(["lists", "remove", "7"], answer: false)
        #expect(no.status == CLIConfirmation.exitStatus)
        // The screen's words, closed by what the effect says of undoing it.
        #expect(no.asked == ["Remove \"Big list\"? This cannot be undone."])
        #expect(no.performed.isEmpty)
        let yes = try await run(["lists", "remove", "7"], answer: true)
        #expect(yes.status == 0)
        #expect(yes.performed == ["remove"])
    }

    @Test func yesGoesAheadWithoutAskingAndOtherActionsNeverAsk() async throws {
        let confirmed = try await run(["lists", "remove", "7"], yes: true, answer: false)
        #expect(confirmed.status == 0)
        #expect(confirmed.asked.isEmpty)
        #expect(confirmed.performed == ["remove"])
        let renamed = try await run(["lists", "rename"], answer: false)
        #expect(renamed.asked.isEmpty)
        #expect(renamed.status == 0)
    }

    /// Every effect that asks first asks, not only a destruction: a
    /// removal asks (saying undo brings it back) and needs --yes off a terminal.
    @Test func aRemovalAsksTooAndSaysUndoBringsItBack() async throws {
        let no = try await run(["lists", "drop", "7"], answer: false)
        #expect(no.status == CLIConfirmation.exitStatus)
        #expect(no.performed.isEmpty)
        #expect(no.asked == ["Drop \"Big list\"? `u` undoes it."])
        let script = try await run(["lists", "drop", "7"], answer: nil)
        #expect(script.status == CLIConfirmation.exitStatus)
        #expect(script.performed.isEmpty)
        #expect(script.err.contains("facet lists drop 7 --yes"), "\(script.err)")
        let yes = try await run(["lists", "drop", "7"], yes: true, answer: false)
        #expect(yes.status == 0)
        #expect(yes.performed == ["drop"])
    }

    @Test func yesIsTakenFromAnywhereOnTheLine() {
        var tokens = ["playlists", "--yes", "delete", "big"]
        #expect(CLIConfirmation.extract(from: &tokens))
        #expect(tokens == ["playlists", "delete", "big"])
        var none = ["playlists"]
        #expect(!CLIConfirmation.extract(from: &none))
    }

    @Test func helpListsTheStatusAndTheOption() {
        let help = HelpText.global([])
        #expect(help.contains("  3  not confirmed"))
        #expect(help.contains("--yes"))
    }
}
