import FoldersDomain
import FoldersPresentation
import TestSupport

/// A remover that plans every path as a small folder and only records what
/// it was asked to remove, for view-model tests of the delete rules (the
/// refusals come before any removal, so the record is the proof).
final class RecordingRemover: FolderRemover, @unchecked Sendable {
    var removed: [String] = []
    func plan(_ path: String) async throws -> FolderDeletionPlan {
        FolderDeletionPlan(path: path, kind: .directory, device: 1, inode: 2, bytes: 10, files: 2)
    }
    func remove(_ plan: FolderDeletionPlan) async throws { removed.append(plan.path) }
}

/// A folders screen of `/r` whose scan the fake file system holds open (so
/// "being scanned" is certain, not a race), with a recording remover.
@MainActor
func screenWithItsScanHeldOpen() async -> (fs: FakeFileSystem, remover: RecordingRemover, screen: FoldersViewModel, started: Task<Void, Never>) {
    let fs = FakeFileSystem()
    let remover = RecordingRemover()
    let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero, remover: remover)
    let screen = FoldersViewModel(library: library, path: "/r")
    let started = Task { await screen.start() }
    _ = await eventually { fs.isScanning("/r") }
    return (fs, remover, screen, started)
}
