import Foundation
@testable import ScreenKit
import Testing

/// The effect travels in the snapshot's JSON beside `destructive`, which
/// stays for clients that predate it; a peer that sends no effect is read
/// cautiously.
@Suite struct ActionEffectTests {
    /// `destructive` in the JSON means "asked about first", which only the
    /// two removing effects are, and the question ends in what each says of undo.
    @Test func destructiveIsExactlyTheEffectsThatAsk() {
        for effect in ActionEffect.allCases {
            let action = ActionDescriptor(name: "a", label: "A", summary: "", effect: effect)
            #expect(action.destructive == [.removes, .destroys].contains(effect), "\(effect)")
        }
        #expect(ActionEffect.removes.question("Delete playlist \"x\"?") == "Delete playlist \"x\"? `u` undoes it.")
        #expect(ActionEffect.destroys.question("Delete /x?") == "Delete /x? This cannot be undone.")
        #expect(ActionEffect.destroys.question("Delete /x? This cannot be undone.") == "Delete /x? This cannot be undone.")
        #expect(ActionEffect.changes.question("Rename?") == "Rename?")
    }

    @Test func aSortChoiceIsTakenInAnyCaseOrByItsLabel() throws {
        let columns = [ListColumn("starred_at", "Starred", sorts: true), ListColumn("full_name", "Repository", sorts: true)]
        let sort = ListGrammar.sortParams(columns: columns)[0]
        #expect(sort.choices == ["starred_at", "full_name"])
        #expect(sort.choice("STARRED_AT") == "starred_at")
        #expect(sort.choice("repository") == "full_name")
        #expect(sort.choice("pushed") == nil)
        let valid = try ParamDescriptor.validate(["by": .string("Starred")], against: [sort], context: "t")
        #expect(valid.string("by") == "starred_at")
    }

    @Test func bothKeysAreWrittenAndReadBack() throws {
        let action = ActionDescriptor(name: "delete", label: "Delete", summary: "", effect: .destroys)
        let text = String(decoding: SnapshotJSON.data(action), as: UTF8.self)
        #expect(text.contains(#""destructive":true"#))
        #expect(text.contains(#""effect":"destroys""#))
        #expect(try JSONDecoder().decode(ActionDescriptor.self, from: Data(text.utf8)) == action)
    }

    @Test func aPeerWithoutEffectIsReadCautiously() throws {
        func decode(_ destructive: Bool) throws -> ActionEffect {
            let json = #"{"name":"x","label":"X","enabled":true,"destructive":\#(destructive),"params":[],"summary":""}"#
            return try JSONDecoder().decode(ActionDescriptor.self, from: Data(json.utf8)).effect
        }
        #expect(try decode(true) == .destroys)
        #expect(try decode(false) == .changes)
    }

    @Test func aConfirmedActionGetsYesOnlyWhenItTakesIt() {
        let asks = ActionDescriptor(
            name: "delete", label: "Delete", summary: "", effect: .destroys,
            params: [ParamDescriptor(name: StandardParam.yes, label: "Yes", kind: .bool, required: false)])
        let plain = ActionDescriptor(name: "remove", label: "Remove", summary: "", effect: .destroys)
        #expect(ActionConfirmation.confirmed([:], for: asks)[StandardParam.yes] == .bool(true))
        #expect(ActionConfirmation.confirmed([:], for: plain)[StandardParam.yes] == nil)
    }

    @Test func theGenericQuestionNamesTheRowByItsTitle() {
        let remove = ActionDescriptor(
            name: "remove", label: "Remove song", summary: "", effect: .destroys,
            params: [ParamDescriptor(name: StandardParam.item, label: "Song", kind: .item)])
        let snapshot = ScreenSnapshot(
            screen: "s", title: "Road Trip",
            content: ScreenContent(list: ListContent(items: [ListItem(id: "3", title: "Waterloo")], columns: [])),
            actions: [remove])
        #expect(ActionConfirmation.generic("remove", [StandardParam.item: .string("3")], on: snapshot) == "Remove song \"Waterloo\"?")
        #expect(ActionConfirmation.generic("remove", [:], on: snapshot) == "Remove song \"Road Trip\"?")
    }
}
