import Foundation
import Testing
import TestSupport

/// The folder screens through the built `facet` binary, on real directories.
@Suite(.serialized) struct FolderCLITests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-tree")

    /// The tree's path as Facet names it (the temp folder may end in `/`).
    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    func facet(_ args: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path)
    }

    func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    func items(_ snapshot: [String: Any]) -> [[String: Any]] {
        ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    func rows(_ snapshot: [String: Any]) -> [String: String] {
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return Dictionary(rows.map { ($0["label"] as? String ?? "", $0["value"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    /// Detail rows' typed values by id.
    func data(_ snapshot: [String: Any]) -> [String: Any] {
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return Dictionary(rows.map { ($0["id"] as? String ?? "", $0["data"] as Any) }, uniquingKeysWith: { a, _ in a })
    }

    func du(_ path: String) throws -> Int { Int(try DiskUsage.apparentBytes(path)) }

    func grouped(_ n: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: n)) ?? ""
    }

    func makeTree() {
        tree.file("big/data", bytes: [UInt8](repeating: 1, count: 300_000))
        tree.file("big/sub/more", bytes: [UInt8](repeating: 2, count: 50_000))
        tree.file("small/x", "12345")
        tree.file("middle/y", bytes: [UInt8](repeating: 3, count: 20_000))
        tree.file("loose.txt", "loose")
    }

    @Test func listsSubfoldersWithSizesEqualToDu() throws {
        makeTree()
        let result = try facet("folders", tree.path, "--json")
        #expect(result.status == 0)
        let snapshot = json(result.stdout)
        #expect(snapshot["screen"] as? String == "folders")
        #expect((snapshot["status"] as? [String: Any])?["kind"] as? String == "idle")
        #expect(items(snapshot).map { $0["id"] as? String } == ["big", "middle", "small"])
        let total = try du(tree.path)
        // Programs read exact integers: du -sb's figure, not "1.9 MiB".
        #expect(data(snapshot)["bytes"] as? Int == total)
        #expect(rows(snapshot)["Total"]?.hasSuffix("(\(grouped(total)) bytes)") == true)
        // The seed's "<name> (<KB> KB)": a name, so breadcrumbs do not repeat full paths.
        #expect(snapshot["title"] as? String == "\((root as NSString).lastPathComponent) (\(grouped(total / 1024)) KB)")
        for item in items(snapshot) {
            let values = item["values"] as? [String: Any] ?? [:]
            let path = tree.path + "/" + (item["id"] as? String ?? "")
            #expect(values["bytes"] as? Int == (try du(path)))
            #expect(values["path"] as? String == root + "/" + (item["id"] as? String ?? ""))
            #expect((values["modified"] as? String)?.hasSuffix("Z") == true)
        }
        let big = items(snapshot).first?["values"] as? [String: Any] ?? [:]
        #expect(big["items"] as? Int == 3 && big["files"] as? Int == 2 && big["folders"] as? Int == 1)
        #expect(big["error"] is NSNull)
        // Binary units, labelled as such: never "KB" for 1024 bytes in a size.
        let cells = items(snapshot).compactMap { ($0["cells"] as? [String: Any])?["bytes"] as? String }
        #expect(cells.count == 3 && cells.allSatisfy { $0.hasSuffix(" KiB") || $0.hasSuffix(" bytes") })
    }

    @Test func humanOutputSortsAndShowsFiles() throws {
        makeTree()
        let byName = try facet("folders", tree.path, "--sort", "name", "--files")
        #expect(byName.status == 0)
        #expect(byName.stderr.hasSuffix("\n1–4 of 4, by name\n"), "the lines about the rows end with the footer: \(byName.stderr)")
        #expect(!byName.stderr.contains("✗") && !byName.stderr.contains("! "), "no warning, no error: \(byName.stderr)")
        let lines = byName.stdout.split(separator: "\n").map(String.init)
        let names = lines.compactMap { line in ["big", "loose.txt", "middle", "small"].first { line.hasPrefix($0 + " ") } }
        #expect(names == ["big", "loose.txt", "middle", "small"])
        let sorted = try facet("folders", tree.path, "sort", "items", "--json")
        #expect(items(json(sorted.stdout)).first?["id"] as? String == "big")
    }

    @Test func openGoesDownAndUpGoesUp() throws {
        makeTree()
        let down = json(try facet("folders", tree.path, "open", "big", "--json").stdout)
        #expect(rows(down)["Path"] == root + "/big")
        #expect(items(down).map { $0["id"] as? String } == ["sub"])
        let up = json(try facet("folders", tree.path + "/big", "up", "--json").stdout)
        #expect(rows(up)["Path"] == root)
        let detail = json(try facet("folders", tree.path, "detail", "big", "--json").stdout)
        #expect(detail["screen"] as? String == "folder")
        #expect(detail["title"] as? String == "big (\(grouped(try du(tree.path + "/big") / 1024)) KB)")
    }

    /// `open` on a file names it as a file (files are not rows without
    /// `--files`, and "No such folder" misled); a missing name says so.
    @Test func openOnAFileOrNothingSaysWhich() throws {
        makeTree()
        let file = try facet("folders", tree.path, "open", "loose.txt")
        #expect(file.status != 0)
        #expect(file.stderr.contains("\(root)/loose.txt is a file, not a folder."), "\(file.stderr)")
        let missing = try facet("folders", tree.path, "open", "nothing")
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("No such folder: \(root)/nothing."), "\(missing.stderr)")
    }

    @Test func renameThroughTheRenameScreenAndTheDetailScreen() throws {
        makeTree()
        let renamed = try facet("folder-rename", tree.path + "/small", "rename", "tiny")
        #expect(renamed.status == 0)
        #expect(renamed.stdout.contains("Renamed \"small\" to \"tiny\"."))
        #expect(FileManager.default.fileExists(atPath: tree.path + "/tiny/x"))
        #expect(!FileManager.default.fileExists(atPath: tree.path + "/small"))
        let again = try facet("folder", tree.path + "/tiny", "rename", "Tiny")  // case-only
        #expect(again.status == 0)
        #expect(FileManager.default.fileExists(atPath: tree.path + "/Tiny/x"))
        // From the list, with the new name: renamed at once, in one command.
        let child = try facet("folders", tree.path, "rename", "Tiny", "wee", "--json")
        #expect(child.status == 0, "\(child.stderr)")
        #expect(json(child.stdout)["screen"] as? String == "folders")
        #expect(FileManager.default.fileExists(atPath: tree.path + "/wee/x"))
        #expect(!FileManager.default.fileExists(atPath: tree.path + "/Tiny"))
        #expect((json(child.stdout)["status"] as? [String: Any])?["message"] as? String == "Renamed \"Tiny\" to \"wee\".")
    }

    @Test func renameFailuresSayWhyAndChangeNothing() throws {
        makeTree()
        let before = try FileManager.default.contentsOfDirectory(atPath: tree.path).sorted()
        let cases: [(String, String)] = [
            ("big", "already exists"),
            ("../x", "must not contain \"/\""),
            ("", "must not be empty"),
            (String(repeating: "n", count: 300), "is 300 bytes long; the limit is 255 bytes"),
            ("..", "cannot be \".\" or \"..\""),
        ]
        for (name, message) in cases {
            let result = try facet("folder-rename", tree.path + "/small", "rename", name)
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let vanished = try facet("folder-rename", tree.path + "/removed-meanwhile", "rename", "x")
        #expect(vanished.status == 1)
        #expect(vanished.stderr.contains("no longer exists"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path).sorted() == before)
    }

    @Test func badPathsGetClearMessages() throws {
        let missing = try facet("folders", tree.path + "/nope")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("No such folder: \(root)/nope."))
        let file = tree.file("plain.txt", "x")
        let notDir = try facet("folders", file)
        #expect(notDir.status == 1)
        #expect(notDir.stderr.contains("is a file, not a folder"))
        let json = json(try facet("folders", file, "--json").stdout)
        #expect((json["status"] as? [String: Any])?["code"] as? String == "folder.not_a_directory")
        let badSort = try facet("folders", tree.path, "--sort", "colour")
        #expect(badSort.status == 2)
    }

    @Test func hostileNamesAreShownSanitised() throws {
        tree.file("esc\u{1B}[31mred\u{1B}]0;title\u{07}/f", "x")
        tree.file("new\nline/f", "x")
        let result = try facet("folders", tree.path)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("\u{07}"))
        #expect(result.stdout.contains("escred"))
        #expect(result.stdout.contains("new line"))
        // JSON keeps the real names (programs need them to act on the files).
        let items = items(json(try facet("folders", tree.path, "--json").stdout)).compactMap { $0["id"] as? String }
        #expect(Set(items) == ["esc\u{1B}[31mred\u{1B}]0;title\u{07}", "new\nline"])
    }

    @Test func helpReadsWell() throws {
        let help = try facet("help", "folders")
        #expect(help.status == 0)
        #expect(help.stdout.contains("facet folders [PATH] [--sort name|items|bytes] [--reverse] [--filter FILTER] [--files] [--cross-devices]"))
        #expect(help.stdout.contains("sort name|items|bytes"))
        #expect(try facet("help", "folder-rename").stdout.contains("rename [NAME]"))
        #expect(try facet().stdout.contains("folders [PATH]"))
    }
}

/// Apparent size (`du -b`) and disk usage (`du`) differ for a sparse file
/// and for small files in whole blocks: both are exact, and `--disk` (or
/// `toggle-usage`) sorts and shares by disk usage.
@Suite(.serialized) struct FolderDiskUsageTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-disk")

    func du(_ arguments: [String]) throws -> Int {
        Int(try DiskUsage.du(arguments).split(separator: "\t").first ?? "") ?? -1
    }

    @Test func apparentAndDiskSizesAreBothExactAndDiskSortsByBlocks() throws {
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.directory("sparse")
        let sparse = open(root + "/sparse/hole", O_CREAT | O_WRONLY, 0o644)
        #expect(ftruncate(sparse, 50_000_000) == 0)  // 50 MB apparent, no blocks
        close(sparse)
        tree.file("dense/data", bytes: [UInt8](repeating: 5, count: 200_000))
        let apparent = try FacetProcess.run(["folders", root, "--jsonl", "--fields", "name,bytes,disk"], home: home.path)
        #expect(apparent.status == 0, "\(apparent.stderr)")
        let rows = apparent.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(rows.map { $0["name"] as? String } == ["sparse", "dense"])
        for row in rows {
            let path = root + "/" + (row["name"] as? String ?? "")
            #expect(row["bytes"] as? Int == (try du(["-sb", path])))
            #expect(row["disk"] as? Int == (try du(["-s", "--block-size=1", path])))
        }
        let disk = try FacetProcess.run(["folders", root, "--disk", "--json"], home: home.path)
        let snapshot = try JSONSerialization.jsonObject(with: Data(disk.stdout.utf8)) as? [String: Any] ?? [:]
        let items = ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(items.map { $0["id"] as? String } == ["dense", "sparse"])
        let details = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        #expect(details.first { $0["id"] as? String == "disk" }?["data"] as? Int == (try du(["-s", "--block-size=1", root])))
        let toggled = try FacetProcess.run(["folders", root, "toggle-usage", "--jsonl", "--fields", "name"], home: home.path)
        #expect(toggled.stdout.split(separator: "\n").first?.contains("dense") == true, "\(toggled.stdout)")
    }
}
