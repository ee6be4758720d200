import FoldersDomain

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
