import Foundation

/// A scanned tree read from an ncdu JSON export: browsed without the disk.
///
/// Entries are kept in depth-first order in parallel arrays (no object per
/// entry): a directory's subtree is the run of entries up to `end[i]`, its
/// children are found by skipping from one child's `end` to the next. Sizes
/// are summed once at load: each directory's apparent bytes, files and
/// folders below it, with a hard-linked file (same device and inode)
/// counted at its first place in the tree, as a scan of the root would.
public final class ImportedFolderTree: Sendable {
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

    /// Builds a tree entry by entry, in the export's order.
    public struct Builder {
        var nodes: [Node] = []
        var parents: [Int32] = []
        var ends: [Int32] = []
        private var open: [Int] = []

        public init() {}

        public var depth: Int { open.count }
        public var count: Int { nodes.count }

        /// A directory whose entries follow until `closeDirectory`.
        public mutating func openDirectory(_ node: Node) {
            var node = node
            if node.device == 0, let parent = open.last { node.device = nodes[parent].device }
            append(node)
            open.append(nodes.count - 1)
        }

        public mutating func closeDirectory() {
            guard let index = open.popLast() else { return }
            ends[index] = Int32(nodes.count)
        }

        public mutating func add(_ node: Node) {
            var node = node
            if node.device == 0, let parent = open.last { node.device = nodes[parent].device }
            append(node)
            ends[nodes.count - 1] = Int32(nodes.count)
        }

        private mutating func append(_ node: Node) {
            nodes.append(node)
            parents.append(Int32(open.last ?? -1))
            ends.append(Int32(nodes.count))
        }

        /// Throws `importFailed` when the sizes add up past what a byte
        /// count holds (no real tree does: the export is forged or broken).
        public func build(source: String) throws(FolderError) -> ImportedFolderTree {
            try ImportedFolderTree(nodes: nodes, parents: parents, ends: ends, source: source)
        }
    }

    public let source: String
    public let nodes: [Node]
    private let parents: [Int32]
    private let ends: [Int32]
    /// Subtree sums: apparent bytes (links once), files and folders below.
    private let totalBytes: [Int64]
    private let totalDisk: [Int64]
    private let totalFiles: [Int32]
    private let totalFolders: [Int32]
    private let totalIssues: [Int32]

    init(nodes: [Node], parents: [Int32], ends: [Int32], source: String) throws(FolderError) {
        self.nodes = nodes
        self.parents = parents
        self.ends = ends
        self.source = source
        var bytes = [Int64](repeating: 0, count: nodes.count)
        var disk = [Int64](repeating: 0, count: nodes.count)
        var files = [Int32](repeating: 0, count: nodes.count)
        var folders = [Int32](repeating: 0, count: nodes.count)
        var issues = [Int32](repeating: 0, count: nodes.count)
        var seen: Set<LinkKey> = []
        for (index, node) in nodes.enumerated() {
            let counted = node.inode == 0 || seen.insert(LinkKey(device: node.device, inode: node.inode)).inserted
            bytes[index] = counted ? node.bytes : 0
            disk[index] = counted ? node.diskBytes : 0
            if node.readError { issues[index] = 1 }
        }
        for index in nodes.indices.reversed() {
            let parent = Int(parents[index])
            guard parent >= 0 else { continue }
            let (sum, overflow) = bytes[parent].addingReportingOverflow(bytes[index])
            let (diskSum, diskOverflow) = disk[parent].addingReportingOverflow(disk[index])
            if overflow || diskOverflow {
                throw .importFailed(
                    file: source, reason: "the sizes in \"\(nodes[parent].name)\" add up to more than \(Int64.max) bytes")
            }
            bytes[parent] = sum
            disk[parent] = diskSum
            issues[parent] += issues[index]
            if nodes[index].kind == .directory {
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

    /// The export's top folder, as a path.
    public var rootPath: String { nodes.first.map { FolderPath.normalize($0.name) } ?? "/" }
    public var count: Int { nodes.count }

    /// The entry at `path` (absolute), or nil.
    public func index(of path: String) -> Int? {
        guard !nodes.isEmpty else { return nil }
        let root = rootPath
        let path = FolderPath.normalize(path)
        if path == root { return 0 }
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        var current = 0
        for name in path.dropFirst(prefix.count).split(separator: "/") {
            guard let next = children(of: current).first(where: { nodes[$0].name == name }) else { return nil }
            current = next
        }
        return current
    }

    /// Indices of the direct children of the entry at `index`.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = Int(ends[index])
        while child < end {
            result.append(child)
            child = Int(ends[child])
        }
        return result
    }

    /// The entry at `index` as a scan reports it (a directory with its whole subtree).
    public func entry(_ index: Int, path: String) -> FolderEntry {
        let node = nodes[index]
        var entry = FolderEntry(
            name: FolderPath.name(path), path: path, kind: node.kind, bytes: totalBytes[index],
            files: Int(totalFiles[index]), directories: Int(totalFolders[index]),
            modified: Date(timeIntervalSince1970: TimeInterval(node.modified)), diskBytes: totalDisk[index])
        if node.readError {
            entry.issue = FolderIssue(.unreadable, path: path, detail: "could not be read when the export was made")
        } else if node.excluded == "otherfs" {
            entry.issue = FolderIssue(.otherFileSystem, path: path)
        }
        entry.issueCount = Int(totalIssues[index])
        if entry.issue == nil, entry.issueCount > 0 {
            entry.issue = FolderIssue(.unreadable, path: path, detail: "could not be read when the export was made")
        }
        return entry
    }
}
