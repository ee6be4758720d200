import KernelDomain

/// What is known of one folder: its own row, its children, the running sums
/// its total is rebuilt from, and which rows changed since a screen last
/// sorted them.
///
/// Plain state: no clock, no task, no port. `FolderModel` (which scans,
/// watches and throttles) holds one and changes it; every rule about how a
/// row's change moves the total lives here, where a test can drive it row by
/// row.
struct FolderContents {
    /// The folder's path (it follows renames).
    private(set) var path: String
    /// The folder's own row: its total once scanned (or as its parent's scan
    /// measured it), nil before anything is known.
    var entry: FolderEntry?
    /// Direct children, in no particular order, kept by column.
    private(set) var children: FolderRows {
        didSet { childrenRevision += 1 }
    }
    /// Grows whenever `children` changes: screens re-sort their rows only then.
    private(set) var childrenRevision = 0
    /// Which rows changed in place (or were appended) since the last
    /// wholesale change, with the `childrenRevision` each change made.
    /// Bounded: when it would grow past the rows themselves it is dropped
    /// (one full re-sort instead).
    private var changeLog: [(revision: Int, index: Int)] = []
    /// `childrenRevision` after the last wholesale change (listing, removal, move).
    private var wholesaleRevision = 0
    /// The directory's own `st_size` plus its unlisted files, and their
    /// count: to rebuild the total from the children.
    private var ownBytes: Int64 = 0
    private var ownDiskBytes: Int64 = 0
    private var ownFiles = 0
    /// Row of each child *directory* by name (files are looked up by a scan:
    /// only watcher events ask for them), and the children's running sums: a
    /// folder with 100,000 subfolders must not cost 100,000² steps.
    private var directoryIndex: [String: Int] = [:]
    private var sums = ChildSums()

    init(path: String) {
        self.path = path
        children = FolderRows(parent: path)
    }

    var name: String { FolderPath.name(path) }
    /// What the rows hold together, and how many files are not rows (summed
    /// into the folder's own bytes instead): where the rest of the total is.
    var listedBytes: Int64 { sums.bytes }
    var listedDiskBytes: Int64 { sums.diskBytes }
    var unlistedFiles: Int { ownFiles }
    /// How many children are directories, without looking at them all.
    var directoryCount: Int { directoryIndex.count }

    /// Indices of the children that changed or were added after `revision`
    /// (possibly repeated), or nil when the rows changed wholesale since
    /// then and a screen must re-sort everything.
    func changedChildren(since revision: Int) -> [Int]? {
        guard revision >= wholesaleRevision, revision <= childrenRevision else { return nil }
        var result: [Int] = []
        for change in changeLog.reversed() {
            if change.revision <= revision { break }
            result.append(change.index)
        }
        return result
    }

    func index(of name: String) -> Int? {
        if let index = directoryIndex[name], index < children.count, children[index].name == name { return index }
        return children.firstIndex(named: name)
    }

    // MARK: Changes

    /// Forgets every child (a scan starts afresh).
    mutating func clearChildren() { setChildren(FolderRows(parent: path)) }

    /// A scan listed the folder: its own row and its direct children.
    mutating func takeListing(_ folder: FolderEntry, children listed: FolderRows) {
        ownBytes = folder.bytes
        ownDiskBytes = folder.diskBytes
        ownFiles = folder.files
        entry = folder
        entry?.complete = false
        setChildren(listed)
        recomputeTotal(complete: false)
    }

    /// The scan's own figure for the whole folder.
    mutating func finish(_ total: FolderEntry) {
        var total = total
        total.name = name
        total.path = path
        entry = total
    }

    /// Puts `child` in its row (or a new one).
    mutating func upsert(_ child: FolderEntry) {
        if let index = index(of: child.name) {
            sums.remove(children[index])
            children[index] = child
            if child.isDirectory { directoryIndex[child.name] = index }
            logChange(at: index)
        } else {
            if child.isDirectory { directoryIndex[child.name] = children.count }
            children.append(child)
            logChange(at: children.count - 1)
        }
        sums.add(child)
    }

    /// `upsert` of a row of a batch in this folder, by column.
    mutating func upsert(_ row: Int, of rows: FolderRows) {
        let name = rows.name(at: row)
        let index: Int
        if let found = self.index(of: name) {
            index = found
            sums.add(children, at: index, sign: -1)
        } else {
            index = children.count
        }
        children.setRow(index, from: rows, at: row)
        if rows.isDirectory(at: row) { directoryIndex[name] = index }
        logChange(at: index)
        sums.add(children, at: index)
    }

    /// Takes the child named `name` out; false when there is none.
    @discardableResult
    mutating func removeChild(named name: String) -> Bool {
        guard let index = index(of: name) else { return false }
        var remaining = children
        remaining.remove(at: index)
        setChildren(remaining)
        return true
    }

    /// The child at `oldPath` is now at `newPath` (same folder); false when
    /// no row has that path.
    mutating func renameChild(from oldPath: String, to newPath: String) -> Bool {
        guard let index = index(of: FolderPath.name(oldPath)), children[index].path == oldPath else { return false }
        directoryIndex[children[index].name] = nil
        var renamed = children[index]
        renamed.path = newPath
        renamed.name = FolderPath.name(newPath)
        children[index] = renamed
        if renamed.isDirectory { directoryIndex[renamed.name] = index }
        logChange(at: index)
        return true
    }

    /// The folder itself moved.
    mutating func relocate(to newPath: String) {
        path = newPath
        entry?.path = newPath
        entry?.name = FolderPath.name(newPath)
        children.parent = newPath
        wholesaleChange()
    }

    /// Bytes of the folder's own files moved by a hard link's change.
    mutating func addOwn(_ change: FolderLinkChange) {
        ownBytes.addSize(change.bytes)
        ownDiskBytes.addSize(change.diskBytes)
    }

    /// Rebuilds the total from the children: exact when each inode was
    /// counted by one child (as the scanner does), an estimate after
    /// incremental updates of hard-linked trees.
    mutating func recomputeTotal(complete: Bool) {
        guard var total = entry else { return }
        total.bytes = ownBytes.addingSize(sums.bytes)
        total.diskBytes = ownDiskBytes.addingSize(sums.diskBytes)
        total.files = ownFiles + sums.files
        total.directories = sums.directories
        total.issueCount = sums.issues
        if sums.issues == 0 {
            total.issue = nil
        } else if total.issue == nil {
            total.issue = children.indices.first { children.issueCount(at: $0) > 0 }.flatMap { children[$0].issue }
        }
        total.complete = complete && sums.incomplete == 0
        entry = total
    }

    // MARK: The change log

    private mutating func setChildren(_ list: FolderRows) {
        children = list
        directoryIndex = [:]
        sums = ChildSums()
        for index in list.indices {
            if list.isDirectory(at: index) { directoryIndex[list.name(at: index)] = index }
            sums.add(list, at: index)
        }
        wholesaleChange()
    }

    private mutating func logChange(at index: Int) {
        if changeLog.count >= max(1024, children.count) {
            wholesaleChange()
            return
        }
        changeLog.append((childrenRevision, index))
    }

    private mutating func wholesaleChange() {
        changeLog.removeAll()
        wholesaleRevision = childrenRevision
    }
}
