import ScreenKit
import Testing
@testable import TUIFrontEnd

/// How the TUI shares a row's width between columns and the screen's
/// height between the detail and the list, from the columns' types and
/// kinds alone (no feature is named).
@Suite struct LayoutRulesTests {
    func width(_ layout: TableLayout, _ index: Int) -> Int? { layout.slots.first { $0.index == index }?.width }

    @Test func datesSizesAndCountsAreNeverCut() {
        let columns = [
            ListColumn("name", "Name", priority: 0), ListColumn("count", "Items", type: .integer, priority: 2),
            ListColumn("when", "Modified", type: .datetime, priority: 3), ListColumn("took", "Length", type: .seconds, priority: 3),
            ListColumn("size", "Size", type: .bytes, priority: 1),
        ]
        let natural = [60, 5, 20, 7, 9]
        for width in [60, 77, 120] {
            let layout = TableLayout(columns: columns, natural: natural, width: width)
            for slot in layout.slots where slot.index > 0 {
                #expect(slot.width >= natural[slot.index], "\(width): \(columns[slot.index].id) cut to \(slot.width)")
            }
        }
    }

    @Test func longTextColumnsShareWhatIsLeft() throws {
        let columns = [
            ListColumn("name", "Name", priority: 0), ListColumn("when", "Modified", type: .datetime, priority: 3),
            ListColumn("path", "Path", type: .path, priority: 6), ListColumn("size", "Size", type: .bytes, priority: 1),
        ]
        // A long name and a longer path in 197 cells: neither takes it all.
        let layout = TableLayout(columns: columns, natural: [95, 20, 110, 9], width: 197)
        let name = try #require(width(layout, 0)), path = try #require(width(layout, 2))
        #expect(name < 95 && path < 110)
        #expect(abs(name - path) <= 1, "name \(name), path \(path)")
        #expect(width(layout, 1) == 20)
        // Room for both: each is whole.
        let wide = TableLayout(columns: columns, natural: [40, 20, 50, 9], width: 197)
        #expect(try #require(width(wide, 0)) >= 40 && (try #require(width(wide, 2))) >= 50)
    }

    @Test func aShortNameIsWholeBeforeALongDescriptionGrows() {
        let columns = [
            ListColumn("name", "Repository", priority: 0), ListColumn("description", "Description", priority: 3),
            ListColumn("stars", "Stars", type: .integer, priority: 1),
        ]
        let layout = TableLayout(columns: columns, natural: [20, 300, 7], width: 77)
        #expect(width(layout, 0) == 20)
        #expect((width(layout, 1) ?? 0) > 11)
    }

    @Test func theSortedColumnStays() {
        let columns = [
            ListColumn("name", "Name", priority: 0), ListColumn("artist", "Artist", priority: 1),
            ListColumn("when", "Added", type: .datetime, priority: 5, sorts: true),
        ]
        let natural = [16, 12, 20]
        let unsorted = TableLayout(columns: columns, natural: natural, width: 40)
        #expect(unsorted.slots.map(\.index) == [0, 1])
        let sorted = TableLayout(columns: columns, natural: natural, width: 40, sortedBy: "when")
        #expect(sorted.slots.map(\.index) == [0, 2])
    }

    @Test func aShareColumnGetsItsBarWhenThereIsRoom() throws {
        let columns = [
            ListColumn("name", "Name", priority: 0), ListColumn("share", "Share", type: .number, priority: 2, kind: .share),
            ListColumn("size", "Size", type: .bytes, priority: 1),
        ]
        let natural = [30, 6, 9]
        let wide = try #require(TableLayout(columns: columns, natural: natural, width: 120).slots.first { $0.index == 1 })
        #expect(wide.bar == TableLayout.barWidth && wide.width == 6 + 1 + TableLayout.barWidth)
        // Too little room for a readable bar: none, and the number keeps its cells.
        let narrow = try #require(TableLayout(columns: columns, natural: natural, width: 40).slots.first { $0.index == 1 })
        #expect(narrow.bar == 0 && narrow.width == 6)
        // A plain number column never gets one.
        var plain = columns
        plain[1].kind = nil
        #expect(TableLayout(columns: plain, natural: natural, width: 120).slots.allSatisfy { $0.bar == 0 })
    }

    @Test func theBarIsFilledInProportion() {
        #expect(ShareBar.text(.double(51.9), width: 12) == "[#####     ]")
        #expect(ShareBar.text(.double(100), width: 12) == "[##########]")
        #expect(ShareBar.text(.double(0), width: 12) == "[          ]")
        #expect(ShareBar.text(.int(250), width: 7) == "[#####]")
        #expect(ShareBar.text(.null, width: 12) == nil)
        #expect(ShareBar.text(nil, width: 12) == nil)
    }

    @Test func theDetailYieldsRowsToALongList() {
        // A short terminal: a long list keeps two thirds of the area.
        let short = ContentLayout(form: nil, detail: 8, list: true, listRows: 31, available: 11)
        #expect(short.detail == 11 - 7 - 1)
        // A short list leaves the detail its rows.
        let fewRows = ContentLayout(form: nil, detail: 8, list: true, listRows: 3, available: 11)
        #expect(fewRows.detail == 6)
        // A tall terminal: the detail is whole.
        #expect(ContentLayout(form: nil, detail: 6, list: true, listRows: 131, available: 55).detail == 6)
    }

    @MainActor
    @Test func aCutDetailSaysHowMuchIsHidden() async throws {
        let screen = FakeListScreen.songs(30)
        screen.detail = DetailContent(rows: (1...8).map { DetailRow("Row \($0)", "value \($0)") })
        let controller = try await FakeCatalog.controller(screen)
        let rows = controller.render(width: 80, height: 16).buffer.text.components(separatedBy: "\n")
        #expect(rows.contains { $0.contains("… 6 more") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("Row 2") } && !rows.contains { $0.contains("Row 3") })
        #expect(rows.filter { $0.contains("Song ") }.count >= 6)
    }
}
