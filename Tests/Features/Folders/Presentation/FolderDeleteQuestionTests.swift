import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// The words a front end shows before a delete, as ncdu puts them: the row
/// by its own name (never the folder around it), its size in human units
/// and, for a folder, its files, singular or plural; several marked rows
/// as one count and one total; the home folder's typed second question,
/// and only for it.
@MainActor
@Suite struct FolderDeleteQuestionTests {
    /// Plans what the test says each path holds; deletes nothing.
    final class PlannedRemover: FolderRemover, @unchecked Sendable {
        let plans: [String: FolderDeletionPlan]
        init(_ plans: [FolderDeletionPlan]) { self.plans = Dictionary(uniqueKeysWithValues: plans.map { ($0.path, $0) }) }
        func plan(_ path: String) async throws -> FolderDeletionPlan {
            guard let plan = plans[path] else { throw FolderError.notFound(path) }
            return plan
        }
        func remove(_ plan: FolderDeletionPlan) async throws {}
    }

    static let gib: Int64 = 1024 * 1024 * 1024

    /// `/srv` listing `old`, `one`, `empty`, `home` and the file `notes.txt`.
    func screen(home: String? = "/srv/home") async -> FoldersViewModel {
        let fs = FakeFileSystem()
        let remover = PlannedRemover([
            FolderDeletionPlan(path: "/srv/old", kind: .directory, device: 1, inode: 2, bytes: Self.gib * 12 / 10 + 1, files: 3_400, directories: 20),
            FolderDeletionPlan(path: "/srv/one", kind: .directory, device: 1, inode: 3, bytes: 4_096 + 700, files: 1, directories: 1),
            FolderDeletionPlan(path: "/srv/empty", kind: .directory, device: 1, inode: 4, bytes: 512, files: 0, directories: 1),
            FolderDeletionPlan(path: "/srv/home", kind: .directory, device: 1, inode: 5, bytes: 3 * 1024 * 1024, files: 2, directories: 1),
            FolderDeletionPlan(path: "/srv/notes.txt", kind: .file, device: 1, inode: 6, bytes: 1),
            FolderDeletionPlan(path: "/srv", kind: .directory, device: 1, inode: 7, bytes: 2 * Self.gib, files: 3_403, directories: 25),
        ])
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero, remover: remover, homeFolder: home)
        let screen = FoldersViewModel(library: library, path: "/srv")
        let started = Task { await screen.start() }
        #expect(await eventually { fs.isScanning("/srv") })
        fs.send("/srv", .listing(folder: FolderTestData.dir("/srv", 4096, complete: false), children: [
            FolderTestData.dir("/srv/old", 1), FolderTestData.dir("/srv/one", 1), FolderTestData.dir("/srv/empty", 1),
            FolderTestData.dir("/srv/home", 1), FolderTestData.file("/srv/notes.txt", 1),
        ]))
        fs.send("/srv", .finished(FolderTestData.dir("/srv", 8192, dirs: 4)))
        fs.finish("/srv")
        await started.value
        #expect(await eventually { !screen.folder.isScanning })
        return screen
    }

    func ask(_ screen: FoldersViewModel, _ item: String) async throws -> String? {
        try await screen.confirmation(of: "delete", [StandardParam.item: .string(item)])
    }

    @Test func namesTheRowWithItsSizeAndFiles() async throws {
        let screen = await screen()
        #expect(try await ask(screen, "old") == "Delete old (1.2 GiB, 3,400 files)? This cannot be undone.")
        #expect(try await ask(screen, "one") == "Delete one (4.6 KiB, 1 file)? This cannot be undone.")
        #expect(try await ask(screen, "empty") == "Delete empty (512 bytes, 0 files)? This cannot be undone.")
        // A file is its own only file: its size alone.
        #expect(try await ask(screen, "notes.txt") == "Delete notes.txt (1 byte)? This cannot be undone.")
        // The folder shown is named only when it is what goes.
        #expect(try await screen.confirmation(of: "delete", [:]) == "Delete srv (2.0 GiB, 3,403 files)? This cannot be undone.")
    }

    @Test func severalMarkedRowsAreOneCountAndOneTotal() async throws {
        let screen = await screen()
        let question = try await ask(screen, "old,one")
        #expect(question == "Delete 2 items (1.2 GiB, 3,401 files): old, one? This cannot be undone.", "\(question ?? "nil")")
        let three = try await ask(screen, "one,empty,notes.txt")
        #expect(three?.hasPrefix("Delete 3 items (5.1 KiB, 2 files): one, empty, notes.txt?") == true, "\(three ?? "nil")")
    }

    @Test func onlyTheHomeFolderAsksForItsTypedPath() async throws {
        let screen = await screen()
        let item = { (name: String) -> ActionArguments in [StandardParam.item: .string(name)] }
        #expect(try await screen.typedConfirmation(of: "delete", item("old")) == nil)
        #expect(try await screen.typedConfirmation(of: "delete", item("old,one")) == nil)
        #expect(try await screen.typedConfirmation(of: "delete", item("home")) == "/srv/home is your home folder. To delete it, type its full path:")
        #expect(try await screen.typedConfirmation(of: "delete", item("old,home"))?.hasPrefix("/srv/home is your home folder") == true)
        // Everything else about it reads like any row.
        #expect(try await ask(screen, "home") == "Delete home (3.0 MiB, 2 files)? This cannot be undone.")
        let other = await self.screen(home: nil)
        #expect(try await other.typedConfirmation(of: "delete", item("home")) == nil)
    }

    @Test func theDialogAsksForNeitherYesNorThePathBeforehand() {
        let delete = FoldersViewModel.deleteAction.descriptor
        let asked = delete.params.filter { !ActionConfirmation.answeredByDialog($0, of: delete) }.map(\.name)
        #expect(asked == [StandardParam.item])
        #expect(delete.params.first?.takesSeveral == true)
        // An action that destroys nothing keeps every parameter its own.
        let rename = FoldersViewModel.renameAction.descriptor
        #expect(rename.params.allSatisfy { !ActionConfirmation.answeredByDialog($0, of: rename) })
    }
}
