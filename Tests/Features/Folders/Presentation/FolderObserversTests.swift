import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// Seed 002's point: many screens observe one folder, and a rename or a size
/// change reaches all of them at once, not through one callback.
@MainActor
@Suite struct FolderObserversTests {
    let fs = FakeFileSystem()
    typealias T = FolderTestData

    func scannedList(_ library: FolderLibrary) async -> FoldersViewModel {
        fs.add([T.dir("/r/a", 4196, files: 1), T.dir("/r/b", 5000, files: 3, dirs: 1)])
        let list = FoldersViewModel(library: library, path: "/r")
        let started = Task { await list.start() }
        _ = await eventually { fs.isScanning("/r") }
        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [
            T.dir("/r/a", 4096, complete: false), T.dir("/r/b", 4096, complete: false),
        ]))
        await started.value
        fs.send("/r", .child(T.dir("/r/a", 4196, files: 1)))
        fs.send("/r", .child(T.dir("/r/b", 5000, files: 3, dirs: 1)))
        fs.send("/r", .finished(T.dir("/r", 13292, files: 4, dirs: 3)))
        fs.finish("/r")
        _ = await eventually { list.folder.state == .done }
        return list
    }

    @Test func aRenameReachesListDetailAndRenameScreenAtOnce() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: .zero)
        let list = await scannedList(library)
        let detail = FolderDetailViewModel(library: library, path: "/r/a")
        let rename = RenameFolderViewModel(library: library, path: "/r/a")
        await detail.start()
        await rename.start()
        // Same model for the two screens of /r/a, seeded from the list's row: no second scan.
        #expect(detail.folder === rename.folder)
        #expect(fs.scanCount == 1)
        #expect(detail.snapshot.title == "a (4 KB)")
        #expect(rename.snapshot.title == "Rename a (4 KB)")
        #expect(rename.snapshot.content.form?.fields.first?.value == "a")

        let lists = SnapshotRecorder(list)
        let details = SnapshotRecorder(detail)
        let renames = SnapshotRecorder(rename)
        _ = try await rename.run("rename", ["name": .string("c")])

        // No waiting: every observer already has the new name.
        #expect(fs.renames.map { "\($0.0)→\($0.1)" } == ["/r/a→c"])
        #expect(list.rows.map(\.name).sorted() == ["b", "c"])
        #expect(list.snapshot.content.list?.items.map(\.id).contains("c") == true)
        #expect(detail.snapshot.title == "c (4 KB)")
        #expect(detail.snapshot.content.detail?.rows.first { $0.id == "path" }?.data == .string("/r/c"))
        #expect(rename.snapshot.content.form?.fields.first?.value == "c")
        #expect(rename.status == .notice("Renamed \"a\" to \"c\"."))
        #expect(lists.snapshots.count == 1)
        #expect(details.snapshots.count == 1)
        #expect(renames.snapshots.count >= 1)
        // And the list's navigation now leads to the new path.
        #expect(try await list.run("open", ["item": .string("c")]).navigate?.params["path"] == .string("/r/c"))
    }

    @Test func changesSeenByTheWatcherReachEveryScreen() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: .zero)
        let list = await scannedList(library)
        #expect(await eventually { fs.isWatching("/r") })
        let detail = FolderDetailViewModel(library: library, path: "/r/b")
        await detail.start()
        #expect(detail.snapshot.title == "b (4 KB)")

        // Another program renamed b to z.
        fs.emit("/r", .renamed(from: "b", to: "z"))
        #expect(await eventually { list.rows.map(\.name).sorted() == ["a", "z"] })
        #expect(detail.snapshot.title == "z (4 KB)")

        // Another program grew a.
        fs.add([T.dir("/r/a", 40_960, files: 9)])
        fs.emit("/r", .changed("a"))
        #expect(await eventually { list.rows.first?.name == "a" })
        #expect(list.snapshot.content.list?.items.first?.values["bytes"] == .int(40_960))
        #expect(list.snapshot.content.list?.items.first?.text("bytes") == "40.0 KiB")
        #expect(list.total?.bytes == Int64(50_056))

        // A new folder appears, then z is deleted.
        fs.add([T.dir("/r/new", 4096)])
        fs.emit("/r", .added("new"))
        #expect(await eventually { list.rows.contains { $0.name == "new" } })
        fs.emit("/r", .removed("z"))
        #expect(await eventually { !list.rows.contains { $0.name == "z" } })
        #expect(detail.status.code == "folder.vanished")
    }

    @Test func renameScreenValidatesAsTheUserTypes() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero)
        fs.add([T.dir("/r/a", 4096), T.dir("/r/b", 4096)])
        let screen = RenameFolderViewModel(library: library, path: "/r/a")
        let recorder = SnapshotRecorder(screen)
        await screen.start()
        #expect(screen.snapshot.content.form?.submitAction == "rename")
        #expect(screen.snapshot.action("rename")?.enabled == true)

        let cases: [(String, String?)] = [
            ("", "The name \"\" must not be empty."),
            ("../x", "The name \"../x\" must not contain \"/\" (a rename stays in the same folder)."),
            ("..", "The name \"..\" cannot be \".\" or \"..\"."),
            ("bad\u{1B}[31m", "The name \"bad\u{1B}[31m\" must not contain NUL, control characters or escape sequences."),
            (String(repeating: "é", count: 150), "The name \"\(String(repeating: "é", count: 150))\" is 300 bytes long; the limit is 255 bytes (UTF-8)."),
            ("new name", nil),
        ]
        for (typed, message) in cases {
            _ = try await screen.run("set-field", ["field": .string("name"), "value": .string(typed)])
            let field = screen.snapshot.content.form?.fields.first
            #expect(field?.value == typed)
            #expect(field?.message == message)
            #expect(screen.snapshot.action("rename")?.enabled == (message == nil))
            #expect(screen.snapshot.action("rename")?.disabledReason == message)
        }
        #expect(recorder.snapshots.count == cases.count + 1)  // + the state at start

        // A disabled submit is refused by the contract itself.
        _ = try await screen.run("set-field", ["field": .string("name"), "value": .string("")])
        do {
            _ = try await screen.run("rename")
            Issue.record("rename must be disabled for an empty name")
        } catch {
            #expect(error.code == "action_disabled")
        }
        // A name given with the action is validated the same way.
        _ = try await screen.run("set-field", ["field": .string("name"), "value": .string("ok")])
        do {
            _ = try await screen.run("rename", ["name": .string("x/y")])
            Issue.record("a slash must be refused")
        } catch {
            #expect(error.code == "folder.invalid_name")
        }
        #expect(fs.renames.isEmpty)
    }

    @Test func renameFailuresNameTheCauseAndChangeNothing() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero)
        fs.add([T.dir("/r/a", 4096), T.dir("/r/b", 4096)])
        let screen = RenameFolderViewModel(library: library, path: "/r/a")
        await screen.start()
        for (failure, code) in [
            (nil, "folder.exists"), (FolderError.vanished("/r/a"), "folder.vanished"),
            (.permissionDenied("/r/a"), "folder.permission_denied"), (.readOnly("/r/a"), "folder.read_only"),
            (.crossDevice("/r/a"), "folder.cross_device"),
        ] as [(FolderError?, String)] {
            fs.renameFailure = failure
            do {
                _ = try await screen.run("rename", ["name": .string("b")])
                Issue.record("expected \(code)")
            } catch {
                #expect(error.code == code)
                #expect(screen.status.kind == .error)
                #expect(screen.status.code == code)
            }
        }
        #expect(fs.renames.isEmpty)
        #expect(screen.folder.path == "/r/a")
        // The unchanged name is a no-op, not an error.
        _ = try await screen.run("rename", ["name": .string("a")])
        #expect(screen.status == .notice("The name is unchanged."))
        #expect(fs.renames.isEmpty)
    }

    @Test func detailScreenScansAFolderNobodyMeasuredYet() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero)
        let detail = FolderDetailViewModel(library: library, path: "/x")
        await detail.start()
        #expect(await eventually { fs.isScanning("/x") })
        #expect(detail.snapshot.title == "x")
        #expect(detail.status.kind == .loading)
        fs.send("/x", .listing(folder: T.dir("/x", 4096, complete: false), children: []))
        fs.send("/x", .finished(T.dir("/x", 2_097_152, files: 12, dirs: 2)))
        fs.finish("/x")
        #expect(await eventually { detail.status == .idle })
        #expect(detail.snapshot.title == "x (2,048 KB)")
        let rows = try #require(detail.snapshot.content.detail?.rows)
        #expect(rows.map(\.label) == ["Name", "Path", "Size", "KB (bytes / 1024)", "Files", "Folders", "Modified"])
        #expect(rows.map(\.id) == ["name", "path", "bytes", "kb", "files", "folders", "modified"])
        #expect(rows.map(\.type) == [.text, .path, .bytes, .integer, .integer, .integer, .datetime])
        #expect(rows.map(\.data) == [
            .string("x"), .string("/x"), .int(2_097_152), .int(2048), .int(12), .int(2), .string("2023-11-14T22:13:20Z"),
        ])
        #expect(rows[2].value == "2.0 MiB (2,097,152 bytes)")
        #expect(rows[3].value == "2,048")
        #expect(rows[6].value == "2023-11-14 22:13 UTC")
        #expect(detail.snapshot.action("cancel")?.disabledReason == "No scan is running")
        // With a name, rename works at once (`facet folder PATH rename NAME`).
        fs.add([T.dir("/x", 2_097_152, files: 12, dirs: 2)])
        #expect(try await detail.run("rename", ["name": .string("y")]).navigate == nil)
        #expect(fs.renames.map { "\($0.0)→\($0.1)" } == ["/x→y"])
        #expect(detail.status == .notice("Renamed \"x\" to \"y\"."))
        #expect(detail.snapshot.content.detail?.rows.first { $0.id == "path" }?.data == .string("/y"))
        let rename = try await detail.run("rename")
        #expect(rename.navigate == ScreenRequest(screen: "folder-rename", params: ["path": .string("/y")]))
    }

    @Test func aSizeMeasuredOnOneScreenReachesTheOthers() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero)
        let list = await scannedList(library)
        let detail = FolderDetailViewModel(library: library, path: "/r/a")
        await detail.start()
        let lists = SnapshotRecorder(list)
        // The detail screen measures /r/a again and finds it grew.
        #expect(try await detail.run("rescan").pending)
        #expect(await eventually { fs.isScanning("/r/a") })
        #expect(detail.status.kind == .loading)
        fs.send("/r/a", .listing(folder: T.dir("/r/a", 4096, complete: false), children: []))
        fs.send("/r/a", .finished(T.dir("/r/a", 1_048_576, files: 30)))
        fs.finish("/r/a")
        #expect(await eventually { detail.status == .idle })
        #expect(detail.snapshot.title == "a (1,024 KB)")
        // The list's row and total follow without a scan of their own.
        #expect(list.rows.first?.name == "a")
        #expect(list.snapshot.content.list?.items.first?.values["bytes"] == .int(1_048_576))
        #expect(list.snapshot.content.list?.items.first?.text("bytes") == "1.0 MiB")
        #expect(list.total?.bytes == Int64(4096 + 1_048_576 + 5000))
        #expect(lists.snapshots.count >= 1)
        #expect(fs.scanCount == 2)
    }
}
