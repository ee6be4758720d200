import PlaylistsDomain
import PlaylistsPresentation
import ScreenKit
import TestSupport
import Testing

/// The rows a script reads a page at a time (`ListPageSource`) are the rows
/// the screen's snapshot shows: same ids, typed values and display text,
/// for songs with and without length, cover and file.
@MainActor
@Suite struct PlaylistListPageTests {
    @Test func pagesHoldTheSnapshotsRows() async throws {
        let store = InMemoryPlaylistStore()
        let library = PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: [])
        _ = try await store.create(name: "Mix", source: "/m/mix.m3u", format: "m3u", songs: [
            Song(title: "A", artist: "x", cover: "https://c/a.jpg", duration: 225, location: "/music/a.mp3"),
            Song(title: "B \"quoted\"", artist: "y", cover: "covers/b.jpg", location: "https://s.example/b.mp3"),
            Song(title: "C", artist: "", cover: "", location: "relative/c.mp3"),
        ])
        let songs = PlaylistViewModel(library: library, name: "Mix")
        await songs.start()
        let shown = try #require(songs.snapshot.content.list?.items)
        #expect(shown.count == 3)

        var page = ListPage(columns: [])
        try await songs.listPage(from: 0, limit: 10, into: &page)
        #expect(page.items == shown)
        // The page is emptied and refilled, not appended to.
        try await songs.listPage(from: 1, limit: 1, into: &page)
        #expect(page.items == [shown[1]])
        try await songs.listPage(from: 3, limit: 10, into: &page)
        #expect(page.isEmpty)
    }
}
