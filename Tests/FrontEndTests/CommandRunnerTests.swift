@testable import CLIFrontEnd
import ScreenKit
import Testing

/// The one-shot run against fake screens: which actions reach the screen,
/// what goes to stdout and stderr, and the exit status.
@MainActor
@Suite struct CommandRunnerTests {
    // MARK: Fakes

    final class FakeScreen: Screen {
        var state: ScreenSnapshot
        let changes = ScreenChanges()
        var performed: [String] = []
        /// Performed actions and waits for the screen to settle, in order.
        var log: [String] = []
        let handle: (FakeScreen, String, ActionArguments) throws(ScreenError) -> ActionOutcome

        init(_ state: ScreenSnapshot, handle: @escaping (FakeScreen, String, ActionArguments) throws(ScreenError) -> ActionOutcome = { _, _, _ in .done }) {
            self.state = state
            self.handle = handle
        }

        var snapshot: ScreenSnapshot { state }
        func start() async {}
        func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
            performed.append(action)
            log.append(action)
            return try handle(self, action, arguments)
        }
        var isBusy: Bool { false }
        func settle() async { log.append("settle") }
        func close() {}
    }

    final class FakeCatalog: ScreenCatalog {
        let screens: [ScreenDescriptor]
        let make: [String: (ScreenRequest) -> FakeScreen]
        var opened: [FakeScreen] = []

        init(_ screens: [ScreenDescriptor], make: [String: (ScreenRequest) -> FakeScreen]) {
            self.screens = screens
            self.make = make
        }

        func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
            guard let factory = make[request.screen] else { throw .notFound("no \(request.screen)") }
            let screen = factory(request)
            opened.append(screen)
            return screen
        }
    }

    final class Recorder {
        var out = ""
        var err = ""
    }

    static let setField = ActionDescriptor(
        name: StandardAction.setField, label: "Edit", summary: "",
        effect: .view, params: [
            ParamDescriptor(name: StandardParam.field, label: "Field", kind: .choice, positional: true, choices: ["user"]),
            ParamDescriptor(name: StandardParam.value, label: "Value", positional: true),
        ])
    static let save = ActionDescriptor(name: "save", label: "Save", summary: "", effect: .changes)
    static let rename = ActionDescriptor(
        name: "rename", label: "Rename", summary: "",
        effect: .changes, params: [ParamDescriptor(name: "name", label: "New name", required: false, positional: true)])
    static let login = ActionDescriptor(name: "login", label: "Sign in", summary: "", effect: .changes)
    static let columns = [ListColumn("name", "Name", priority: 0), ListColumn("bytes", "Size", type: .bytes)]

    static let descriptors = [
        ScreenDescriptor(id: "prefs", title: "Prefs", summary: "", actions: [setField, save, ActionDescriptor(name: "clear", label: "Clear", summary: "", effect: .changes)]),
        ScreenDescriptor(id: "things", title: "Things", summary: "", actions: [rename]),
        ScreenDescriptor(id: "rename", title: "Rename", summary: "", params: [
            ParamDescriptor(name: "path", label: "Path", kind: .path, positional: true),
        ], actions: [save]),
        ScreenDescriptor(id: "scan", title: "Scan", summary: "", actions: []),
        ScreenDescriptor(id: "account", title: "Account", summary: "", actions: [login]),
        ScreenDescriptor(id: "plain", title: "Plain", summary: "", actions: []),
        ScreenDescriptor(id: "export", title: "Export", summary: "", actions: [export, save]),
    ]
    /// An action that loads the screen's content itself (an export that scans as it writes).
    static let export = ActionDescriptor(name: "export", label: "Export", summary: "", effect: .changes, loadsContent: true)

    /// A form whose one field must be letters; `save` is enabled only then.
    static func prefs(_ draft: String?, status: ScreenStatus = .idle) -> ScreenSnapshot {
        let valid = draft.map { !$0.isEmpty && $0.allSatisfy(\.isLetter) } ?? false
        let message = draft != nil && !valid ? "User may hold only letters." : nil
        return ScreenSnapshot(
            screen: "prefs", title: "Prefs", status: status,
            content: ScreenContent(form: FormContent(
                fields: [FormField(id: "user", label: "User", value: draft ?? "", message: message)], submitAction: "save")),
            actions: [setField, save.disabled(because: valid ? nil : "Nothing valid to save")])
    }

    static func rows(_ count: Int, status: ScreenStatus = .idle, hasMore: Bool = false) -> ScreenSnapshot {
        let items = (0..<count).map { ListItem(id: "r\($0)", title: "row \($0)").with("name", .string("row \($0)")).with("bytes", .int($0 * 10)) }
        return ScreenSnapshot(
            screen: "scan", title: "Scan", status: status,
            content: ScreenContent(list: ListContent(items: items, total: hasMore ? count + 10 : count, hasMore: hasMore, columns: columns)),
            actions: [])
    }

    func catalog(scan: ScreenSnapshot = rows(2), account: ScreenStatus = .idle) -> FakeCatalog {
        FakeCatalog(Self.descriptors, make: [
            "prefs": { _ in
                FakeScreen(Self.prefs(nil)) { screen, action, arguments throws(ScreenError) in
                    if action == StandardAction.setField {
                        screen.state = Self.prefs(arguments.string(StandardParam.value))
                    } else {
                        let user = screen.state.content.form?.fields.first?.value ?? ""
                        screen.state = Self.prefs(user, status: .notice("Saved \(user)."))
                    }
                    return .done
                }
            },
            "things": { _ in
                FakeScreen(ScreenSnapshot(screen: "things", title: "Things", content: ScreenContent(), actions: [Self.rename])) { _, _, arguments in
                    arguments.string("name") == nil ? ActionOutcome(navigate: ScreenRequest(screen: "rename", params: ["path": .string("/srv/a b")])) : .done
                }
            },
            "rename": { _ in
                FakeScreen(ScreenSnapshot(
                    screen: "rename", title: "Rename a b",
                    content: ScreenContent(form: FormContent(fields: [FormField(id: "name", label: "New name", value: "")], submitAction: "save")),
                    actions: [Self.save]))
            },
            "scan": { _ in FakeScreen(scan) },
            "account": { _ in
                FakeScreen(ScreenSnapshot(screen: "account", title: "Account", status: account, content: ScreenContent(), actions: [Self.login])) { _, _, _ in
                    ActionOutcome(navigate: ScreenRequest(screen: "plain"))
                }
            },
            "plain": { _ in FakeScreen(ScreenSnapshot(screen: "plain", title: "Plain", content: ScreenContent(), actions: [])) },
            "export": { _ in FakeScreen(ScreenSnapshot(screen: "export", title: "Export", content: ScreenContent(), actions: [Self.export, Self.save])) },
        ])
    }

    /// Runs `tokens` like the front end does: usage errors to stderr with 2,
    /// other thrown errors with 1.
    func run(_ tokens: [String], catalog: FakeCatalog? = nil, mode: OutputMode = .human) async -> (Int32, Recorder, FakeCatalog) {
        let catalog = catalog ?? self.catalog()
        let recorder = Recorder()
        let out = Output(width: 60) { text, stream in
            if stream == .standardOutput { recorder.out += text } else { recorder.err += text }
        }
        do {
            let request = try CommandLineParser.parse(tokens, screens: catalog.screens)
            let status = try await CommandRunner(catalog: catalog, mode: mode, out: out, tokens: tokens).run(request)
            return (status, recorder, catalog)
        } catch {
            recorder.err += (error.kind == .invalidParams ? "usage: " : "failed: ") + error.message + "\n"
            return (error.kind == .invalidParams ? 2 : 1, recorder, catalog)
        }
    }

    // MARK: Tests

    /// An action that loads the content runs before the opening load is
    /// waited for (the screen's descriptor says so); any other waits first.
    @Test func anActionThatLoadsTheContentDoesNotWaitForTheOpeningLoad() async {
        let (exported, _, first) = await run(["export", "export"])
        #expect(exported == 0)
        #expect(first.opened.first?.log == ["export", "settle"])
        let (saved, _, second) = await run(["export", "save"])
        #expect(saved == 0)
        #expect(second.opened.first?.log == ["settle", "save", "settle"])
    }

    @Test func setFieldIsFollowedByTheFormsSubmitAction() async {
        let (status, output, catalog) = await run(["prefs", StandardAction.setField, "user", "ada"])
        #expect(status == 0)
        #expect(catalog.opened.first?.performed == [StandardAction.setField, "save"])
        #expect(output.out.hasSuffix("✓ Saved ada.\n"))
        #expect(output.err.isEmpty)
    }

    @Test func editsMayEndWithTheSubmitActionButNothingElse() async {
        let (saved, _, catalog) = await run(["prefs", StandardAction.setField, "user", "ada", "save"])
        #expect(saved == 0)
        #expect(catalog.opened.first?.performed == [StandardAction.setField, "save"])
        let (status, output, refused) = await run(["prefs", StandardAction.setField, "user", "ada", "clear"])
        #expect(status == 2)
        #expect(output.err.contains("'clear' cannot follow '\(StandardAction.setField)': the edits would not be saved; end with 'save'"))
        #expect(refused.opened.first?.performed == [])
    }

    @Test func aSubmitThatIsNotOfferedGivesTheFieldsMessage() async {
        let (status, output, catalog) = await run(["prefs", StandardAction.setField, "user", "x1"])
        #expect(status == 1)
        #expect(catalog.opened.first?.performed == [StandardAction.setField])
        #expect(output.out.isEmpty)
        #expect(output.err == "failed: User may hold only letters.\n")
    }

    @Test func anActionThatOnlyOpensAFormIsRefusedNamingWhatToAdd() async {
        let (status, output, _) = await run(["things", "rename"])
        #expect(status == 2)
        #expect(output.out.isEmpty)
        #expect(output.err.contains(#"'rename' only opens the "Rename a b" form"#))
        #expect(output.err.contains("add NAME (New name): facet things rename NAME"))
    }

    @Test func aWarningIsDoneButSaidOnStderr() async {
        let (status, output, _) = await run(["scan"], catalog: catalog(scan: Self.rows(2, status: .warning("2 folders could not be read."))))
        #expect(status == 0)
        #expect(output.out.hasPrefix("Scan\nNAME   BYTES\nrow 0      0\n"))
        #expect(!output.out.contains("could not be read"))
        #expect(output.err == "! 2 folders could not be read.\n")
    }

    @Test func anErrorLeavesStdoutEmptyExceptForJSON() async {
        let failing = catalog(scan: Self.rows(2, status: .error(.failed("Boom.", code: "boom"))))
        let (status, output, _) = await run(["scan"], catalog: failing)
        #expect(status == 1)
        #expect(output.out.isEmpty)
        #expect(output.err == "✗ Boom.\n")
        let (jsonStatus, json, _) = await run(["scan"], catalog: catalog(scan: Self.rows(2, status: .error(.failed("Boom.", code: "boom")))), mode: .json)
        #expect(jsonStatus == 1)
        #expect(json.out.hasPrefix(#"{"actions":[]"#) && json.out.contains(#""code":"boom""#))
        #expect(json.err == "✗ Boom.\n")
        let (_, rows, _) = await run(["scan"], catalog: failing, mode: .rows(fields: nil))
        #expect(rows.out.isEmpty)
    }

    @Test func rowsGoToStdoutAndAShortListIsNotedOnStderr() async {
        let (status, output, _) = await run(["scan"], catalog: catalog(scan: Self.rows(2, status: .notice("Scanned."), hasMore: true)), mode: .rows(fields: ["bytes", "id"]))
        #expect(status == 0)
        #expect(output.out == "{\"bytes\":0,\"id\":\"r0\"}\n{\"bytes\":10,\"id\":\"r1\"}\n")
        #expect(output.err.contains("rows 1–2 of 12 printed; more exist"))
        #expect(!output.err.contains("Scanned"))
        let (unknown, refused, _) = await run(["scan"], mode: .rows(fields: ["size"]))
        #expect(unknown == 2)
        #expect(refused.err.contains("has no field 'size'"))
        #expect(refused.out.isEmpty)
    }

    @Test func aScreenOpenedInErrorStillRunsAnOfferedFirstStep() async {
        let signedOut = ScreenStatus.error(.notFound("Nobody is signed in."))
        let (status, output, _) = await run(["account", "login"], catalog: catalog(account: signedOut))
        #expect(status == 0)
        #expect(output.out == "Plain\n")
        let (alone, message, _) = await run(["account"], catalog: catalog(account: signedOut))
        #expect(alone == 1)
        #expect(message.err == "✗ Nobody is signed in.\n")
    }
}
