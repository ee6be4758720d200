/// Sharing spare cells among the columns of a table that would like more
/// than their minimum: every column that still wants cells gets an equal
/// part, none more than it wants, and what a satisfied column leaves goes
/// round again to the others. So short text is shown whole and one very
/// long cell (a 300-character description) cannot starve the rest: long
/// columns end up the same width, the gentlest cut for each.
public enum ColumnShares {
    /// The cells each column gets out of `spare`, in the order of `wants`
    /// (each at most its want; the total at most `spare`).
    public static func fair(_ spare: Int, wants: [Int]) -> [Int] {
        var given = Array(repeating: 0, count: wants.count)
        var left = max(0, spare)
        while left > 0 {
            let hungry = wants.indices.filter { given[$0] < wants[$0] }
            guard !hungry.isEmpty else { break }
            let part = left / hungry.count
            if part == 0 {
                // Fewer cells than columns: one each, leftmost first.
                for index in hungry.prefix(left) { given[index] += 1 }
                break
            }
            for index in hungry {
                let extra = min(part, wants[index] - given[index])
                given[index] += extra
                left -= extra
            }
        }
        return given
    }
}
