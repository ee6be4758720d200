import Domain
import Foundation
import Presentation
import ScreenKit
import Testing
import TestSupport

/// Contract 2 on every screen, in several states: every list row has a value
/// of its column's type for every declared column, every detail row has a
/// stable id and data of its type, the list's columns are the descriptor's,
/// and every disabled action says why.
@MainActor
@Suite struct TypedSnapshotTests {
    typealias T = FolderTestData

    func check(_ screen: any Screen, _ descriptor: ScreenDescriptor, _ state: String) {
        let snapshot = screen.snapshot
        if let list = snapshot.content.list {
            #expect(list.columns == descriptor.columns, "\(state): list columns differ from the descriptor")
            #expect(list.columns.contains { $0.priority == 0 }, "\(state): no column is the row's name")
            #expect(Set(list.columns.map(\.id)).count == list.columns.count, "\(state): duplicate column ids")
            for item in list.items {
                #expect(Set(item.values.keys) == Set(list.columns.map(\.id)), "\(state): row \(item.id) values vs columns")
                #expect(Set(item.cells.keys).isSubset(of: Set(list.columns.map(\.id))), "\(state): row \(item.id) has stray cells")
                for column in list.columns {
                    let value = item.values[column.id] ?? .null
                    #expect(column.type.admits(value), "\(state): \(item.id).\(column.id) = \(value) is not \(column.type)")
                }
            }
            if let sort = list.sort {
                #expect(list.columns.contains { $0.sortKey == sort }, "\(state): sort '\(sort)' has no column")
            }
        } else {
            #expect(descriptor.columns.isEmpty || snapshot.status.kind == .error, "\(state): columns declared, no list")
        }
        for row in snapshot.content.detail?.rows ?? [] {
            #expect(!row.id.isEmpty && row.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(state): row '\(row.label)' has no stable id")
            #expect(row.type.admits(row.data), "\(state): detail \(row.id) = \(row.data) is not \(row.type)")
        }
        for action in snapshot.actions where !action.enabled {
            #expect(action.disabledReason?.isEmpty == false, "\(state): \(action.name) is disabled without a reason")
        }
    }

    @Test func playlistScreens() async throws {
        let store = InMemoryPlaylistStore()
        let library = PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: [])
        let list = PlaylistsViewModel(library: library)
        await list.start()
        check(list, PlaylistsViewModel.descriptor, "playlists, empty")
        _ = try await store.create(name: "Mix", source: "/m/mix.m3u", format: "m3u", songs: [
            Song(title: "A", artist: "x", cover: "https://c/a.jpg", duration: 100), Song(title: "B", artist: "y"),
        ])
        await list.reload()
        check(list, PlaylistsViewModel.descriptor, "playlists")
        let songs = PlaylistViewModel(library: library, name: "Mix")
        await songs.start()
        check(songs, PlaylistViewModel.descriptor, "playlist")
        try await songs.setFilter("nothing matches")
        check(songs, PlaylistViewModel.descriptor, "playlist, filtered empty")
        let ghost = PlaylistViewModel(library: library, name: "Ghost")
        await ghost.start()
        check(ghost, PlaylistViewModel.descriptor, "playlist, missing")
    }

    @Test func folderScreens() async throws {
        let fs = FakeFileSystem()
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero)
        fs.add([T.dir("/r/a", 4196, files: 1), T.file("/r/f.txt", 10)])
        let list = FoldersViewModel(library: library, path: "/r", showFiles: true)
        let started = Task { await list.start() }
        _ = await eventually { fs.isScanning("/r") }
        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [
            T.dir("/r/a", 4096, complete: false), T.file("/r/f.txt", 10),
        ]))
        await started.value
        check(list, FoldersViewModel.descriptor, "folders, scanning")
        var broken = T.dir("/r/a", 4196, files: 1)
        broken.issue = FolderIssue(.permissionDenied, path: "/r/a/private")
        broken.issueCount = 1
        fs.send("/r", .child(broken))
        fs.send("/r", .finished(T.dir("/r", 8302, files: 2, dirs: 1)))
        fs.finish("/r")
        _ = await eventually { list.folder.state == .done }
        check(list, FoldersViewModel.descriptor, "folders, done")
        #expect(list.snapshot.content.list?.items.first { $0.id == "a" }?.values["error"] == .string("1 folder inside could not be read"))

        let detail = FolderDetailViewModel(library: library, path: "/r/a")
        await detail.start()
        check(detail, FolderDetailViewModel.descriptor, "folder")
        let file = FolderDetailViewModel(library: library, path: "/r/f.txt")
        await file.start()
        check(file, FolderDetailViewModel.descriptor, "folder of a file")
        let rename = RenameFolderViewModel(library: library, path: "/r/a")
        await rename.start()
        check(rename, RenameFolderViewModel.descriptor, "rename")
        rename.setName("")
        check(rename, RenameFolderViewModel.descriptor, "rename, invalid")
        let root = RenameFolderViewModel(library: library, path: "/")
        await root.start()
        check(root, RenameFolderViewModel.descriptor, "rename of /")
        #expect(root.snapshot.action("rename")?.disabledReason == "The top folder (/) cannot be renamed")
    }

    @Test func accountScreens() async throws {
        let (account, _, _) = makeAccount()
        let whoami = AccountViewModel(account: account)
        let settings = SettingsViewModel(account: account)
        let login = LoginViewModel(account: account)
        for screen in [whoami, settings, login] as [any Screen] { await screen.start() }
        check(whoami, AccountViewModel.descriptor, "whoami, signed out")
        check(settings, SettingsViewModel.descriptor, "settings, signed out")
        check(login, LoginViewModel.descriptor, "login, empty")
        login.setFirstName("Ada")
        login.setLastName("Lovelace")
        login.signIn()
        await login.settle()
        check(login, LoginViewModel.descriptor, "login, signed in")
        check(whoami, AccountViewModel.descriptor, "whoami, signed in")
        check(settings, SettingsViewModel.descriptor, "settings, signed in")
        settings.setField(.pageSize, "7")
        check(settings, SettingsViewModel.descriptor, "settings, invalid draft")
        #expect(settings.snapshot.action("save")?.disabledReason == "Page size must be between 10 and 500.")
    }
}
