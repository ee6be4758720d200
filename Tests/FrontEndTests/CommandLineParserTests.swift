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
                ActionDescriptor(name: "move", label: "Move", summary: "", params: [
                    ParamDescriptor(name: "item", label: "Item", kind: .item, positional: true),
                    ParamDescriptor(name: "to", label: "To", kind: .int, positional: true),
                ]),
                ActionDescriptor(name: "add", label: "Add", summary: "", params: [
                    ParamDescriptor(name: "path", label: "Path", kind: .path, positional: true),
                    ParamDescriptor(name: "dry", label: "Dry", kind: .bool, required: false),
                ]),
            ]),
        ScreenDescriptor(id: "list", title: "List", summary: "", params: [
            ParamDescriptor(name: "path", label: "Path", kind: .path, required: false, positional: true),
        ], actions: [ActionDescriptor(name: "rescan", label: "Rescan", summary: "")]),
    ]

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

    @Test func errorsAreUsageErrors() {
        for tokens in [["nope"], ["things"], ["things", "Mix", "explode"], ["things", "Mix", "--nope", "1"],
                       ["things", "Mix", "move", "1", "2", "3"], ["things", "Mix", "--sort"]] {
            #expect(throws: ScreenError.self, "\(tokens)") { try CommandLineParser.parse(tokens, screens: screens) }
        }
    }
}
