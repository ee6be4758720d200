import KernelDomain
import KernelPresentation
import PlaylistsDomain
import PlaylistsPresentation
import ScreenKit
import TestSupport
import Testing

@MainActor
@Suite struct PlaylistViewModelTests {
    let store = InMemoryPlaylistStore()
    var library: PlaylistLibrary { PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: []) }

    func seed(_ count: Int, name: String = "Mix") async throws {
        _ = try await store.create(
            name: name, source: "s", format: "json",
            songs: (1...count).map { Song(title: "Song \($0)", artist: $0 % 2 == 0 ? "Even" : "Odd") })
    }

    @Test func startShowsLoadingThenFirstPage() async throws {
        try await seed(120)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        let recorder = SnapshotRecorder(vm)
        await vm.start()
        #expect(recorder.statuses == [.loading, .idle])
        #expect(vm.entries.count == 50)
        #expect(vm.total == 120)
        #expect(vm.hasMore)
        let list = try #require(vm.snapshot.content.list)
        let first = try #require(list.items.first)
        #expect(first.id == "1" && first.title == "Song 1")
        #expect(first.values == [
            "position": .int(1), "title": .string("Song 1"), "artist": .string("Odd"), "duration": .null, "cover": .null,
            "location": .null,
        ])
        #expect(list.columns.map(\.id) == ["title", "artist", "duration", "cover", "location", "position"])
        #expect(list.columns == PlaylistViewModel.descriptor.columns)
        #expect(list.columns.compactMap(\.sortKey).sorted() == SongSort.allCases.map(\.rawValue).sorted())
        #expect(list.offset == 0 && list.total == 120 && list.hasMore)
        #expect(vm.snapshot.title == "Mix")
    }

    @Test func unknownPlaylistIsAnErrorWithDisabledActions() async {
        let vm = PlaylistViewModel(library: library, name: "Ghost")
        await vm.start()
        #expect(vm.snapshot.status.code == "playlist.not_found")
        #expect(vm.snapshot.status.message == "No playlist named \"Ghost\".")
        #expect(vm.snapshot.action("filter")?.enabled == false)
        #expect(vm.snapshot.action("rename")?.enabled == false)
        #expect(vm.snapshot.action("rename")?.disabledReason == "No playlist named \"Ghost\"")
    }

    @Test func songRowsCarryDurationAndCoverTyped() async throws {
        _ = try await store.create(
            name: "Typed", source: "/music/typed.m3u", format: "m3u",
            songs: [
                Song(title: "Long", artist: "A", cover: "https://covers.example/a.jpg", duration: 3723, location: "/m/a b.mp3"),
                Song(title: "Short", artist: "B", cover: "art/b.jpg", duration: 5, location: "http://radio/b"),
            ])
        let vm = PlaylistViewModel(library: library, name: "Typed")
        await vm.start()
        let snapshot = vm.snapshot
        let items = try #require(snapshot.content.list?.items)
        #expect(items.map { $0.values["duration"] } == [.int(3723), .int(5)])
        #expect(items.map { $0.text("duration") } == ["1:02:03", "0:05"])
        // A URL is a URL; a relative path is not one, but is still shown.
        #expect(items.map { $0.values["cover"] } == [.string("https://covers.example/a.jpg"), .null])
        #expect(items.map { $0.text("cover") } == ["https://covers.example/a.jpg", "art/b.jpg"])
        // The audio file: a path stays the path for programs; a stream is no file (null), still shown.
        #expect(items.map { $0.values["location"] } == [.string("/m/a b.mp3"), .null])
        #expect(items.map { $0.text("location") } == ["/m/a b.mp3", "http://radio/b"])
        let rows = try #require(snapshot.content.detail?.rows)
        #expect(rows.map(\.id) == ["songs", "source", "format", "imported", "page"])
        #expect(rows.map(\.data) == [.int(2), .string("/music/typed.m3u"), .string("m3u"), .string("2023-11-14T22:13:20Z"), .int(1)])
        #expect(rows.map(\.type) == [.integer, .path, .text, .datetime, .integer])
        #expect(snapshot.action("load-previous")?.disabledReason == "Already at the top of the list")
    }

    @Test func loadMoreAppendsAndKnowsTheEnd() async throws {
        try await seed(120)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 50)
        await vm.start()
        let recorder = SnapshotRecorder(vm)
        try await vm.loadMore()
        // loading-more shown, then the appended page
        #expect(recorder.snapshots.map { $0.content.list?.loadingMore } == [true, false])
        #expect(vm.entries.count == 100)
        try await vm.loadMore()
        #expect(vm.entries.count == 120)
        #expect(!vm.hasMore)
        #expect(vm.snapshot.action("load-more")?.enabled == false)
        #expect(vm.snapshot.action("load-more")?.disabledReason == "Already at the end of the list")
        let before = store.pageRequests.count
        try await vm.loadMore()  // at the end: ignored, nothing fetched
        #expect(store.pageRequests.count == before)
    }

    @Test func windowStaysBoundedForHugeLists() async throws {
        try await seed(2_000)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 10)
        await vm.start()
        for _ in 0..<150 { try await vm.loadMore() }
        #expect(vm.entries.count == vm.windowLimit)
        #expect(vm.offset == 1_510 - vm.windowLimit)
        #expect(vm.entries.first?.position == vm.offset + 1)
        #expect(vm.snapshot.content.list?.offset == vm.offset)
    }

    @Test func filterAndSortRefetchFromTheStart() async throws {
        try await seed(30)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 10)
        await vm.start()
        try await vm.showPage(2)
        #expect(vm.offset == 10)
        _ = try await vm.run("filter", ["text": .string("even")])
        #expect(vm.offset == 0)
        #expect(vm.total == 15)
        #expect(vm.snapshot.content.list?.filter == "even")
        _ = try await vm.run("sort", ["by": .string("title")])
        #expect(vm.entries.first?.song.title == "Song 10")
        #expect(store.pageRequests.last == SongQuery(filter: "even", sort: .title, offset: 0, limit: 10))
        _ = try await vm.run("filter", ["text": .string("zzz")])
        #expect(vm.snapshot.content.list?.emptyMessage == "No song matches \"zzz\".")
    }

    @Test func pageOutOfRangeIsRefused() async throws {
        try await seed(30)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 10)
        await vm.start()
        await #expect(throws: ScreenError.self) { try await vm.showPage(4) }
        #expect(vm.offset == 0)
    }

    @Test func editsUpdateTheList() async throws {
        try await seed(5)
        let vm = PlaylistViewModel(library: library, name: "Mix")
        await vm.start()
        _ = try await vm.run("remove-song", ["item": .string("2")])
        #expect(vm.entries.map(\.song.title) == ["Song 1", "Song 3", "Song 4", "Song 5"])
        #expect(vm.snapshot.status == .notice("Removed “Song 2”."))
        let moved = try await vm.run("move-song", ["item": .string("1"), "to": .int(4)])
        #expect(vm.entries.map(\.song.title) == ["Song 3", "Song 4", "Song 5", "Song 1"])
        #expect(vm.snapshot.status == .notice("Moved “Song 1” to 4."))
        #expect(moved.focus == "4")
        // Rename suggests the current name, so a prompt starts with it.
        #expect(vm.snapshot.action("rename")?.params.first?.suggestion == "Mix")
        await #expect(throws: ScreenError.self) { try await vm.run("remove-song", ["item": .string("9")]) }
        #expect(vm.entries.count == 4)
    }

    /// Moving a song far away keeps it in view (the window moves
    /// to its new page), and a song outside the window is still named.
    @Test func aMovedSongStaysInTheWindow() async throws {
        try await seed(40)
        let vm = PlaylistViewModel(library: library, name: "Mix", pageSize: 10)
        await vm.start()
        _ = try await vm.run("move-song", ["item": .string("2"), "to": .int(35)])
        #expect(vm.offset == 30)
        #expect(vm.entries.first { $0.position == 35 }?.song.title == "Song 2")
        _ = try await vm.run("remove-song", ["item": .string("3")])
        #expect(vm.snapshot.status == .notice("Removed “Song 4”."))
    }

    @Test func renameAndDelete() async throws {
        try await seed(3)
        try await seed(1, name: "Other")
        let vm = PlaylistViewModel(library: library, name: "Mix")
        await vm.start()
        do {
            _ = try await vm.run("rename", ["name": .string("Other")])
            Issue.record("rename to a taken name succeeded")
        } catch {
            #expect(error.code == "playlist.duplicate_name")
        }
        _ = try await vm.run("rename", ["name": .string("Renamed")])
        #expect(vm.snapshot.title == "Renamed")
        #expect(vm.snapshot.status == .notice("Renamed \"Mix\" to \"Renamed\"."))
        let outcome = try await vm.run("delete")
        #expect(outcome.back)
        #expect(vm.playlist == nil)
    }
}

@MainActor
@Suite struct PlaylistWindowTests {
    let store = InMemoryPlaylistStore()

    @Test func loadPreviousWalksBackUpABoundedWindow() async throws {
        _ = try await store.create(name: "Big", source: "s", format: "json", songs: (1...1_000).map { Song(title: "S\($0)", artist: "A") })
        let vm = PlaylistViewModel(library: PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: []), name: "Big", page: 50, pageSize: 10)
        await vm.start()
        #expect(vm.offset == 490)
        #expect(vm.snapshot.action("load-previous")?.enabled == true)
        var loads = 0
        while vm.snapshot.action("load-previous")?.enabled == true {
            _ = try await vm.run("load-previous")
            loads += 1
        }
        #expect(loads == 49)
        #expect(vm.offset == 0)
        #expect(vm.entries.count == vm.windowLimit)
        #expect(vm.entries.first?.position == 1)
        #expect(vm.entries.last?.position == vm.windowLimit)
        #expect(vm.snapshot.action("load-previous")?.enabled == false)
        await #expect(throws: ScreenError.self) { try await vm.run("load-previous") }
    }
}
