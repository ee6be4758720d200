import KernelDomain

/// Running sums over a folder's children, kept as rows come and go.
struct ChildSums {
    var bytes: Int64 = 0
    var diskBytes: Int64 = 0
    var files = 0
    var directories = 0
    var issues = 0
    var incomplete = 0

    mutating func add(_ child: FolderEntry, sign: Int = 1) {
        bytes.addSize(Int64(sign) * child.bytes)
        diskBytes.addSize(Int64(sign) * child.diskBytes)
        if child.isDirectory {
            files += sign * child.files
            directories += sign * (1 + child.directories)
        } else {
            files += sign
        }
        issues += sign * child.issueCount
        if !child.complete { incomplete += sign }
    }

    mutating func remove(_ child: FolderEntry) { add(child, sign: -1) }

    /// A row by its columns (no entry is built: a listing can be a million rows).
    mutating func add(_ rows: FolderRows, at index: Int, sign: Int = 1) {
        bytes.addSize(Int64(sign) * rows.bytes(at: index))
        diskBytes.addSize(Int64(sign) * rows.diskBytes(at: index))
        if rows.isDirectory(at: index) {
            files += sign * rows.files(at: index)
            directories += sign * (1 + rows.directories(at: index))
        } else {
            files += sign
        }
        issues += sign * rows.issueCount(at: index)
        if !rows.isComplete(at: index) { incomplete += sign }
    }
}
