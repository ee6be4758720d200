/// Rows of a list window that a client already holds, named instead of sent
/// again.
///
/// A list screen over a long list moves its window a page at a time: "more"
/// appends a page and drops one from the front, so most rows a reply would
/// carry are rows the client was sent a moment before. Between the two ends
/// of a JSON-RPC connection that agreed on it (`initialize`'s `listDeltas`),
/// a snapshot's list carries only the rows the client lacks, and `reused`
/// says where the others are in the window it has: the one of version
/// `base`. A client whose window is not `base` (it missed a notification
/// that a slow connection coalesced) asks for the whole snapshot instead.
///
/// Only rows at the same place in the whole list are compared: a window
/// moves over its list, the rows do not move within it. A change that
/// shifts every row (a filter, a sort, a row added at the top) finds no run
/// and sends the window whole, as without deltas.
public struct ReusedRows: Codable, Equatable, Sendable {
    /// `count` rows from index `at` of the new window are the rows from
    /// index `from` of the `base` window.
    public struct Run: Codable, Equatable, Sendable {
        public var at: Int
        public var from: Int
        public var count: Int

        public init(at: Int, from: Int, count: Int) {
            self.at = at
            self.from = from
            self.count = count
        }
    }

    /// The version of the snapshot whose window the runs point into.
    public var base: Int
    public var runs: [Run]

    public init(base: Int, runs: [Run]) {
        self.base = base
        self.runs = runs
    }

    /// The stretches of `new` (a window starting at `newOffset`) whose rows
    /// equal the rows of `old` (starting at `oldOffset`) at the same places
    /// in the list, in order.
    public static func runs(old: [ListItem], oldOffset: Int, new: [ListItem], newOffset: Int) -> [Run] {
        let start = max(oldOffset, newOffset)
        let end = min(oldOffset + old.count, newOffset + new.count)
        var runs: [Run] = []
        var place = start
        while place < end {
            guard old[place - oldOffset] == new[place - newOffset] else {
                place += 1
                continue
            }
            let first = place
            while place < end, old[place - oldOffset] == new[place - newOffset] { place += 1 }
            runs.append(Run(at: first - newOffset, from: first - oldOffset, count: place - first))
        }
        return runs
    }

    /// The whole window: the rows sent (`fresh`, in order) with each run's
    /// rows put back from `old`. Nil when the runs do not fit `old` or the
    /// rows sent (a reply that is not for this window).
    public func rebuild(fresh: [ListItem], old: [ListItem]) -> [ListItem]? {
        var rows: [ListItem] = []
        rows.reserveCapacity(fresh.count + runs.reduce(0) { $0 + $1.count })
        var next = 0
        for run in runs {
            let gap = run.at - rows.count
            guard gap >= 0, run.count > 0, run.from >= 0, run.from + run.count <= old.count,
                  next + gap <= fresh.count
            else { return nil }
            rows += fresh[next..<next + gap]
            next += gap
            rows += old[run.from..<run.from + run.count]
        }
        rows += fresh[next...]
        return rows
    }
}

extension ListContent {
    /// This list for a client that holds `old` (starting at `oldOffset`) as
    /// the window of version `base`: the rows it lacks, and where the rest
    /// are. Nil when it holds none of them (then the list goes whole).
    public func reusing(_ old: [ListItem], at oldOffset: Int, base: Int) -> ListContent? {
        let runs = ReusedRows.runs(old: old, oldOffset: oldOffset, new: items, newOffset: offset)
        guard !runs.isEmpty else { return nil }
        var lean = self
        var fresh: [ListItem] = []
        var next = 0
        for run in runs {
            fresh += items[next..<run.at]
            next = run.at + run.count
        }
        fresh += items[next...]
        lean.items = fresh
        lean.reused = ReusedRows(base: base, runs: runs)
        return lean
    }

    /// The whole list from one that names reused rows, given the window it
    /// names (`old`); nil when they do not fit. A whole list is itself.
    public func rebuilt(from old: [ListItem]) -> ListContent? {
        guard let reused else { return self }
        guard let rows = reused.rebuild(fresh: items, old: old) else { return nil }
        var whole = self
        whole.items = rows
        whole.reused = nil
        return whole
    }
}
