import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// Deleting while a scan reads the folder is refused (a gated fake scan
/// holds the scan open, so the case is certain, not a race).
@MainActor
@Suite struct FolderDeletePresentationTests {
    struct CountingRemover: FolderRemover {
        func plan(_ path: String) async throws -> FolderDeletionPlan {
            FolderDeletionPlan(path: path, kind: .directory, device: 1, inode: 2, bytes: 10)
        }
        func remove(_ plan: FolderDeletionPlan) async throws {
            Issue.record("nothing may be deleted while a scan runs")
        }
    }

    @Test func aFolderBeingScannedIsNotDeleted() async throws {
        let fs = FakeFileSystem()
        let library = FolderLibrary(
            scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero, remover: CountingRemover())
        let screen = FoldersViewModel(library: library, path: "/r")
        let started = Task { await screen.start() }
        #expect(await eventually { fs.isScanning("/r") })
        fs.send("/r", .listing(folder: FolderTestData.dir("/r", 4096, complete: false), children: [
            FolderTestData.dir("/r/a", 4096, complete: false),
        ]))
        await started.value
        #expect(screen.snapshot.action("delete")?.enabled == false)
        await #expect(throws: FolderError.busy("/r/a")) { _ = try await library.planDeletion("/r/a") }
        await #expect(throws: FolderError.busy("/r")) { _ = try await library.planDeletion("/r") }
        await #expect(throws: FolderError.busy("/r")) {
            try await library.delete(FolderDeletionPlan(path: "/r", kind: .directory, device: 1, inode: 2, bytes: 1))
        }
        fs.send("/r", .child(FolderTestData.dir("/r/a", 5000)))
        fs.send("/r", .finished(FolderTestData.dir("/r", 9096, dirs: 1)))
        fs.finish("/r")
        #expect(await eventually { screen.snapshot.action("delete")?.enabled == true })
        screen.close()
    }
}
