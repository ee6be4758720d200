/// "Did you mean …?" for mistyped screens, actions, options and fields, and
/// for names a screen looks up (a playlist): the closest valid name by edit
/// distance, as `git` and `gh` suggest commands. In ScreenKit so that a
/// front end's parser and a feature's view model suggest alike.
public enum Suggestion {
    /// The candidate nearest to `typed`, when it is near enough to be a
    /// likely typo: at most 2 edits (or a third of the word for long ones),
    /// or one name starting with the other (`play` → `playlists`).
    public static func closest(to typed: String, in candidates: [String]) -> String? {
        let word = typed.lowercased()
        guard !word.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let distance = editDistance(word, candidate.lowercased())
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(2, word.count / 3)
        if best.distance <= allowed { return best.name }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(word) }
        if word.count >= 3, prefixed.count == 1 { return prefixed[0] }
        return nil
    }

    /// `" (did you mean 'x'?)"`, or nothing.
    public static func hint(for typed: String, in candidates: [String], format: (String) -> String = { "'\($0)'" }) -> String {
        closest(to: typed, in: candidates).map { " (did you mean \(format($0))?)" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of neighbours (`improt` → `import`) cost 1.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
