import KernelDomain

/// Something another program (or this one) did to a watched folder, as the
/// watcher reports it. Names are of direct children of the watched folder.
public enum FolderChange: Equatable, Sendable {
    case added(String)
    case removed(String)
    case renamed(from: String, to: String)
    /// The child's content changed (a file written, something inside a
    /// child directory added, removed or written).
    case changed(String)
    /// The watched folder itself was moved or deleted.
    case folderGone
    /// This many directories below the watched folder have no watch (the
    /// kernel's watch limit, permission, …): changes in them are not seen.
    /// Sent whenever the count changes (0: everything is watched again).
    case unwatched(Int)
    /// Events were lost (the kernel queue overflowed): rescan to be sure.
    case overflow
}
