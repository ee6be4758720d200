/// Sharing spare cells among the columns of a table that would like more
/// than their minimum, like water poured into vessels: each cell goes to
/// the narrowest column that still wants one, so columns that need little
/// are shown whole and the long ones end up the same width, each cut as
/// gently as the others. One very long cell (a 300-character description)
/// so cannot take the room the rest need.
public enum ColumnShares {
    /// The cells each column gets out of `spare`, in the order of `wants`
    /// (each at most its want; the total at most `spare`). `widths` are the
    /// columns' widths before sharing (all equal when omitted).
    public static func fair(_ spare: Int, wants: [Int], widths: [Int]? = nil) -> [Int] {
        let start = widths ?? Array(repeating: 0, count: wants.count)
        var given = Array(repeating: 0, count: wants.count)
        var left = max(0, spare)
        while left > 0 {
            var narrowest: Int?
            for index in wants.indices where given[index] < wants[index] {
                if narrowest.map({ start[index] + given[index] < start[$0] + given[$0] }) ?? true { narrowest = index }
            }
            guard let narrowest else { break }
            given[narrowest] += 1
            left -= 1
        }
        return given
    }
}
