import ScreenKit
import Testing
@testable import TUIFrontEnd

/// Lists as tables: which columns fit, where they go, how the header marks
/// the sort and how cells are aligned and measured.
@MainActor
@Suite struct TableLayoutTests {
    let columns = [
        ListColumn("name", "Name", priority: 0),
        ListColumn("bytes", "Bytes", type: .bytes, priority: 1),
        ListColumn("owner", "Owner", priority: 2),
        ListColumn("modified", "Modified", type: .datetime, priority: 3),
    ]
    let natural = [20, 9, 12, 20]

    func ids(_ layout: TableLayout) -> [String] { layout.slots.map { columns[$0.index].id } }

    @Test func everyColumnFitsAWideTable() throws {
        let layout = TableLayout(columns: columns, natural: natural, width: 100)
        #expect(ids(layout) == ["name", "bytes", "owner", "modified"])
        // The row is filled exactly: the last column ends at the right edge.
        let last = try #require(layout.slots.last)
        #expect(last.x + last.width == 100)
        for (a, b) in zip(layout.slots, layout.slots.dropFirst()) { #expect(a.x + a.width + TableLayout.gap == b.x) }
        for slot in layout.slots { #expect(slot.width >= natural[slot.index]) }
    }

    @Test func theLeastImportantColumnsGoFirst() {
        // name 16 (its floor) + bytes 9 + owner 10 + modified 20 (a date is never cut) + gaps 6 = 61.
        #expect(ids(TableLayout(columns: columns, natural: natural, width: 50)) == ["name", "bytes", "owner"])
        #expect(ids(TableLayout(columns: columns, natural: natural, width: 36)) == ["name", "bytes"])
        #expect(ids(TableLayout(columns: columns, natural: natural, width: 26)) == ["name"])
    }

    @Test func priorityZeroIsNeverDropped() {
        let layout = TableLayout(columns: columns, natural: natural, width: 5)
        #expect(ids(layout) == ["name"])
        #expect(layout.slots[0].width == 5)
    }

    @Test func numbersAreNeverSqueezed() throws {
        let layout = TableLayout(columns: columns, natural: natural, width: 40)
        let bytes = try #require(layout.slots.first { columns[$0.index].id == "bytes" })
        #expect(bytes.width == 9)
    }

    @Test func cellWidthsCountTerminalCells() {
        #expect(CellWidth.of("abc") == 3)
        #expect(CellWidth.of("東京") == 4)
        #expect(CellWidth.of("e\u{301}") == 1)
        #expect(CellWidth.of("🎵") == 2)
    }
}

@MainActor
@Suite struct TableFrameTests {
    func rows(_ controller: TUIController, width: Int = 80, height: Int = 14) -> [String] {
        let buffer = controller.render(width: width, height: height).buffer
        return (0..<buffer.height).map { buffer.rowText($0) }
    }

    @Test func theHeaderMarksTheSortedColumnAndItsDirection() async throws {
        let screen = FakeListScreen.songs(3)
        screen.sort = "artist"
        let controller = try await FakeCatalog.controller(screen)
        var header = try #require(rows(controller).first { $0.contains("Title") })
        #expect(header.contains("Artist ▲"))
        #expect(!header.contains("Title ▲"))
        screen.sortDescending = true
        screen.publish()
        header = try #require(rows(controller).first { $0.contains("Title") })
        #expect(header.contains("Artist ▼"))
        controller.glyphs = .ascii
        header = try #require(rows(controller).first { $0.contains("Title") })
        #expect(header.contains("Artist v"))
    }

    @Test func numbersLineUpOnTheRight() async throws {
        let screen = FakeListScreen(items: [FakeListScreen.song(7), FakeListScreen.song(1234)])
        let controller = try await FakeCatalog.controller(screen)
        let lines = rows(controller)
        let seven = try #require(lines.first { $0.contains("Song 7 ") })
        let big = try #require(lines.first { $0.contains("Song 1234") })
        let header = try #require(lines.first { $0.contains("Title") })
        func end(_ line: String, _ text: String) -> Int? {
            line.range(of: text, options: .backwards).map { line.distance(from: line.startIndex, to: $0.upperBound) }
        }
        #expect(end(seven, "7") == end(big, "1234"))
        #expect(end(header, "No.") == end(big, "1234"))
    }

    @Test func narrowTerminalsDropColumnsByPriority() async throws {
        let controller = try await FakeCatalog.controller(Self.manyColumns())
        let wide = try #require(rows(controller, width: 100).first { $0.contains("Title") })
        for label in ["Artist", "No.", "Album", "Time", "Size"] { #expect(wide.contains(label)) }
        // Size (priority 4) goes first, then Album (3); the number (1) and
        // the title (0) stay.
        let middle = try #require(rows(controller, width: 60).first { $0.contains("Title") })
        #expect(!middle.contains("Size"))
        for label in ["Artist", "No.", "Album", "Time"] { #expect(middle.contains(label)) }
        // Narrower: the list is sorted by Time, so Time stays (the order of
        // the rows must stay readable) and Artist goes instead.
        let narrow = try #require(rows(controller, width: 40).first { $0.contains("Title") })
        for label in ["Album", "Artist", "Size"] { #expect(!narrow.contains(label)) }
        #expect(narrow.contains("Time") && narrow.contains("No."))
    }

    /// Six columns of every kind, with long texts.
    static func manyColumns() -> FakeListScreen {
        let screen = FakeListScreen(items: (1...4).map { number in
            FakeListScreen.song(number, "Track number \(number) of the record", artist: "The band called \(number)")
                .with("album", .string("Album \(number % 2) with a long name"))
                .with("duration", .int(180 + number), display: "3:0\(number)")
                .with("size", .int(1_000_000 * number), display: "\(number).0 MB")
        })
        screen.columns = FakeListScreen.columns + [
            ListColumn("album", "Album", priority: 3),
            ListColumn("duration", "Time", type: .seconds, priority: 2, sorts: true),
            ListColumn("size", "Size", type: .bytes, priority: 4),
        ]
        screen.sort = "duration"
        return screen
    }

    @Test func visitedRowsAreFadedAndErrorsReadAsErrors() async throws {
        let screen = FakeListScreen.songs(3)
        screen.items[1].badges = ["visited"]
        screen.items[2].badges = ["error"]
        let controller = try await FakeCatalog.controller(screen)
        let buffer = controller.render(width: 80, height: 14).buffer
        let lines = (0..<buffer.height).map { buffer.rowText($0) }
        let visited = try #require(lines.firstIndex { $0.contains("Song 2") })
        #expect(buffer[2, visited].style == .faded)
        #expect(buffer[2, visited - 1].style == .cursor)
        let failed = try #require(lines.firstIndex { $0.contains("[error]") })
        let x = try #require(lines[failed].range(of: "[error]").map { lines[failed].distance(from: lines[failed].startIndex, to: $0.lowerBound) })
        #expect(buffer[x, failed].style == .error)
        #expect(buffer[2, failed].style == .normal)
    }

    @Test func aScreenWithManyColumns() async throws {
        let controller = try await FakeCatalog.controller(Self.manyColumns())
        Golden.check("table-columns", controller.render(width: 100, height: 12).buffer.text)
        Golden.check("table-columns-narrow", controller.render(width: 50, height: 12).buffer.text)
    }
}
