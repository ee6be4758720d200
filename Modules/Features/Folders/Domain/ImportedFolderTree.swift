import Foundation
import KernelDomain

/// A scanned tree read from an ncdu JSON export: browsed without the disk.
///
/// Entries are kept in depth-first order in columns (no object per entry,
/// and all names in one byte buffer): a directory's subtree is the run of
/// entries up to `ends[i]`, its children are found by skipping from one
/// child's end to the next. Sizes are summed once at load: each directory's
/// apparent bytes, files and folders below it, with a hard-linked file (same
/// device and inode) counted at its first place in the tree, as a scan of
/// the root would. Devices and inodes are needed only for that count, so the
/// tree does not keep them: an import costs about what ncdu's own tree does.
public final class ImportedFolderTree: Sendable {
    /// One entry as the export describes it (the builder's input).
    public struct Node: Equatable, Sendable {
        public var name: String
        public var kind: FolderEntry.Kind
        /// Apparent size (`asize`) and disk usage (`dsize`) of the entry itself.
        public var bytes: Int64
        public var diskBytes: Int64
        public var device: UInt64
        /// Non-zero for a hard-linked file (`ino` with `hlnkc`).
        public var inode: UInt64
        public var modified: Int64
        public var readError: Bool
        /// `excluded` in the export: "otherfs", "pattern", "kernfs", …
        public var excluded: String?

        public init(
            name: String, kind: FolderEntry.Kind, bytes: Int64 = 0, diskBytes: Int64 = 0, device: UInt64 = 0,
            inode: UInt64 = 0, modified: Int64 = 0, readError: Bool = false, excluded: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.bytes = bytes
            self.diskBytes = diskBytes
            self.device = device
            self.inode = inode
            self.modified = modified
            self.readError = readError
            self.excluded = excluded
        }
    }

    /// The columns every entry has.
    struct Columns {
        var names: [UInt8] = []
        /// Where each name starts in `names` (one more than the entries: the end).
        var nameStarts: [Int] = [0]
        var bytes: [Int64] = []
        var diskBytes: [Int64] = []
        var modified: [Int64] = []
        var flags: [UInt8] = []
        var ends: [Int32] = []

        var count: Int { flags.count }

        mutating func reserve(_ entries: Int) {
            nameStarts.reserveCapacity(entries + 1)
            bytes.reserveCapacity(entries)
            diskBytes.reserveCapacity(entries)
            modified.reserveCapacity(entries)
            flags.reserveCapacity(entries)
            ends.reserveCapacity(entries)
        }
    }

    /// `flags`: the kind in the low bits, then the two marks an entry shows.
    enum Flag {
        static let kindMask: UInt8 = 0b11
        static let readError: UInt8 = 1 << 2
        static let otherFileSystem: UInt8 = 1 << 3
        static let kinds: [FolderEntry.Kind] = [.file, .directory, .symlink, .other]
    }

    /// Builds a tree entry by entry, in the export's order.
    public struct Builder {
        var columns = Columns()
        var parents: [Int32] = []
        /// Hard-linked entries: index, device, inode (counted once at build).
        var linked: [(index: Int32, device: UInt64, inode: UInt64)] = []
        private var open: [(index: Int, device: UInt64)] = []

        /// `expectedEntries`: room reserved up front (untouched room costs
        /// address space, not memory), so the columns do not grow by copying.
        public init(expectedEntries: Int = 0) {
            columns.reserve(expectedEntries)
            parents.reserveCapacity(expectedEntries)
        }

        public var depth: Int { open.count }
        public var count: Int { columns.count }

        /// A directory whose entries follow until `closeDirectory`.
        public mutating func openDirectory(_ node: Node) {
            let device = append(node)
            open.append((columns.count - 1, device))
        }

        public mutating func closeDirectory() {
            guard let (index, _) = open.popLast() else { return }
            columns.ends[index] = Int32(columns.count)
        }

        public mutating func add(_ node: Node) {
            append(node)
        }

        /// Appends `node`; returns its device (its folder's when it names none).
        @discardableResult
        private mutating func append(_ node: Node) -> UInt64 {
            let device = node.device == 0 ? open.last?.device ?? 0 : node.device
            let index = columns.count
            columns.names.append(contentsOf: node.name.utf8)
            columns.nameStarts.append(columns.names.count)
            columns.bytes.append(node.bytes)
            columns.diskBytes.append(node.diskBytes)
            columns.modified.append(node.modified)
            var flags = UInt8(Flag.kinds.firstIndex(of: node.kind) ?? 0)
            if node.readError { flags |= Flag.readError }
            if node.excluded == "otherfs" { flags |= Flag.otherFileSystem }
            columns.flags.append(flags)
            columns.ends.append(Int32(index + 1))
            parents.append(Int32(open.last?.index ?? -1))
            if node.inode != 0 { linked.append((Int32(index), device, node.inode)) }
            return device
        }

        /// Throws `importFailed` when the sizes add up past what a byte
        /// count holds (no real tree does: the export is forged or broken).
        public consuming func build(source: String) throws(FolderError) -> ImportedFolderTree {
            try ImportedFolderTree(columns: columns, parents: parents, linked: linked, source: source)
        }
    }

