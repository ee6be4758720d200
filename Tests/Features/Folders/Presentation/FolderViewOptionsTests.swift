import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// What ncdu and gdu users reach for: the share column, reverse order, the
/// hidden-names toggle and the files toggle.
@MainActor
@Suite struct FolderViewOptionsTests {
    let fs = FakeFileSystem()
    typealias T = FolderTestData

    /// `/r`: a (6,000), .cache (3,000), b (1,000), f.txt (10 bytes); total 10,010 + 0 own.
    func scanned(_ model: FoldersViewModel, files: Bool) async {
        let started = Task { await model.start() }
        _ = await eventually { fs.isScanning("/r") }
        var listed = [T.dir("/r/a", 0, complete: false), T.dir("/r/.cache", 0, complete: false), T.dir("/r/b", 0, complete: false)]
        if files { listed.append(T.file("/r/f.txt", 10)) }
        fs.send("/r", .listing(folder: T.dir("/r", files ? 0 : 10, complete: false), children: FolderRows(listed)))
        await started.value
        fs.send("/r", .child(T.dir("/r/a", 6000)))
        fs.send("/r", .child(T.dir("/r/.cache", 3000)))
        fs.send("/r", .child(T.dir("/r/b", 1000)))
        fs.send("/r", .finished(T.dir("/r", 10_010, files: 1, dirs: 3)))
        fs.finish("/r")
        _ = await eventually { model.folder.state == .done }
    }

    func ids(_ model: FoldersViewModel) -> [String] {
        model.snapshot.content.list?.items.map(\.id) ?? []
    }

    @Test func theShareColumnIsEachRowsPartOfTheTotal() async {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: .zero)
        let model = FoldersViewModel(library: library, path: "/r")
        await scanned(model, files: false)
        let items = model.snapshot.content.list?.items ?? []
        #expect(items.map { $0.values["share"] } == [.double(59.9), .double(30.0), .double(10.0)])
        #expect(items.map { $0.text("share") } == ["59.9%", "30.0%", "10.0%"])
        #expect(model.snapshot.content.list?.columns.contains { $0.id == "share" } == true)
        model.close()
    }

    @Test func reverseAndHiddenChangeWhatIsListedNotTheTotals() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: .zero)
        let model = FoldersViewModel(library: library, path: "/r")
        await scanned(model, files: false)
        #expect(ids(model) == ["a", ".cache", "b"])
        _ = try await model.perform("reverse", [:])
        #expect(ids(model) == ["b", ".cache", "a"])
        #expect(model.snapshot.content.list?.sortDescending == false)
        _ = try await model.perform("toggle-hidden", [:])
        #expect(ids(model) == ["b", "a"])
        #expect(model.total?.bytes == 10_010)
        // The sort action's `descending` sets the direction outright (what the TUI's reverse key sends).
        _ = try await model.perform("sort", ["by": .string("name"), "descending": .bool(true)])
        #expect(ids(model) == ["b", "a"])
        _ = try await model.perform("sort", ["by": .string("name")])
        #expect(ids(model) == ["b", "a"])  // the direction stays until asked
        _ = try await model.perform("toggle-hidden", [:])
        _ = try await model.perform("reverse", [:])
        #expect(ids(model) == [".cache", "a", "b"])
        // Going down keeps the choices.
        let down = try await model.perform("open", ["item": .string("a")])
        #expect(down.navigate?.params["reverse"] == nil)
        _ = try await model.perform("toggle-hidden", [:])
        let hidden = try await model.perform("open", ["item": .string("a")])
        #expect(hidden.navigate?.params["hidden"] == .bool(false))
        model.close()
    }

    @Test func theFilesToggleMeasuresAgainWithFilesListed() async throws {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: .zero)
        let model = FoldersViewModel(library: library, path: "/r")
        await scanned(model, files: false)
        #expect(ids(model) == ["a", ".cache", "b"])
        let toggled = Task { _ = try await model.perform("toggle-files", [:]) }
        #expect(await eventually { fs.isScanning("/r") })
        fs.send("/r", .listing(folder: T.dir("/r", 0, complete: false), children: [
            T.dir("/r/a", 6000), T.dir("/r/.cache", 3000), T.dir("/r/b", 1000), T.file("/r/f.txt", 10),
        ]))
        try await toggled.value
        fs.send("/r", .finished(T.dir("/r", 10_010, files: 1, dirs: 3)))
        fs.finish("/r")
        #expect(await eventually { model.folder.state == .done })
        #expect(model.showFiles)
        #expect(ids(model) == ["a", ".cache", "b", "f.txt"])
        model.close()
    }
}
