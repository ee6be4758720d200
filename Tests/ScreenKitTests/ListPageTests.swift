import ScreenKit
import Testing

/// A page stores rows by column; what it hands back as items must be the
/// rows a snapshot would hold, built through the same `ListRowSink` calls.
@Suite struct ListPageTests {
    /// One row's columns, written the same way into an item or a page.
    static func fill<Row: ListRowSink>(_ row: inout Row, _ number: Int) {
        row.set("name", .string("Row \(number)"), display: nil)
        row.set("size", .int(number * 1000), display: "\(number) kB")
        row.set("url", .string("https://x.example/\(number)"), display: "https://x.example/\(number)")
        row.set("missing", .null, display: nil)
    }

    @Test func rowsReadBackAsTheItemsTheSameCallsBuild() {
        var page = ListPage(columns: ["name", "size", "url", "missing"], capacity: 3)
        var items: [ListItem] = []
        for number in 1...3 {
            page.appendRow(id: String(number), title: "Row \(number)", badges: number == 2 ? ["selected"] : [])
            Self.fill(&page, number)
            var item = ListItem(id: String(number), title: "Row \(number)", badges: number == 2 ? ["selected"] : [])
            Self.fill(&item, number)
            items.append(item)
        }
        #expect(page.count == 3)
        #expect(page.items == items)
        // Display text only where it reads differently from the value.
        #expect(page.items[0].cells == ["size": "1 kB"])
        let size = page.column("size")
        #expect(size != nil)
        #expect(page.value(row: 2, column: size ?? 0) == .int(3000))
        #expect(page.column("absent") == nil)
    }

    @Test func columnsSetOutOfOrderOrNotDeclaredStillLand() {
        var page = ListPage(columns: ["b", "a"])
        page.appendRow(id: "1", title: "one")
        page.set("a", .int(1), display: nil)
        page.set("b", .int(2), display: nil)
        page.appendRow(id: "2", title: "two")
        page.set("c", .string("late"), display: nil)
        #expect(page.items == [
            ListItem(id: "1", title: "one", values: ["a": .int(1), "b": .int(2)]),
            ListItem(id: "2", title: "two", values: ["c": .string("late")]),
        ])
    }

    @Test func aPageOfItemsKeepsThemWhole() {
        let items = [
            ListItem(id: "x", title: "X", values: ["n": .int(1), "s": .string("a")], cells: ["n": "one"], badges: ["error"]),
            ListItem(id: "y", title: "Y", values: ["n": .int(2), "t": .bool(true)]),
        ]
        let page = ListPage(items)
        // A column an item lacks stays absent from it, and reads as null.
        #expect(page.items == items)
        #expect(page.value(row: 1, column: page.column("s") ?? 0) == .null)
        #expect(page.titles == ["X", "Y"])
    }
}
