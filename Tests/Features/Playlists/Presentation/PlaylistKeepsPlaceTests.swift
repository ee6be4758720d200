import KernelDomain
import KernelPresentation
import PlaylistsDomain
import PlaylistsPresentation
import ScreenKit
import TestSupport
import Testing

/// A playlist read again (coming back to its tab, back from a screen it
/// opened, `reload`) keeps every row loaded so far, and its page detail
/// names the pages the loaded rows reach.
@MainActor
@Suite struct PlaylistKeepsPlaceTests {
    let store = InMemoryPlaylistStore()
    var library: PlaylistLibrary { PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: []) }

    func seed(_ count: Int, name: String = "Mix") async throws {
        _ = try await store.create(
            name: name, source: "s", format: "json", songs: (1...count).map { Song(title: "Song \($0)", artist: "Band \($0)") })
    }

    func page(_ vm: PlaylistViewModel) -> DetailRow? {
        vm.snapshot.content.detail?.rows.first { $0.id == "page" }
    }

    @Test func reloadKeepsEveryLoadedRow() async throws {
        try await seed(300)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        await vm.start()
        #expect(page(vm)?.value == "1 of 6" && page(vm)?.data == .int(1))
        while vm.hasMore { try await vm.loadMore() }
        #expect(vm.entries.count == 300 && vm.offset == 0)
        #expect(page(vm)?.value == "1–6 of 6" && page(vm)?.data == .int(6))
        _ = try await vm.run(StandardAction.reload, [:])
        #expect(vm.entries.count == 300 && vm.offset == 0 && !vm.hasMore)
        #expect(vm.entries.last?.song.title == "Song 300")
        #expect(page(vm)?.value == "1–6 of 6")
    }

    @Test func reloadKeepsTheFilteredRowsAndTheFilter() async throws {
        try await seed(300)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        await vm.start()
        try await vm.setFilter("Song 1")
        try await vm.loadMore()
        let loaded = vm.entries.map(\.position)
        #expect(loaded.count == 100 && vm.total == 111)
        _ = try await vm.run(StandardAction.reload, [:])
        #expect(vm.filter == "Song 1")
        #expect(vm.entries.map(\.position) == loaded)
        #expect(page(vm)?.value == "1–2 of 3")
    }

    /// A window that starts below the top (a jump to a page) is read again
    /// from where it starts, not from the first page.
    @Test func reloadOfAWindowBelowTheTopStaysThere() async throws {
        try await seed(300)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        await vm.start()
        try await vm.showPage(4)
        try await vm.loadMore()
        #expect(vm.offset == 150 && vm.entries.count == 100)
        #expect(page(vm)?.value == "4–5 of 6")
        try await vm.reload()
        #expect(vm.offset == 150 && vm.entries.count == 100)
    }

    /// Rows removed under the window: what is left is shown, never an empty page.
    @Test func reloadAfterTheListShrankShowsWhatIsLeft() async throws {
        try await seed(300)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        await vm.start()
        try await vm.showPage(6)
        try await vm.removeSongs(at: Array(201...300))
        #expect(!vm.entries.isEmpty)
        #expect(vm.total == 200)
        #expect(vm.entries.last?.song.title == "Song 200")
    }
}
