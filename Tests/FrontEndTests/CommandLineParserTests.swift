@testable import CLIFrontEnd
import ScreenKit
import Testing

@Suite struct CommandLineParserTests {
    let screens = [
        ScreenDescriptor(
            id: "things", title: "Things", summary: "",
            params: [
                ParamDescriptor(name: "name", label: "Name", positional: true),
                ParamDescriptor(name: "sort", label: "Sort", kind: .choice, required: false, choices: ["a", "b"]),
            ],
            actions: [
                ActionDescriptor(name: "move", label: "Move", summary: "", effect: .changes, params: [
                    ParamDescriptor(name: "item", label: "Item", kind: .item, positional: true),
                    ParamDescriptor(name: "to", label: "To", kind: .int, positional: true),
                ]),
                ActionDescriptor(name: "add", label: "Add", summary: "", effect: .changes, params: [
                    ParamDescriptor(name: "path", label: "Path", kind: .path, positional: true),
                    ParamDescriptor(name: "dry", label: "Dry", kind: .bool, required: false),
                ]),
            ]),
        ScreenDescriptor(
            id: "thingz", title: "All things", summary: "",
            actions: [ActionDescriptor(name: "import", label: "Import", summary: "", effect: .changes, params: [
                ParamDescriptor(name: "path", label: "Path", kind: .path, positional: true),
            ])]),
        ScreenDescriptor(id: "list", title: "List", summary: "", params: [
            ParamDescriptor(name: "path", label: "Path", kind: .path, required: false, positional: true),
        ], actions: [ActionDescriptor(name: "rescan", label: "Rescan", summary: "", effect: .changes)]),
        ScreenDescriptor(
            id: "form", title: "Form", summary: "",
            actions: [
                ActionDescriptor(name: StandardAction.setField, label: "Edit", summary: "", effect: .view, params: [
                    ParamDescriptor(name: StandardParam.field, label: "Field", kind: .choice, positional: true, choices: ["a", "b"]),
                    ParamDescriptor(name: StandardParam.value, label: "Value", positional: true),
                ]),
                ActionDescriptor(name: "save", label: "Save", summary: "", effect: .changes),
            ]),
    ]

    func message(_ tokens: [String]) -> String {
        do {
            _ = try CommandLineParser.parse(tokens, screens: screens)
            return "parsed"
        } catch {
            return error.kind == .invalidParams ? error.message : "not a usage error: \(error.message)"
        }
    }

    @Test func screenParamsThenActionAndArguments() throws {
        let parsed = try CommandLineParser.parse(["things", "Mix", "--sort", "b", "move", "3", "1"], screens: screens)
        #expect(parsed.screen == ScreenRequest(screen: "things", params: ["name": .string("Mix"), "sort": .string("b")]))
        #expect(parsed.action == "move")
        #expect(parsed.arguments == ["item": .string("3"), "to": .string("1")])
    }

    @Test func optionsWithEqualsAndFlags() throws {
        let parsed = try CommandLineParser.parse(["things", "Mix", "add", "--dry", "--path=/tmp/x y"], screens: screens)
        #expect(parsed.arguments == ["path": .string("/tmp/x y"), "dry": .string("true")])
    }

    @Test func optionalPositionalGivesWayToActionNames() throws {
        #expect(try CommandLineParser.parse(["list", "rescan"], screens: screens).action == "rescan")
        let withPath = try CommandLineParser.parse(["list", "/srv", "rescan"], screens: screens)
        #expect(withPath.screen.params == ["path": .string("/srv")])
        #expect(withPath.action == "rescan")
    }

    @Test func setFieldStepsMayBeChainedAndFollowedByAnAction() throws {
        let parsed = try CommandLineParser.parse(
            ["form", StandardAction.setField, "a", "one", StandardAction.setField, "b", "two words", "save"], screens: screens)
        #expect(parsed.steps == [
            .init(action: StandardAction.setField, arguments: [StandardParam.field: .string("a"), StandardParam.value: .string("one")]),
            .init(action: StandardAction.setField, arguments: [StandardParam.field: .string("b"), StandardParam.value: .string("two words")]),
            .init(action: "save", arguments: [:]),
        ])
        // Only a set-field step may be followed by another.
        #expect(message(["things", "Mix", "move", "1", "2", "add", "x"]).contains("unexpected argument 'add'"))
    }

    @Test func errorsAreUsageErrors() {
        for tokens in [["nope"], ["things"], ["things", "Mix", "explode"], ["things", "Mix", "--nope", "1"],
                       ["things", "Mix", "move", "1", "2", "3"], ["things", "Mix", "--sort"]] {
            #expect(!message(tokens).hasPrefix("parsed") && !message(tokens).hasPrefix("not a usage"), "\(tokens)")
        }
    }

    @Test func didYouMeanTheClosestScreenActionOrOption() {
        #expect(message(["thngs", "Mix"]).contains("unknown screen 'thngs' (did you mean 'things'?)"))
        #expect(message(["things", "Mix", "mvoe", "1", "2"]).contains("has no action 'mvoe' (did you mean 'move'?)"))
        #expect(message(["things", "Mix", "--srot", "a"]).contains("has no option --srot (did you mean --sort?)"))
        #expect(message(["things", "Mix", "add", "--dyr"]).contains("action 'add' has no option --dyr (did you mean --dry?)"))
        #expect(message(["things", "Mix", "--jsnl"]).contains("(did you mean --jsonl?)"))
        #expect(message(["things", "Mix", "--sort", "zzz"]) == "screen 'things': 'sort' must be one of: a, b")
        #expect(message(["form", StandardAction.setField, "aa", "x"]) == "action '\(StandardAction.setField)': '\(StandardParam.field)' must be one of: a, b (did you mean 'a'?)")
    }

    @Test func anActionOfAnotherScreenPointsThere() {
        // `things` took `import` as its NAME; what was meant is the other screen's action.
        #expect(message(["things", "import", "foo.json"]).contains("(did you mean 'facet thingz import foo.json'?)"))
        // An action typed where a screen belongs.
        #expect(message(["import", "my file.m3u"]).contains("(did you mean 'facet thingz import 'my file.m3u''?)"))
        // An action given to the wrong screen, with the other screen's required parameter as a placeholder.
        #expect(message(["thingz", "move", "1", "2"]).contains("(did you mean 'facet things NAME move 1 2'?)"))
        #expect(CommandLineParser.misplacedAction(
            in: ScreenRequest(screen: "things", params: ["name": .string("import")]), tokens: ["things", "import"],
            screens: screens) == "facet thingz import")
    }

    @Test func hintsQuoteWhatTheShellWouldSplit() {
        #expect(CommandText.line(["playlist", "Road Trip", "it's", "a,b"]) == #"facet playlist 'Road Trip' 'it'\''s' a,b"#)
        let descriptor = screens[0]
        let request = ScreenRequest(screen: "things", params: ["name": .string("Mix"), "sort": .string("a")])
        #expect(CommandText.words(for: request, descriptor: descriptor) == ["things", "Mix", "--sort", "a"])
    }
}
