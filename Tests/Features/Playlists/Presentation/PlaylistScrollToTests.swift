import KernelDomain
import KernelPresentation
import PlaylistsDomain
import PlaylistsPresentation
import ScreenKit
import TestSupport
import Testing

/// `scroll-to`: the window jumps to any row in one read, page-aligned, so a
/// front end with a scroll bar over the whole list needs no chain of pages.
@MainActor
@Suite struct PlaylistScrollToTests {
    let store = InMemoryPlaylistStore()
    var library: PlaylistLibrary { PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: []) }

    func open(_ count: Int) async throws -> PlaylistViewModel {
        _ = try await store.create(
            name: "Mix", source: "s", format: "json", songs: (1...count).map { Song(title: "Song \($0)", artist: "A") })
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        await vm.start()
        return vm
    }

    @Test func theStandardActionMovesTheWindowToThePageHoldingTheRowAndTheNextOne() async throws {
        let vm = try await open(10_000)
        let offered = try #require(vm.snapshot.actions.first { $0.name == StandardAction.scrollTo })
        #expect(offered.enabled && offered.effect == .view)
        _ = try await vm.perform(StandardAction.scrollTo, ActionArguments([StandardParam.offset: .int(5_020)]))
        let list = try #require(vm.snapshot.content.list)
        #expect(list.offset == 5_000)
        #expect(list.items.count == 100)
        #expect(list.items.first?.id == "5001" && list.items.last?.id == "5100")
        #expect(list.total == 10_000 && list.hasMore)
        // Paging continues from there in both directions.
        try await vm.loadPrevious()
        #expect(vm.snapshot.content.list?.offset == 4_950)
    }

    @Test func anOffsetPastTheEndShowsTheLastPage() async throws {
        let vm = try await open(120)
        try await vm.scroll(to: 10_000)
        let list = try #require(vm.snapshot.content.list)
        #expect(list.items.last?.id == "120")
        #expect(!list.hasMore)
        await #expect(throws: ScreenError.self) { try await vm.scroll(to: -1) }
    }
}
