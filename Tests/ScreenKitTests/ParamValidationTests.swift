import ScreenKit
import Testing

@Suite struct ParamValidationTests {
    let action = ActionDescriptor(
        name: "move", label: "Move", summary: "",
        effect: .changes, params: [
            ParamDescriptor(name: "item", label: "Item", kind: .item, positional: true),
            ParamDescriptor(name: "to", label: "To", kind: .int, positional: true, minimum: 1, maximum: 10),
            ParamDescriptor(name: "how", label: "How", kind: .choice, required: false, choices: ["fast", "slow"]),
            ParamDescriptor(name: "dry", label: "Dry run", kind: .bool, required: false),
        ])

    @Test func normalisesCommandLineStrings() throws {
        let valid = try action.validate(["item": .string("3"), "to": .string("7"), "dry": .string("yes")])
        #expect(valid["to"] == .int(7))
        #expect(valid["dry"] == .bool(true))
        #expect(valid["item"] == .string("3"))
    }

    /// A whole number typed with white space around it is still one; two
    /// numbers, or none, are not.
    @Test func wholeNumbersFromTextAllowSurroundingWhiteSpaceOnly() {
        #expect(ArgumentValue.string(" 42\t").intValue == 42)
        #expect(ArgumentValue.string("\u{00A0}-3\n").intValue == -3)
        #expect(ArgumentValue.string("7").intValue == 7)
        #expect(ArgumentValue.string("4 2").intValue == nil)
        #expect(ArgumentValue.string(" ").intValue == nil)
        #expect(ArgumentValue.string("").intValue == nil)
        #expect(ArgumentValue.string("12x").intValue == nil)
        #expect(ArgumentValue.int(5).intValue == 5)
        #expect(ArgumentValue.bool(true).intValue == nil)
    }

    @Test func refusesWhatTheSchemaDoesNot() {
        #expect(throws: ScreenError.self) { try action.validate(["to": .int(1)]) }  // missing item
        #expect(throws: ScreenError.self) { try action.validate(["item": .string("1"), "to": .string("x")]) }
        #expect(throws: ScreenError.self) { try action.validate(["item": .string("1"), "to": .int(11)]) }
        #expect(throws: ScreenError.self) { try action.validate(["item": .string("1"), "to": .int(0)]) }
        #expect(throws: ScreenError.self) { try action.validate(["item": .string("1"), "to": .int(2), "how": .string("warp")]) }
        #expect(throws: ScreenError.self) { try action.validate(["item": .string("1"), "to": .int(2), "extra": .int(1)]) }
        #expect(throws: ScreenError.self) { try action.validate(["item": .bool(true), "to": .int(2)]) }
    }

    @Test func messagesNameTheParameter() {
        do {
            _ = try action.validate(["item": .string("1"), "to": .string("x")])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidParams)
            #expect(error.message.contains("'to' must be a whole number"))
        }
    }
}

/// A NUL cuts a path short in every C call: refused for every `.path`
/// parameter, whatever the front end.
@Suite struct PathParamNulTests {
    let action = ActionDescriptor(
        name: "open", label: "Open", summary: "",
        effect: .view, params: [ParamDescriptor(name: "path", label: "Path", kind: .path, positional: true),
                 ParamDescriptor(name: "note", label: "Note", required: false)])

    @Test func aPathWithANulIsInvalid() throws {
        for bad in ["/x/victim\u{0}-does-not-exist", "/tmp\u{0}/anything", "before.json\u{0}.m3u", "\u{0}"] {
            do {
                _ = try action.validate(["path": .string(bad)])
                Issue.record("accepted \(bad.debugDescription)")
            } catch {
                #expect(error.kind == .invalidParams)
                #expect(error.message.contains("not a valid path"))
            }
        }
        // Plain text parameters may hold anything; valid paths pass unchanged.
        #expect(try action.validate(["path": .string("/tmp/ok"), "note": .string("a\u{0}b")])["path"] == .string("/tmp/ok"))
    }
}
