import ScreenKit
import Testing
@testable import TUIFrontEnd

/// `>`/`<` pick the sort column among those with a `sortKey`, `I` reverses;
/// all through the screen's standard sort action.
@MainActor
@Suite struct SortKeyTests {
    func header(_ controller: TUIController) -> String {
        let text = controller.render(width: 80, height: 14).buffer.text
        return text.components(separatedBy: "\n").first { $0.contains("Title") } ?? ""
    }

    @Test func sortKeysCycleTheSortableColumnsAndReverse() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        #expect(header(controller).contains("Title ▲"))
        controller.handle([.character(">")])
        await controller.settle()
        #expect(screen.performed.last?.0 == StandardAction.sort)
        #expect(screen.performed.last?.1.string(StandardParam.by) == "artist")
        #expect(header(controller).contains("Artist ▲"))
        // The number column has no sort key: `>` wraps round to the title.
        controller.handle([.character(">")])
        await controller.settle()
        #expect(screen.sort == "title")
        controller.handle([.character("I")])
        await controller.settle()
        #expect(screen.performed.last?.1.bool(StandardParam.descending) == true)
        #expect(screen.sort == "title" && screen.sortDescending)
        #expect(header(controller).contains("Title ▼"))
        Golden.check("sort-descending", controller.render(width: 80, height: 10).buffer.text)
        controller.handle([.character("<")])
        await controller.settle()
        #expect(screen.sort == "artist")
    }

    @Test func clickingAHeaderSortsByItsColumnAndAgainReverses() async throws {
        let screen = FakeListScreen.songs(3)
        let controller = try await FakeCatalog.controller(screen)
        let buffer = controller.render(width: 80, height: 14).buffer
        let row = try #require(controller.layout.headerRow)
        let line = buffer.rowText(row)
        let x = try #require(line.range(of: "Artist").map { line.distance(from: line.startIndex, to: $0.lowerBound) })
        controller.handle([.mouse(MouseEvent(.click, x: x + 1, y: row))])
        await controller.settle()
        #expect(screen.sort == "artist" && !screen.sortDescending)
        _ = controller.render(width: 80, height: 14)
        controller.handle([.mouse(MouseEvent(.click, x: x + 1, y: row))])
        await controller.settle()
        #expect(screen.sort == "artist" && screen.sortDescending)
        #expect(header(controller).contains("Artist ▼"))
        // The number column cannot sort: a click says so.
        let numberX = try #require(line.range(of: "No.").map { line.distance(from: line.startIndex, to: $0.lowerBound) })
        controller.handle([.mouse(MouseEvent(.click, x: numberX, y: row))])
        #expect(controller.render(width: 80, height: 14).buffer.text.contains("cannot be sorted by No."))
    }

    @Test func aListThatCannotSortSaysSo() async throws {
        let screen = FakeListScreen.songs(3)
        screen.columns = screen.columns.map { column in
            var plain = column
            plain.sortKey = nil
            return plain
        }
        let controller = try await FakeCatalog.controller(screen)
        controller.handle([.character(">")])
        await controller.settle()
        #expect(screen.performed.isEmpty)
        #expect(controller.render(width: 80, height: 14).buffer.text.contains("This list has no column to sort by."))
    }
}

/// Each tab keeps its own navigation stack, cursor and scroll.
@MainActor
@Suite struct TabStateTests {
    @Test func switchingTabsKeepsWhereYouWere() async throws {
        let list = FakeListScreen.songs(20)
        let child = FakeListScreen.songs(5)
        child.id = "detail"
        child.title = "Big"
        list.child = ScreenRequest(screen: "detail")
        let catalog = FakeCatalog([
            (FakeCatalog.descriptor("songs", "Songs"), { list }),
            (FakeCatalog.descriptor("other", "Other"), {
                let other = FakeListScreen.songs(2)
                other.id = "other"
                return other
            }),
            (FakeCatalog.descriptor("detail", "Big", topLevel: false), { child }),
        ])
        let controller = TUIController(catalog: catalog)
        try await controller.start(ScreenRequest(screen: "songs"))
        controller.handle([.down, .down, .enter])
        await controller.settle()
        controller.handle([.down, .down, .down])
        #expect(controller.path == ["songs", "detail"])
        controller.handle([.character("2")])
        await controller.settle()
        #expect(controller.path == ["other"])
        controller.handle([.character("1")])
        await controller.settle()
        #expect(controller.path == ["songs", "detail"])
        #expect(controller.top?.cursor.index == 3)
        // The tab already shown goes back to its first screen, cursor kept.
        controller.handle([.character("1")])
        await controller.settle()
        #expect(controller.path == ["songs"])
        #expect(controller.top?.cursor.index == 2)
    }
}
