import KernelDomain
import KernelPersistence
import PhotosDomain

/// Each cached photo's album by id, for one refresh: which statement a
/// fetched row needs (insert, retitle or move), and which cached rows the
/// new list leaves out. An id is taken when the list names it, so a second
/// mention of a cached id finds nothing, like a new id would.
///
/// Photo ids are small and dense in practice (JSONPlaceholder's run
/// 1…5,000), so a flat table indexed by id answers without hashing: the
/// dictionary and set this replaces were a tenth of rewriting 5,000 photos.
/// Sparse or negative ids use a dictionary.
struct CachedAlbums {
    private var table: [Int?] = []
    private var sparse: [Int: Int] = [:]
    private let isDense: Bool

    /// `ids[i]`'s album is `albums[i]`.
    init(ids: [Int], albums: [Int]) {
        let largest = ids.max() ?? -1
        isDense = (ids.min() ?? 0) >= 0 && largest < 2 * ids.count + 1024
        if isDense {
            table = Array(repeating: nil, count: largest + 1)
            for index in ids.indices { table[ids[index]] = albums[index] }
        } else {
            sparse = Dictionary(zip(ids, albums), uniquingKeysWith: { first, _ in first })
        }
    }

    /// The cached album of `id`, or nil when it is not cached or was taken.
    mutating func take(_ id: Int) -> Int? {
        if isDense {
            guard id >= 0, id < table.count else { return nil }
            defer { table[id] = nil }
            return table[id]
        }
        return sparse.removeValue(forKey: id)
    }

    /// The cached ids no `take` asked for: rows the new list does not have.
    var untaken: [Int] {
        isDense ? table.indices.filter { table[$0] != nil } : Array(sparse.keys)
    }
}