    public let source: String
    private let columns: Columns
    /// Subtree sums: apparent bytes (links once), files and folders below.
    private let totalBytes: [Int64]
    private let totalDisk: [Int64]
    private let totalFiles: [Int32]
    private let totalFolders: [Int32]
    private let totalIssues: [Int32]

    init(
        columns: Columns, parents: [Int32], linked: [(index: Int32, device: UInt64, inode: UInt64)], source: String
    ) throws(FolderError) {
        self.columns = columns
        self.source = source
        var bytes = columns.bytes
        var disk = columns.diskBytes
        var files = [Int32](repeating: 0, count: columns.count)
        var folders = [Int32](repeating: 0, count: columns.count)
        var issues = columns.flags.map { $0 & Flag.readError != 0 ? Int32(1) : 0 }
        var seen: Set<LinkKey> = []
        for link in linked where !seen.insert(LinkKey(device: link.device, inode: link.inode)).inserted {
            bytes[Int(link.index)] = 0
            disk[Int(link.index)] = 0
        }
        for index in columns.flags.indices.reversed() {
            let parent = Int(parents[index])
            guard parent >= 0 else { continue }
            let (sum, overflow) = bytes[parent].addingReportingOverflow(bytes[index])
            let (diskSum, diskOverflow) = disk[parent].addingReportingOverflow(disk[index])
            if overflow || diskOverflow {
                throw .importFailed(
                    file: source, reason: "the sizes in \"\(Self.name(parent, in: columns))\" add up to more than \(Int64.max) bytes")
            }
            bytes[parent] = sum
            disk[parent] = diskSum
            issues[parent] += issues[index]
            if Self.kind(index, in: columns) == .directory {
                folders[parent] += 1 + folders[index]
                files[parent] += files[index]
            } else {
                files[parent] += 1
            }
        }
        totalBytes = bytes
        totalDisk = disk
        totalFiles = files
        totalFolders = folders
        totalIssues = issues
    }

    /// A hard-linked file's identity, counted once across the tree.
    private struct LinkKey: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func name(_ index: Int, in columns: Columns) -> String {
        let start = Int(columns.nameStarts[index])
        let end = Int(columns.nameStarts[index + 1])
        return String(decoding: columns.names[start..<end], as: UTF8.self)
    }

    static func kind(_ index: Int, in columns: Columns) -> FolderEntry.Kind {
        Flag.kinds[Int(columns.flags[index] & Flag.kindMask)]
    }

    /// The entry's own name (the root's is its path).
    public func name(at index: Int) -> String { Self.name(index, in: columns) }
    public func kind(at index: Int) -> FolderEntry.Kind { Self.kind(index, in: columns) }
    /// The entry's own sizes, not its subtree's.
    public func ownBytes(at index: Int) -> Int64 { columns.bytes[index] }
    public func ownDiskBytes(at index: Int) -> Int64 { columns.diskBytes[index] }

    /// Whether the entry at `index` is named `name`, without making a String.
    func hasName(_ index: Int, _ name: Substring) -> Bool {
        let start = Int(columns.nameStarts[index])
        let end = Int(columns.nameStarts[index + 1])
        return columns.names[start..<end].elementsEqual(name.utf8)
    }

    /// The export's top folder, as a path.
    public var rootPath: String { count > 0 ? FolderPath.normalize(name(at: 0)) : "/" }
    public var count: Int { columns.count }

    /// The entry at `path` (absolute), or nil.
    public func index(of path: String) -> Int? {
        guard count > 0 else { return nil }
        let root = rootPath
        let path = FolderPath.normalize(path)
        if path == root { return 0 }
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        var current = 0
        for name in path.dropFirst(prefix.count).split(separator: "/") {
            guard let next = children(of: current).first(where: { hasName($0, name) }) else { return nil }
            current = next
        }
        return current
    }

    /// Indices of the direct children of the entry at `index`.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = Int(columns.ends[index])
        while child < end {
            result.append(child)
            child = Int(columns.ends[child])
        }
        return result
    }

    /// The entry at `index` as a scan reports it (a directory with its whole subtree).
    public func entry(_ index: Int, path: String) -> FolderEntry {
        let flags = columns.flags[index]
        var entry = FolderEntry(
            name: FolderPath.name(path), path: path, kind: kind(at: index), bytes: totalBytes[index],
            files: Int(totalFiles[index]), directories: Int(totalFolders[index]),
            modified: Date(timeIntervalSince1970: TimeInterval(columns.modified[index])), diskBytes: totalDisk[index])
        if flags & Flag.readError != 0 {
            entry.issue = FolderIssue(.unreadable, path: path, detail: "could not be read when the export was made")
        } else if flags & Flag.otherFileSystem != 0 {
            entry.issue = FolderIssue(.otherFileSystem, path: path)
        }
        entry.issueCount = Int(totalIssues[index])
        if entry.issue == nil, entry.issueCount > 0 {
            entry.issue = FolderIssue(.unreadable, path: path, detail: "could not be read when the export was made")
        }
        return entry
    }
}
