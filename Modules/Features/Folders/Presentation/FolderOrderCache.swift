import FoldersDomain

/// One sorted view of a folder's rows.
///
/// Sizes and counts are read from the rows' columns as they compare (the
/// rows it keeps in order are the unchanged ones, so their figures are the
/// ones it sorted by); names compare by their case-folded bytes, and an
/// eight-byte prefix of that, kept per row, settles most comparisons without
/// touching the names. A row costs 16 bytes here: a folder listed with a
/// million files must not keep its names twice more.
struct FolderOrderCache {
    let sort: FoldersViewModel.Sort
    /// Sizes by disk usage rather than apparent bytes.
    let disk: Bool
    var revision: Int
    var order: [Int]
    private var prefixes: [UInt64]

    init(children: FolderRows, sort: FoldersViewModel.Sort, showFiles: Bool, revision: Int, disk: Bool) {
        self.sort = sort
        self.disk = disk
        self.revision = revision
        prefixes = [UInt64](repeating: 0, count: children.count)
        var shown = showFiles ? Array(children.indices) : children.indices.filter { children.isDirectory(at: $0) }
        for index in shown { prefixes[index] = FolderNameOrder.prefix(children.name(at: index)) }
        order = []
        shown.sort { before($0, $1, children) }
        order = shown
    }

    /// Re-places the rows at `changed` (some possibly new): the others keep
    /// their relative order, the changed ones are sorted among themselves and
    /// merged in. O(rows + changed · log changed).
    mutating func update(_ changed: [Int], in children: FolderRows, showFiles: Bool) {
        guard !changed.isEmpty else { return }
        if children.count > prefixes.count {
            prefixes += [UInt64](repeating: 0, count: children.count - prefixes.count)
        }
        var isChanged = [Bool](repeating: false, count: children.count)
        var moved: [Int] = []
        for index in changed where index < children.count && !isChanged[index] {
            isChanged[index] = true
            if showFiles || children.isDirectory(at: index) {
                prefixes[index] = FolderNameOrder.prefix(children.name(at: index))
                moved.append(index)
            }
        }
        moved.sort { before($0, $1, children) }
        let kept = order.filter { $0 < children.count && !isChanged[$0] }
        // Each moved row finds its place by binary search (log n comparisons);
        // the rest is copying integers.
        var merged: [Int] = []
        merged.reserveCapacity(kept.count + moved.count)
        var copied = 0
        for index in moved {
            var low = copied
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if before(kept[middle], index, children) { low = middle + 1 } else { high = middle }
            }
            merged.append(contentsOf: kept[copied..<low])
            merged.append(index)
            copied = low
        }
        merged.append(contentsOf: kept[copied...])
        order = merged
    }

    private func weight(_ index: Int, _ rows: FolderRows) -> Int64 {
        switch sort {
        case .size: disk ? rows.diskBytes(at: index) : rows.bytes(at: index)
        case .count: Int64(rows.items(at: index))
        case .name: 0
        }
    }

    private func before(_ a: Int, _ b: Int, _ rows: FolderRows) -> Bool {
        let (weightA, weightB) = (weight(a, rows), weight(b, rows))
        if weightA != weightB { return weightA > weightB }
        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
        return FolderNameOrder.before(rows.name(at: a), rows.name(at: b))
    }
}
