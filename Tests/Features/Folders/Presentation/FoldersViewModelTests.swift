import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

@MainActor
@Suite struct FoldersViewModelTests {
    let fs = FakeFileSystem()
    typealias T = FolderTestData

    func library() -> FolderLibrary {
        FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: .zero)
    }

    /// Opens `/r` and drives its scan to the end: a (100 + 4096), b (5000), f.txt (10).
    func scanned(_ library: FolderLibrary, sort: FoldersViewModel.Sort = .size, files: Bool = false) async -> FoldersViewModel {
        fs.add([T.dir("/r/a", 4196, files: 1), T.dir("/r/b", 5000, files: 3, dirs: 1), T.file("/r/f.txt", 10)])
        let model = FoldersViewModel(library: library, path: "/r", sort: sort, showFiles: files)
        let started = Task { await model.start() }
        _ = await eventually { fs.isScanning("/r") }
        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [
            T.dir("/r/a", 4096, complete: false), T.dir("/r/b", 4096, complete: false), T.file("/r/f.txt", 10),
        ]))
        await started.value
        fs.send("/r", .child(T.dir("/r/b", 5000, files: 3, dirs: 1)))
        fs.send("/r", .child(T.dir("/r/a", 4196, files: 1)))
        fs.send("/r", .finished(T.dir("/r", 4096 + 5000 + 4196 + 10, files: 5, dirs: 3)))
        fs.finish("/r")
        _ = await eventually { model.folder.state == .done }
        return model
    }

    @Test func everyScanStateIsPublishedInOrder() async {
        let screen = FoldersViewModel(library: library(), path: "/r")
        let recorder = SnapshotRecorder(screen)
        let started = Task { await screen.start() }
        #expect(await eventually { fs.isScanning("/r") })
        #expect(screen.status == .loading("Scanning /r…"))
        #expect(screen.snapshot.content.list?.emptyMessage == "Reading…")
        #expect(screen.snapshot.action("cancel")?.enabled == true)
        #expect(screen.snapshot.action("rescan")?.enabled == false)

        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [
            T.dir("/r/a", 4096, complete: false), T.dir("/r/b", 4096, complete: false), T.file("/r/f.txt", 10),
        ]))
        await started.value
        #expect(screen.rows.map(\.name) == ["a", "b"])
        // A subtree still being scanned has no size yet: null, shown as "…".
        #expect(screen.snapshot.content.list?.items.map { $0.values["bytes"] } == [.null, .null])
        #expect(screen.snapshot.content.list?.items.map { $0.text("bytes") } == ["…", "…"])
        #expect(screen.snapshot.content.list?.items.map(\.badges) == [["scanning"], ["scanning"]])
        #expect(screen.snapshot.title == "r")  // a name: breadcrumbs read "r › a", not full paths

        fs.send("/r", .progress(FolderScanProgress(entries: 10, bytes: 0, currentPath: "/r/a/x")))
        #expect(await eventually { screen.status == .loading("Scanning /r: 10 entries — /r/a/x") })

        fs.send("/r", .child(T.dir("/r/b", 5000, files: 3, dirs: 1)))
        #expect(await eventually { screen.rows.first?.name == "b" })
        let b = screen.snapshot.content.list?.items.first
        #expect(b?.values["bytes"] == .int(5000))
        #expect(b?.text("bytes") == "4.8 KiB")
        #expect(b?.values["items"] == .int(4))
        #expect(b?.values["files"] == .int(3))
        #expect(b?.values["folders"] == .int(1))
        #expect(b?.values["modified"] == .string("2023-11-14T22:13:20Z"))
        #expect(b?.values["path"] == .string("/r/b"))
        #expect(b?.values["error"] == .null)
        let partial = screen.snapshot.content.detail?.rows.first { $0.id == "bytes" }
        #expect(partial?.value.hasPrefix("so far") == true)
        #expect(partial?.data.intValue != nil)

        fs.send("/r", .child(T.dir("/r/a", 4196, files: 1)))
        fs.send("/r", .finished(T.dir("/r", 13302, files: 5, dirs: 3)))
        fs.finish("/r")
        #expect(await eventually { screen.status == .idle })
        #expect(screen.snapshot.title == "r (12 KB)")
        // The rest (what no row shows) completes the rows' shares.
        #expect(screen.snapshot.content.detail?.rows.map(\.value)
            == ["/r", "12.9 KiB (13,302 bytes)", "0 bytes", "5", "3", "4.0 KiB (30.8%): the folder's own entry"])
        #expect(screen.snapshot.content.detail?.rows.map(\.id) == ["path", "bytes", "disk", "files", "folders", "rest"])
        #expect(screen.snapshot.content.detail?.rows.map(\.data) == [.string("/r"), .int(13302), .int(0), .int(5), .int(3), .int(4096)])
        #expect(screen.snapshot.action("cancel")?.enabled == false)
        #expect(screen.snapshot.action("rescan")?.enabled == true)
        // Every published state, in order: scanning, listed, progress, b, a, done.
        #expect(recorder.statuses == [.loading, .loading, .loading, .loading, .loading, .idle])
        #expect(recorder.snapshots.map { $0.content.list?.items.map(\.id) ?? [] } == [
            [], ["a", "b"], ["a", "b"], ["b", "a"], ["b", "a"], ["b", "a"],
        ])
        #expect(recorder.versions == Array(1...6))
    }

    @Test func sortsBySizeNameAndCountAndShowsFilesOnRequest() async throws {
        let screen = await scanned(library(), files: true)
        #expect(screen.rows.map(\.name) == ["b", "a", "f.txt"])
        _ = try await screen.run("sort", ["by": .string("name")])
        #expect(screen.snapshot.content.list?.items.map(\.id) == ["a", "b", "f.txt"])
        #expect(screen.snapshot.content.list?.sort == "name")
        _ = try await screen.run("sort", ["by": .string("items")])
        #expect(screen.rows.map(\.name) == ["b", "a", "f.txt"])
        #expect(screen.snapshot.content.list?.items.last?.values["kind"] == .string("file"))
        #expect(screen.snapshot.content.list?.items.last?.values["bytes"] == .int(10))
        #expect(screen.snapshot.content.list?.sortDescending == true)
        await #expect(throws: ScreenError.self) { _ = try await screen.run("sort", ["by": .string("colour")]) }
    }

    @Test func navigationIsAnOutcome() async throws {
        let screen = await scanned(library(), sort: .name)
        let open = try await screen.run("open", ["item": .string("a")])
        #expect(open.navigate == ScreenRequest(screen: "folders", params: ["path": .string("/r/a"), "sort": .string("name")]))
        let up = try await screen.run("up")
        #expect(up.navigate?.params["path"] == .string("/"))
        // Without a name, rename opens the rename screen (the TUI's way).
        let rename = try await screen.run("rename", ["item": .string("b")])
        #expect(rename.navigate == ScreenRequest(screen: "folder-rename", params: ["path": .string("/r/b")]))
        #expect(try await screen.run("detail", ["item": .string("a")]).navigate?.params["path"] == .string("/r/a"))
        #expect(try await screen.run("detail").navigate?.params["path"] == .string("/r"))
        do {
            _ = try await screen.run("open", ["item": .string("f.txt")])
            Issue.record("opening a file must fail")
        } catch {
            #expect(error.code == "folder.not_a_directory")
        }
        do {
            _ = try await screen.run("open", ["item": .string("nope")])
            Issue.record("opening a missing row must fail")
        } catch {
            #expect(error.code == "folder.not_found")
        }
    }

    @Test func cancelKeepsPartialSizesAndSaysSo() async throws {
        let screen = FoldersViewModel(library: library(), path: "/r")
        let started = Task { await screen.start() }
        _ = await eventually { fs.isScanning("/r") }
        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [T.dir("/r/a", 4096, complete: false)]))
        await started.value
        _ = try await screen.run("cancel")
        #expect(await eventually { screen.status.kind == .notice })
        #expect(screen.status.message == "Scan cancelled: sizes are partial; 'rescan' to measure again.")
        #expect(fs.cancelledScans == ["/r"])
        #expect(screen.snapshot.action("rescan")?.enabled == true)
        #expect(try await screen.run("rescan").pending)
        #expect(await eventually { fs.isScanning("/r") })
        #expect(screen.status.kind == .loading)
    }

    @Test func aMissingFolderIsAnErrorWithItsCode() async {
        let screen = FoldersViewModel(library: library(), path: "/gone")
        let started = Task { await screen.start() }
        _ = await eventually { fs.isScanning("/gone") }
        fs.fail("/gone", .notFound("/gone"))
        await started.value
        #expect(await eventually { screen.status.kind == .error })
        #expect(screen.status.code == "folder.not_found")
        #expect(screen.status.message == "No such folder: /gone.")
        #expect(screen.snapshot.content.list?.emptyMessage == "No such folder: /gone.")
    }

    @Test func unreadableChildrenShowOnTheRowAndInTheStatus() async {
        let screen = FoldersViewModel(library: library(), path: "/r")
        let started = Task { await screen.start() }
        _ = await eventually { fs.isScanning("/r") }
        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [T.dir("/r/a", 4096, complete: false)]))
        await started.value
        var broken = T.dir("/r/a", 4096)
        broken.issue = FolderIssue(.vanished, path: "/r/a")
        broken.issueCount = 1
        fs.send("/r", .child(broken))
        var total = T.dir("/r", 8192, dirs: 1)
        total.issue = broken.issue
        total.issueCount = 1
        fs.send("/r", .finished(total))
        fs.finish("/r")
        // Done, with problems: a warning, never a success notice.
        #expect(await eventually { screen.status.kind == .warning })
        #expect(screen.status.message == "1 folder could not be read (first: /r/a: vanished).")
        #expect(screen.snapshot.content.list?.items.first?.values["error"] == .string("vanished"))
        #expect(screen.snapshot.content.detail?.rows.first { $0.id == "unreadable" }?.data == .int(1))
        #expect(screen.snapshot.content.list?.items.first?.badges == ["error"])
    }

    @Test func renameWithANameRenamesTheChildAtOnce() async throws {
        let screen = await scanned(library())
        let outcome = try await screen.run("rename", ["item": .string("b"), "name": .string("c")])
        #expect(outcome.navigate == nil)
        #expect(fs.renames.map { "\($0.0) -> \($0.1)" } == ["/r/b -> c"])
        #expect(await eventually { screen.rows.map(\.name).sorted() == ["a", "c"] })
        #expect(screen.status == .notice("Renamed \"b\" to \"c\"."))
        do {
            _ = try await screen.run("rename", ["item": .string("a"), "name": .string("x/y")])
            Issue.record("a name with a slash must be refused")
        } catch {
            #expect(error.code == "folder.invalid_name")
        }
    }

    @Test func everyRowHasATypedValueForEveryColumn() async throws {
        let screen = await scanned(library(), files: true)
        let list = try #require(screen.snapshot.content.list)
        #expect(list.columns == FoldersViewModel.descriptor.columns)
        #expect(list.columns.map(\.id) == ["name", "items", "files", "folders", "modified", "error", "kind", "path", "disk", "share", "bytes"])
        #expect(list.columns.filter { $0.priority == 0 }.map(\.id) == ["name"])
        #expect(list.columns.compactMap(\.sortKey).sorted() == FoldersViewModel.Sort.allCases.map(\.rawValue).sorted())
        for item in list.items {
            for column in list.columns {
                let value = try #require(item.values[column.id], "\(item.id) has no \(column.id)")
                #expect(column.type.admits(value), "\(item.id).\(column.id) = \(value) is not \(column.type)")
            }
        }
        #expect(list.items.map { $0.values["bytes"] } == [.int(5000), .int(4196), .int(10)])
    }

    @Test func disabledActionsSayWhy() async throws {
        let root = FoldersViewModel(library: library(), path: "/")
        #expect(root.snapshot.action("up")?.disabledReason == "Already at the top folder")
        let screen = await scanned(library())
        #expect(screen.snapshot.action("cancel")?.disabledReason == "No scan is running")
        #expect(screen.snapshot.action("load-more")?.disabledReason == "Every row is shown")
        #expect(screen.snapshot.action("up")?.disabledReason == nil)
        for action in screen.snapshot.actions where !action.enabled {
            #expect(action.disabledReason?.isEmpty == false, "\(action.name) is disabled without a reason")
        }
        do {
            _ = try await root.run("up")
            Issue.record("up at the root must be refused")
        } catch {
            #expect(error.message == "Already at the top folder")
        }
    }

    @Test func closingTheLastScreenStopsScanAndWatch() async {
        let screen = await scanned(library())
        #expect(fs.isWatching("/r"))
        screen.close()
        #expect(await eventually { !fs.isWatching("/r") })
    }
}
