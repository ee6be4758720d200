import Foundation
import KernelDomain

/// One row of a folder listing: a child of the scanned folder (or the folder
/// itself, as its total) with what the scan learned about it.
///
/// Sizes are *apparent* bytes (`st_size`), summed like `du -sb`: hard-linked
/// files count once, symbolic links count their own length and are never
/// followed. Counts are of what lies *inside* an entry (a file contains 0).
public struct FolderEntry: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case directory, file, symlink, other
    }

    public var name: String
    public var path: String
    public var kind: Kind
    /// Apparent size of the entry and, for a directory, of everything below it.
    public var bytes: Int64
    /// Disk usage (`st_blocks` × 512, like `du` without `-b`), summed the same way.
    public var diskBytes: Int64
    /// Non-directory entries below this one (files, links, devices, sockets).
    public var files: Int
    /// Directories below this one (not counting itself).
    public var directories: Int
    public var modified: Date
    /// False while a directory's subtree is still being scanned.
    public var complete: Bool
    /// The first problem met in this entry's subtree (or on the entry itself).
    public var issue: FolderIssue?
    /// How many directories in this subtree could not be read.
    public var issueCount: Int
    /// Entries in this subtree left out by the scan's exclude patterns
    /// (known for a scanned folder's total; 0 for its rows).
    public var excluded = 0

    public init(
        name: String, path: String, kind: Kind, bytes: Int64, files: Int = 0, directories: Int = 0,
        modified: Date = Date(timeIntervalSince1970: 0), complete: Bool = true, issue: FolderIssue? = nil,
        issueCount: Int? = nil, diskBytes: Int64 = 0
    ) {
        self.diskBytes = diskBytes
        self.name = name
        self.path = path
        self.kind = kind
        self.bytes = bytes
        self.files = files
        self.directories = directories
        self.modified = modified
        self.complete = complete
        self.issue = issue
        self.issueCount = issueCount ?? (issue == nil ? 0 : 1)
    }

    /// The seed's figure: size / 1024, rounded down.
    public var kilobytes: Int64 { bytes / 1024 }
    /// Everything inside: files plus directories.
    public var items: Int { files + directories }
    public var isDirectory: Bool { kind == .directory }
}

/// A directory the scan could not read, and why. Scans go on past these.
public struct FolderIssue: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        /// It disappeared between listing and reading.
        case vanished
        case permissionDenied = "permission_denied"
        /// On another file system, not crossed (like `du -x`).
        case otherFileSystem = "other_file_system"
        /// Any other read failure (I/O error, too many open files, …).
        case unreadable
    }

    public var kind: Kind
    public var path: String
    /// The system's words for it (`strerror`), for the unreadable case.
    public var detail: String?

    public init(_ kind: Kind, path: String, detail: String? = nil) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// Short words for a row (`vanished`, `permission denied`).
    public var summary: String {
        switch kind {
        case .vanished: "vanished"
        case .permissionDenied: "permission denied"
        case .otherFileSystem: "other file system (not crossed)"
        case .unreadable: "unreadable" + (detail.map { ": \($0)" } ?? "")
        }
    }
}
