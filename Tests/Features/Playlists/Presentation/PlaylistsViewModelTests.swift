import KernelDomain
import KernelPresentation
import PlaylistsDomain
import PlaylistsPresentation
import ScreenKit
import TestSupport
import Testing

@MainActor
@Suite struct PlaylistsViewModelTests {
    let store = InMemoryPlaylistStore()

    func model(_ files: [(String, PlaylistMaterial)] = []) -> PlaylistsViewModel {
        PlaylistsViewModel(library: PlaylistLibrary(
            store: store, source: StubPlaylistSource(Dictionary(uniqueKeysWithValues: files)), parsers: [LineSongParser()]))
    }

    @Test func startLoadsTheList() async throws {
        _ = try await store.create(name: "Existing", source: "s", format: "json", songs: [Song(title: "a", artist: "b")])
        let vm = model()
        let recorder = SnapshotRecorder(vm)
        await vm.start()
        #expect(vm.playlists.map(\.name) == ["Existing"])
        #expect(recorder.snapshots.count == 1)
        let list = try #require(recorder.last?.content.list)
        let item = try #require(list.items.first)
        #expect(list.items.count == 1 && item.id == "Existing" && item.title == "Existing")
        // "s" is not an absolute path: null, but shown as stored.
        #expect(item.values == [
            "name": .string("Existing"), "songs": .int(1), "source": .null, "format": .string("json"),
            "imported": .string("2023-11-14T22:13:20Z"),
        ])
        #expect(item.text("source") == "s")
        #expect(list.columns.map(\.id) == ["name", "songs", "source", "format", "imported"])
        #expect(list.columns == PlaylistsViewModel.descriptor.columns)
        #expect(recorder.last?.action("open")?.enabled == true)
    }

    @Test func emptyListSaysHowToImport() async {
        let vm = model()
        await vm.start()
        #expect(vm.snapshot.content.list?.emptyMessage.contains("import") == true)
        #expect(vm.snapshot.action("open")?.enabled == false)
        #expect(vm.snapshot.action("delete")?.enabled == false)
        #expect(vm.snapshot.action("delete")?.disabledReason == "Nothing to delete: no playlists yet")
    }

    @Test func importPassesThroughLoadingToNotice() async throws {
        let vm = model([StubPlaylistSource.json("/m/Road.json", [("A", "x"), ("B", "y")])])
        await vm.start()
        let recorder = SnapshotRecorder(vm)
        store.holdCreate = true
        let outcome = try await vm.run("import", ["path": .string("/m/Road.json")])
        #expect(outcome.pending)
        // While the import runs: loading, and a second import is refused.
        #expect(vm.isImporting)
        #expect(vm.snapshot.status.kind == .loading)
        #expect(vm.snapshot.status.message == "Importing /m/Road.json…")
        #expect(vm.snapshot.action("import")?.enabled == false)
        #expect(vm.snapshot.action("import")?.disabledReason == "An import is running")
        await #expect(throws: ScreenError.self) { try await vm.run("import", ["path": .string("/m/Road.json")]) }
        store.resumeCreate()
        await vm.settle()
        #expect(recorder.statuses == [.loading, .notice])
        #expect(vm.snapshot.status.message == "Imported 2 songs into \"Road\".")
        #expect(vm.playlists.map(\.name) == ["Road"])
        #expect(vm.snapshot.content.list?.items.first?.values["source"] == .string("/m/Road.json"))
        #expect(vm.snapshot.content.list?.items.first?.values["songs"] == .int(2))
        #expect(vm.snapshot.action("import")?.enabled == true)
    }

    @Test func importFailureIsShownOnTheScreen() async throws {
        let vm = model([("/bad.txt", .file(name: "/bad.txt", bytes: Array("nope".utf8)))])
        await vm.start()
        let recorder = SnapshotRecorder(vm)
        _ = try await vm.run("import", ["path": .string("/bad.txt")])
        await vm.settle()
        #expect(recorder.statuses == [.loading, .error])
        #expect(vm.snapshot.status.code == "playlist.parse_error")
        #expect(vm.snapshot.status.message == "Cannot import /bad.txt, line 1: expected title|artist.")
        #expect(vm.playlists.isEmpty)
        #expect(!vm.isImporting)
    }

    @Test func storageFailureOnLoadIsAnErrorStatus() async {
        store.failNext = StorageError(.locked, "database is locked")
        let vm = model()
        await vm.start()
        #expect(vm.snapshot.status.kind == .error)
        #expect(vm.snapshot.status.code == "storage.locked")
    }

    @Test func openNavigatesAndDeleteRemoves() async throws {
        _ = try await store.create(name: "Mix", source: "s", format: "json", songs: [Song(title: "a", artist: "b")])
        let vm = model()
        await vm.start()
        let outcome = try await vm.run("open", ["item": .string("Mix")])
        #expect(outcome.navigate == ScreenRequest(screen: "playlist", params: ["name": .string("Mix")]))
        await #expect(throws: ScreenError.self) { try await vm.run("open", ["item": .string("Nope")]) }
        _ = try await vm.run("delete", ["item": .string("Mix")])
        #expect(vm.playlists.isEmpty)
        #expect(vm.snapshot.status == .notice("Deleted \"Mix\"."))
    }
}
