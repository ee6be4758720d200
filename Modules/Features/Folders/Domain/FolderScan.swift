import KernelDomain

/// How to scan: the choices `du` offers that Facet exposes.
public struct FolderScanOptions: Equatable, Sendable {
    /// Descend into directories on other file systems (`du` without `-x`).
    /// Off by default: a scan of `/` should not wander into `/proc` or NFS.
    public var crossDevices: Bool
    /// Report non-directory children one by one in the listing. When false
    /// they are only summed into the folder's own figures, so a folder of a
    /// million files costs nothing per file to keep on screen.
    public var listFiles: Bool
    /// Names left out of the listing and the sizes (`du --exclude`).
    public var exclude: FolderExcludePatterns

    public init(crossDevices: Bool = false, listFiles: Bool = false, exclude: FolderExcludePatterns = .none) {
        self.crossDevices = crossDevices
        self.listFiles = listFiles
        self.exclude = exclude
    }
}

/// How far a running scan has got, for a progress line.
public struct FolderScanProgress: Equatable, Sendable {
    public var entries: Int
    public var bytes: Int64
    /// A directory being read right now.
    public var currentPath: String

    public init(entries: Int, bytes: Int64, currentPath: String) {
        self.entries = entries
        self.bytes = bytes
        self.currentPath = currentPath
    }
}

/// What a scanner reports, in order: one `listing` of the direct children
/// (directories still incomplete), then `progress` and one `child` per
/// directory as it finishes (in any order), then `finished` with the total.
public enum FolderScanEvent: Equatable, Sendable {
    /// The folder itself (incomplete) and its direct children; files and
    /// links are final, directories are `complete == false` until their `child`.
    /// Unless `listFiles`, non-directories are not listed: the folder's own
    /// `bytes` and `files` include them instead. Rows are kept by column
    /// (`FolderRows`): a listing of a million files is the model's rows as they are.
    case listing(folder: FolderEntry, children: FolderRows)
    case progress(FolderScanProgress)
    /// A direct child directory whose whole subtree is done.
    case child(FolderEntry)
    /// Several `child` events at once: a folder of many small subfolders
    /// finishes thousands of them a second, and one event each would cost
    /// the consumer a wake-up each.
    /// By column, as the listing is.
    case children(FolderRows)
    /// The folder's total; the scan is over.
    case finished(FolderEntry)
}
