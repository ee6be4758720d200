import Foundation

/// The test code the source rules read (`SleepRuleTests`,
/// `ChildDeadlineRuleTests`), and what the rules' allow-lists share: a line
/// let through by file and snippet, with the reason it is safe.
enum TestSources {
    /// A line a rule lets through, with why.
    struct Allowed {
        /// Relative to the repository root.
        let file: String
        /// Part of the line, enough to tell it from the file's other hits.
        let snippet: String
        /// How many lines of the file it covers (a copied line is not let
        /// through by an entry written for another).
        var times = 1
        let why: String
    }

    /// Swift, Python and shell files under `Tests/`, less `excluded` (a
    /// rule's own file, whose examples would be hits), relative to the root.
    static func files(excluding excluded: String) -> [String] {
        let root = PackageGraph.repositoryRoot
        let own = URL(fileURLWithPath: excluded).path.replacingOccurrences(of: root.path + "/", with: "")
        guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent("Tests").path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".py") || $0.hasSuffix(".sh") }
            .map { "Tests/" + $0 }
            .filter { $0 != own }
            .sorted()
    }

    /// Every line of `files` that `isHit` (given the file's path, its text
    /// and its lines, and the line's index) flags and `allowed` does not
    /// cover, as "file:line: text"; and the entries that cover no line.
    static func check(
        _ files: [String], allowed: [Allowed], isHit: (_ file: String, _ text: String, _ lines: [String], _ index: Int) -> Bool
    ) throws -> (offending: [String], stale: [String]) {
        var used = [Int](repeating: 0, count: allowed.count)
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: PackageGraph.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in lines.indices where isHit(file, text, lines, index) {
                let line = lines[index]
                if let entry = allowed.indices.first(where: { allowed[$0].file == file && line.contains(allowed[$0].snippet) }) {
                    used[entry] += 1
                    if used[entry] <= allowed[entry].times { continue }
                }
                offending.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        let stale = allowed.indices.filter { used[$0] == 0 }.map { "\(allowed[$0].file): \(allowed[$0].snippet)" }
        return (offending, stale)
    }
}
