import Foundation
import JSONCore
import JSONRPC
import ScreenKit
import Testing

/// A client that asks for list deltas is sent only the rows it lacks, and
/// rebuilds from them exactly the window a client without deltas is sent;
/// a client that did not ask gets every list whole.
@MainActor
@Suite struct ListDeltaTests {
    /// A window of `size` rows over a list of `total`, moved by hand.
    final class Window: ScreenModel {
        var offset = 0
        let size = 100
        let total = 10_000
        var renamed: Int?
        override var snapshot: ScreenSnapshot {
            let rows = (offset..<min(total, offset + size)).map { place in
                ListItem(id: "\(place)", title: place == renamed ? "renamed \(place)" : "row \(place)", values: ["n": .int(place)])
            }
            let list = ListContent(
                items: rows, offset: offset, total: total, hasMore: offset + size < total,
                columns: [ListColumn("n", "N", type: .integer)])
            let open = ActionDescriptor(name: "open", label: "Open", summary: "Open a row", effect: .view, enabled: offset < 5_000)
            return ScreenSnapshot(screen: "rows", title: "Rows", content: ScreenContent(list: list), actions: [open])
        }
        func move(to offset: Int) {
            self.offset = offset
            publish()
        }
        func rename(_ place: Int) {
            renamed = place
            publish()
        }
    }

    final class OneScreen: ScreenCatalog {
        let window = Window()
        var screens: [ScreenDescriptor] { [ScreenDescriptor(id: "rows", title: "Rows", summary: "", actions: [])] }
        func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen { window }
    }

    struct State: Decodable { var version: Int; var snapshot: ScreenSnapshot }
    struct Reply: Decodable { var result: State }
    struct Changed: Decodable { var params: State }

    let sink = CollectingSink()
    let catalog = OneScreen()

    func session(deltas: Bool) async -> RPCSession {
        let session = RPCSession(catalog: catalog, home: ScreenRequest(screen: "rows"), version: "test", sink: sink)
        let hello = deltas ? #"{"capabilities":{"listDeltas":true}}"# : "{}"
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":\#(hello)}"#.utf8))
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"rows"}}"#.utf8))
        return session
    }

    func lastState() throws -> State {
        let line = Data(try #require(sink.messages.last).utf8)
        if let reply = try? JSONDecoder().decode(Reply.self, from: line) { return reply.result }
        return try JSONDecoder().decode(Changed.self, from: line).params
    }

    @Test func aMovedWindowSendsOnlyItsNewRowsAndRebuildsWhole() async throws {
        let session = await session(deltas: true)
        defer { session.closeAll() }
        let opened = try lastState()
        #expect(opened.snapshot.content.list?.reused == nil, "the first window goes whole")
        var held = try #require(opened.snapshot.content.list)
        var version = opened.version

        // "More": half a window on, then a row of the kept half changes.
        for step in [50, 100, 150] {
            catalog.window.move(to: step)
            let sent = try lastState()
            let list = try #require(sent.snapshot.content.list)
            let reused = try #require(list.reused, "a moved window names the rows the client holds")
            #expect(reused.base == version)
            #expect(list.items.count == 50, "only the rows past the old window: \(list.items.count)")
            held = try #require(list.rebuilt(from: held.items))
            #expect(held == catalog.window.snapshot.content.list, "rebuilt equals the window itself")
            version = sent.version
        }
        let sentBefore = version
        catalog.window.rename(200)
        let renamed = try lastState()
        let list = try #require(renamed.snapshot.content.list)
        #expect(list.items.map(\.title) == ["renamed 200"], "only the changed row is sent")
        #expect(list.reused?.runs.count == 2, "the rows before and after it are named")
        #expect(try #require(list.rebuilt(from: held.items)) == catalog.window.snapshot.content.list)

        // The actions did not change: they are named, not sent.
        #expect(renamed.snapshot.actions.isEmpty && renamed.snapshot.actionsOf == sentBefore)

        // A jump far away shares no row, and its action changed: both go whole.
        catalog.window.move(to: 5_000)
        let jumped = try lastState()
        let jumpedList = try #require(jumped.snapshot.content.list)
        #expect(jumpedList.reused == nil && jumpedList.items.count == 100)
        #expect(jumped.snapshot.actionsOf == nil && jumped.snapshot.actions.first?.enabled == false)
    }

    @Test func aClientThatAsksForTheWholeSnapshotGetsItAndDeltasFollowFromIt() async throws {
        let session = await session(deltas: true)
        catalog.window.move(to: 50)
        #expect(try lastState().snapshot.content.list?.reused != nil)
        await session.receive(line: Array(#"{"jsonrpc":"2.0","id":2,"method":"screen.snapshot","params":{"handle":"h1","whole":true}}"#.utf8))
        let whole = try lastState()
        let list = try #require(whole.snapshot.content.list)
        #expect(list.reused == nil && list.items.count == 100)
        catalog.window.move(to: 60)
        let next = try #require(try lastState().snapshot.content.list)
        #expect(next.reused?.base == whole.version, "the next delta names the window sent whole")
        #expect(try #require(next.rebuilt(from: list.items)) == catalog.window.snapshot.content.list)
    }

    @Test func aClientThatDidNotAskGetsEveryListWhole() async throws {
        let session = await session(deltas: false)
        defer { session.closeAll() }
        catalog.window.move(to: 50)
        let list = try #require(try lastState().snapshot.content.list)
        #expect(list.reused == nil && list.items.count == 100)
        #expect(!(sink.messages.last ?? "").contains("reused"))
    }

    @Test func runsThatDoNotFitTheHeldWindowAreRefused() {
        let rows = (0..<10).map { ListItem(id: "\($0)", title: "\($0)") }
        let delta = ReusedRows(base: 1, runs: [.init(at: 0, from: 5, count: 10)])
        #expect(delta.rebuild(fresh: [], old: rows) == nil, "past the end of the held window")
        let gap = ReusedRows(base: 1, runs: [.init(at: 3, from: 0, count: 2)])
        #expect(gap.rebuild(fresh: [rows[0]], old: rows) == nil, "fewer rows sent than the gap before the run")
        #expect(gap.rebuild(fresh: Array(rows[0..<3]), old: rows)?.map(\.id) == ["0", "1", "2", "0", "1"])
    }
}
