import Foundation
import Testing
import TestSupport

/// A folder's listing accounts for its whole total through the built binary
/// on a real tree: the rows and the "Rest" row (the folder's own entry, and
/// its files while they are not rows) add up to the total, in bytes and in
/// shares; a folder of files only says how to list them; `delete FILE`
/// deletes a file that is not a row, as ncdu does, and nothing outside.
@Suite struct FolderSharesCLITests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-shares-tree")
    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    init() throws {
        let files = FileManager.default
        try files.createDirectory(atPath: tree.path + "/a", withIntermediateDirectories: true)
        try files.createDirectory(atPath: tree.path + "/empty", withIntermediateDirectories: true)
        try files.createDirectory(atPath: tree.path + "/only-files", withIntermediateDirectories: true)
        try Data(count: 3000).write(to: URL(fileURLWithPath: tree.path + "/a/x.bin"))
        try Data(count: 5000).write(to: URL(fileURLWithPath: tree.path + "/big.bin"))
        try Data("hi\n".utf8).write(to: URL(fileURLWithPath: tree.path + "/readme.txt"))
        try Data(count: 700).write(to: URL(fileURLWithPath: tree.path + "/only-files/one.txt"))
        try Data(count: 900).write(to: URL(fileURLWithPath: tree.path + "/only-files/two.txt"))
    }

    func facet(_ arguments: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path)
    }

    func snapshot(_ arguments: String...) throws -> [String: Any] {
        let result = try FacetProcess.run(arguments + ["--json"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    /// (Σ rows' bytes, Σ rows' shares, the Rest row's bytes and share, the total).
    func accounts(_ snapshot: [String: Any]) throws -> (rows: Int, shares: Double, rest: Int, restShare: Double, total: Int) {
        let content = snapshot["content"] as? [String: Any]
        let items = (content?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let values = items.compactMap { $0["values"] as? [String: Any] }
        let details = (content?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        let rest = try #require(details.first { $0["id"] as? String == "rest" })
        let total = try #require(details.first { $0["id"] as? String == "bytes" })
        let text = rest["value"] as? String ?? ""
        let percent = text.split(separator: "(").dropFirst().first?.split(separator: "%").first.flatMap { Double($0) }
        return (values.compactMap { $0["bytes"] as? Int }.reduce(0, +), values.compactMap { $0["share"] as? Double }.reduce(0, +),
                rest["data"] as? Int ?? -1, try #require(percent, "\(text)"), total["data"] as? Int ?? -2)
    }

    @Test func rowsAndTheRestAddUpToTheTotal() throws {
        for files in [false, true] {
            let shown = files ? try snapshot("folders", root, "--files") : try snapshot("folders", root)
            let sums = try accounts(shown)
            #expect(sums.rows + sums.rest == sums.total, "files: \(files)")
            #expect(abs(sums.shares + sums.restShare - 100) <= 0.3, "files: \(files): \(sums)")
        }
        let table = try facet("folders", root)
        // A line about the table: on stderr for a pipe.
        #expect(table.stderr.contains("2 files not listed (list them with 'toggle-files')"), "\(table.stderr)")
    }

    @Test func aFolderOfFilesOnlySaysHowToListThem() throws {
        let plain = try facet("folders", root + "/only-files")
        #expect(plain.status == 0)
        #expect(plain.stdout.isEmpty, "no rows: \(plain.stdout)")
        #expect(plain.stderr.contains("No subfolders here; 2 files are not listed: list them with 'toggle-files'"), "\(plain.stderr)")
        let listed = try facet("folders", root + "/only-files", "--files")
        #expect(listed.stdout.contains("one.txt") && listed.stdout.contains("two.txt"))
        let empty = try facet("folders", root + "/empty")
        #expect(empty.stderr.contains("This folder is empty."), "\(empty.stderr)")
    }

    @Test func deleteOfAFileThatIsNotARowAsksAboutThatFile() throws {
        let asked = try facet("folders", root, "delete", "readme.txt")
        #expect(asked.status == 3, "\(asked.stderr)")
        #expect(asked.stderr.contains("Delete readme.txt (") && asked.stderr.contains("--yes"), "\(asked.stderr)")
        #expect(FileManager.default.fileExists(atPath: root + "/readme.txt"))
    }

    @Test func deleteRemovesAFileThatIsNotARow() throws {
        let deleted = try facet("folders", root, "delete", "readme.txt", "--yes")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(!deleted.stderr.contains("No such folder"))
        #expect(!FileManager.default.fileExists(atPath: root + "/readme.txt"))
        #expect(FileManager.default.fileExists(atPath: root + "/big.bin"))
    }

    @Test func deleteTakesOnlyANameInThisFolder() throws {
        let outside = try facet("folders", root + "/a", "delete", "../big.bin", "--yes")
        #expect(outside.status != 0)
        #expect(FileManager.default.fileExists(atPath: root + "/big.bin"))
        let nothing = try facet("folders", root, "delete", "no-such.txt", "--yes")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no-such.txt"))
    }
}
