@testable import CLIFrontEnd
import Foundation
import ScreenKit
import Testing

@Suite struct RowExportTests {
    let columns = [
        ListColumn("name", "Name", priority: 0),
        ListColumn("bytes", "Size", type: .bytes),
        ListColumn("modified", "Modified", type: .datetime, priority: 3),
    ]

    func folders(_ items: [ListItem]) -> ScreenSnapshot {
        ScreenSnapshot(
            screen: "folders", title: "/srv",
            content: ScreenContent(detail: DetailContent(rows: [DetailRow("Path", "/srv", id: "path", type: .path)]),
                                   list: ListContent(items: items, columns: columns)),
            actions: [])
    }

    var rows: [ListItem] {
        [
            ListItem(id: "big", title: "big").with("name", .string("big")).with("bytes", .int(1_957_000), display: "1.9 MiB")
                .with("modified", .string("2026-11-22T14:05:00Z")),
            ListItem(id: "new\nline \"q\"", title: "odd").with("name", .string("new\nline \"q\"")).with("bytes", .null),
        ]
    }

    func decode(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func oneObjectPerRowWithTypedValuesNotDisplayText() throws {
        let lines = RowExport(snapshot: folders(rows)).lines(fields: nil)
        #expect(lines.count == 2)
        #expect(lines[0] == #"{"id":"big","name":"big","bytes":1957000,"modified":"2026-11-22T14:05:00Z"}"#)
        let odd = try decode(lines[1])
        #expect(odd["id"] as? String == "new\nline \"q\"")
        #expect(odd["bytes"] is NSNull)
        #expect(odd["modified"] is NSNull)  // a column the row has no value for
        #expect(!lines[1].contains("\n"))
    }

    @Test func fieldsPickAndOrder() throws {
        let export = RowExport(snapshot: folders(rows))
        #expect(export.available == ["id", "name", "bytes", "modified"])
        #expect(export.lines(fields: ["bytes", "id"])[0] == #"{"bytes":1957000,"id":"big"}"#)
        try export.validate(["name", "id"])
    }

    @Test func anUnknownFieldIsAUsageErrorThatSuggestsAndLists() {
        do {
            try RowExport(snapshot: folders(rows)).validate(["name", "byts"])
            Issue.record("expected a usage error")
        } catch {
            #expect(error.kind == .invalidParams)
            #expect(error.message.contains("has no field 'byts' (did you mean 'bytes'?)"))
            #expect(error.message.contains("fields: id, name, bytes, modified"))
        }
    }

    @Test func aScreenWithoutAListGivesOneObjectOfItsDetailAndForm() throws {
        let snapshot = ScreenSnapshot(
            screen: "login", title: "Login",
            content: ScreenContent(
                form: FormContent(fields: [
                    FormField(id: "first-name", label: "First name", value: "Ada"),
                    FormField(id: "token", label: "Token", value: "", secret: true),
                ]),
                detail: DetailContent(rows: [DetailRow("Songs", "1,024", id: "songs", data: .int(1024), type: .integer)])),
            actions: [])
        let export = RowExport(snapshot: snapshot)
        #expect(export.available == ["songs", "first-name"])  // never a secret field
        #expect(export.lines(fields: nil) == [#"{"songs":1024,"first-name":"Ada"}"#])
        #expect(throws: ScreenError.self) { try export.validate(["token"]) }
    }

    @Test func jsonTextEscapesWhatJSONMust() throws {
        let text = JSONText.string("a\"b\\c\u{1B}[2J\t\u{2028}é")
        #expect(text == #""a\"b\\c\u001b[2J\t\u2028é""#)
        let round = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(round == ["a\"b\\c\u{1B}[2J\t\u{2028}é"])
        #expect(JSONText.value(.double(.nan)) == "null")
        #expect(JSONText.value(.bool(true)) == "true")
    }
}
