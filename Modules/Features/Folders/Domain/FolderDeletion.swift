import KernelDomain

/// What a deletion will remove, measured when the user is asked, and the
/// identity of what was measured: the deletion goes ahead only if the same
/// file or folder (device, inode and change time) is still at that path, so a file
/// replaced between the question and the answer is not deleted.
public struct FolderDeletionPlan: Equatable, Sendable {
    public var path: String
    public var kind: FolderEntry.Kind
    public var device: UInt64
    public var inode: UInt64
    /// `st_ctime` in nanoseconds: a new file often gets the inode number
    /// of the one just deleted, never its change time.
    public var changeTime: Int64
    /// Apparent bytes of everything removed (hard links once).
    public var bytes: Int64
    public var files: Int
    public var directories: Int

    public init(
        path: String, kind: FolderEntry.Kind, device: UInt64, inode: UInt64, changeTime: Int64 = 0, bytes: Int64,
        files: Int = 0, directories: Int = 0
    ) {
        self.changeTime = changeTime
        self.path = path
        self.kind = kind
        self.device = device
        self.inode = inode
        self.bytes = bytes
        self.files = files
        self.directories = directories
    }
}

/// Deletes files and folder trees, never across a file system boundary.
public protocol FolderRemover: Sendable {
    /// Measures `path` for the question. Throws `FolderError.mountPoint`
    /// when it is, or holds, a mount point (nothing can then be deleted).
    func plan(_ path: String) async throws -> FolderDeletionPlan
    /// Deletes what `plan` measured. Throws `FolderError.changedSinceAsked`
    /// (deleting nothing) when another entry now has that path.
    func remove(_ plan: FolderDeletionPlan) async throws
}
