import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// A folder entry as a table row: the columns every folder list declares and
/// the typed value of each (bytes as an integer like `du -sb`, times in ISO
/// 8601, the absolute path), so programs never parse "1.9 MiB".
///
/// A directory whose subtree is still being scanned has no size or counts
/// yet: those values are null (unknown), shown as "…", never a partial
/// figure that looks final.
enum FolderRow {
    enum Column {
        static let name = "name"
        static let bytes = "bytes"
        static let items = "items"
        static let files = "files"
        static let folders = "folders"
        static let modified = "modified"
        static let error = "error"
        static let kind = "kind"
        static let path = "path"
        static let share = "share"
        static let disk = "disk"
    }

    /// Name and size stay longest; the path (long, and the name repeats it)
    /// goes first. The size is the last column, where lists have always
    /// shown it (a one-line renderer shows the first and last columns).
    static let columns: [ListColumn] = [
        ListColumn(Column.name, "Name", priority: 0, sorts: true),
        ListColumn(Column.items, "Items", type: .integer, priority: 2, sorts: true),
        ListColumn(Column.files, "Files", type: .integer, priority: 4),
        ListColumn(Column.folders, "Folders", type: .integer, priority: 4),
        ListColumn(Column.modified, "Modified", type: .datetime, priority: 3),
        ListColumn(Column.error, "Problem", priority: 2),
        ListColumn(Column.kind, "Kind", priority: 5),
        ListColumn(Column.path, "Path", type: .path, priority: 6),
        ListColumn(Column.disk, "Disk", type: .bytes, priority: 4),
        ListColumn(Column.share, "Share", type: .number, priority: 2, kind: .share),
        ListColumn(Column.bytes, "Size", type: .bytes, priority: 1, sorts: true),
    ]

    /// `parentBytes`: the folder's total, for the share column (the
    /// percentage of it this row holds, like ncdu's and gdu's bar).
    /// `disk`: the share is of disk usage, not apparent bytes.
    static func item(_ entry: FolderEntry, parentBytes: Int64? = nil, disk: Bool = false) -> ListItem {
        var badges: [String] = []
        var row = ListItem(id: entry.name, title: entry.name)
        row.set(Column.name, .string(entry.name))
        row.set(Column.kind, .string(entry.kind.rawValue))
        row.set(Column.path, .string(entry.path))
        let modified = FolderFormat.modified(entry)
        row.set(Column.modified, modified.value, display: modified.display)
        if entry.complete {
            row.set(Column.bytes, .int(entry.bytes), display: FolderFormat.size(entry.bytes))
            row.set(Column.items, .int(entry.items), display: Formatters.grouped(entry.items))
            row.set(Column.files, .int(entry.files), display: Formatters.grouped(entry.files))
            row.set(Column.folders, .int(entry.directories), display: Formatters.grouped(entry.directories))
            row.set(Column.disk, .int(entry.diskBytes), display: FolderFormat.size(entry.diskBytes))
            if let parentBytes, parentBytes > 0 {
                // In tenths of a percent; through Double, as sizes near the
                // 64-bit bound would overflow an integer product.
                let part = Double(disk ? entry.diskBytes : entry.bytes)
                let tenths = Int((part * 1000 / Double(parentBytes)).rounded())
                row.set(Column.share, .double(Double(tenths) / 10), display: "\(tenths / 10).\(tenths % 10)%")
            } else {
                row.set(Column.share, .null, display: "")
            }
        } else {
            for column in [Column.bytes, Column.items, Column.files, Column.folders, Column.share, Column.disk] {
                row.set(column, .null, display: "…")
            }
            badges.append("scanning")
        }
        row.set(Column.error, .null)
        if let issue = entry.issue, entry.issueCount > 0 || issue.kind == .otherFileSystem {
            let text = issue.path == entry.path
                ? issue.summary
                : "\(Formatters.count(entry.issueCount, "folder")) inside could not be read"
            row.set(Column.error, .string(text))
            badges.append(issue.kind == .otherFileSystem ? "other-fs" : "error")
        }
        row.badges = badges
        return row
    }
}
