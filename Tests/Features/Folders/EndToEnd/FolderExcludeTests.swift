import Foundation
import Testing
import TestSupport

/// `--exclude PATTERN` through the built binary on a real tree, against the
/// real `du -sb --exclude=PATTERN`: the totals are equal, excluded names are
/// not rows, the status counts them, a bad pattern is a usage error, an
/// export leaves them out, and an excluded name created later is not counted.
@Suite(.serialized) struct FolderExcludeTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-exclude-tree")
    var root: String { tree.path.replacingOccurrences(of: "//", with: "/") }

    init() {
        tree.file("app/.git/objects/ab/cdef", String(repeating: "g", count: 7000))
        tree.file("app/.git/HEAD", "ref: refs/heads/main\n")
        tree.file("app/src/main.swift", String(repeating: "s", count: 1200))
        tree.file("app/node_modules/left-pad/index.js", String(repeating: "n", count: 9000))
        tree.file("app/src/node_modules/deep/x.js", String(repeating: "d", count: 3000))
        tree.file("web/build.cache", String(repeating: "c", count: 4000))
        tree.file("web/index.html", String(repeating: "h", count: 800))
        tree.file("web/.cache", String(repeating: "c", count: 600))
        tree.file("node_modules/top/y.js", String(repeating: "t", count: 2500))
        tree.file("notes.cache", String(repeating: "z", count: 333))
        tree.file("readme.txt", "hello\n")
    }

    func snapshot(_ arguments: [String]) throws -> [String: Any] {
        let result = try FacetProcess.run(arguments + ["--json"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    static func total(_ snapshot: [String: Any]) -> Int? {
        let details = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return details.first { $0["id"] as? String == "bytes" }?["data"] as? Int
    }

    static func rowNames(_ snapshot: [String: Any]) -> [String] {
        let items = ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["id"] as? String }
    }

    /// `du -sb --exclude=…` of `path`: its total in bytes.
    func du(_ path: String, excluding patterns: [String]) throws -> Int {
        let text = try DiskUsage.du(["-sb"] + patterns.map { "--exclude=\($0)" } + [path])
        return try #require(Int(text.split(separator: "\t").first ?? ""), "du said \(text)")
    }

    /// (A pattern matching the opened folder's own name is left out: du
    /// would exclude the operand itself, a screen always shows its folder.)
    @Test(arguments: [
        [".git"], ["node_modules"], ["*.cache"], [".git", "node_modules", "*.cache"], ["[nr]*"], ["*.*"], ["nothing-matches"],
    ])
    func totalsEqualDu(patterns: [String]) throws {
        let excluding = patterns.flatMap { ["--exclude", $0] }
        for path in [root, root + "/app"] {
            let shown = try snapshot(["folders", path, "--files"] + excluding)
            #expect(Self.total(shown) == (try du(path, excluding: patterns)), "\(patterns) at \(path)")
        }
        // Without patterns the same tree is larger (so equality above is not by chance).
        #expect((try du(root, excluding: [])) > (try du(root, excluding: [".git", "node_modules", "*.cache"])))
    }

    @Test func excludedNamesAreNotRowsAndTheStatusCountsThem() throws {
        let shown = try snapshot(["folders", root, "--files", "--exclude", ".git", "--exclude", "node_modules", "--exclude", "*.cache"])
        #expect(Set(Self.rowNames(shown)) == ["app", "web", "readme.txt"])
        let status = shown["status"] as? [String: Any]
        // .git, app/node_modules, app/src/node_modules, web/build.cache,
        // web/.cache, node_modules, notes.cache.
        #expect(status?["message"] as? String == "7 entries excluded (.git, node_modules, *.cache).", "\(String(describing: status))")
        let inside = try snapshot(["folders", root + "/app", "--files", "--exclude", ".git", "--exclude", "node_modules"])
        #expect(Self.rowNames(inside) == ["src"])
        // Opening a row keeps the patterns (and du's total) below it.
        let opened = try snapshot(["folders", root, "--files", "--exclude", ".git", "--exclude", "node_modules", "open", "app"])
        #expect(Self.rowNames(opened) == ["src"])
        #expect(Self.total(opened) == (try du(root + "/app", excluding: [".git", "node_modules"])))
        let plain = try snapshot(["folders", root, "--files"])
        #expect(Set(Self.rowNames(plain)) == ["app", "web", "node_modules", "notes.cache", "readme.txt"])
    }

    @Test func aBadPatternIsAUsageError() throws {
        for (pattern, words) in [("a/b", "patterns match entry names, not paths"), ("[ab", "without its closing ']'"),
                                 ("", "empty"), ("x\\", "lone")] {
            let result = try FacetProcess.run(["folders", root, "--exclude", ".git", "--exclude", pattern], home: home.path)
            #expect(result.status == 2, "\(pattern): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(pattern): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(pattern): \(result.stdout)")
        }
    }

    @Test func anExportLeavesExcludedEntriesOut() throws {
        let file = tree.path + "/../facet-exclude-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try FacetProcess.run(
            ["folders", root, "--exclude", "node_modules", "--exclude", ".git", "export", file, "--yes"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("node_modules") && !text.contains("\".git\"") && !text.contains("left-pad"))
        #expect(text.contains("main.swift"))
        // Browsing the export gives du's total with the same patterns.
        let imported = try snapshot(["folders", "--import", file])
        #expect(Self.total(imported) == (try du(root, excluding: ["node_modules", ".git"])))
    }

    @Test func anExcludedNameCreatedLaterIsNotCounted() throws {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request(
            "screen.open", ["screen": "folders", "params": ["path": root, "exclude": "node_modules\n*.cache"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let waited = try session.request("screen.wait", ["handle": handle])
        let before = try #require(Self.total(Self.snapshot(of: waited)))
        #expect(before == (try du(root, excluding: ["node_modules", "*.cache"])))
        try session.notificationsSettle()

        // Excluded names first (deep and at the top), then one counted file:
        // once the counted one shows, the excluded ones have been seen too.
        tree.file("web/node_modules/big/z.js", String(repeating: "x", count: 50_000))
        tree.file("more.cache", String(repeating: "x", count: 50_000))
        tree.file("app/fresh.cache", String(repeating: "x", count: 50_000))
        try? FileManager.default.createDirectory(atPath: root + "/node_modules/late", withIntermediateDirectories: true)
        tree.file("node_modules/late/w.js", String(repeating: "x", count: 50_000))
        tree.file("web/counted.txt", String(repeating: "k", count: 100))
        let grown = try session.notification(timeout: 5) { message in
            (Self.total(Self.snapshot(of: message)) ?? 0) > before
        }
        #expect((Self.total(Self.snapshot(of: grown)) ?? 0) < before + 50_000)
        // Whatever else the changes brought, the screen settles on du's
        // figure: the excluded files' events may still be arriving, so the
        // screen is read again after each change until it agrees or time is up.
        let expected = try du(root, excluding: ["node_modules", "*.cache"])
        var shown: Int?
        let deadline = Date().addingTimeInterval(30)
        repeat {
            shown = Self.total(Self.snapshot(of: try session.request("screen.wait", ["handle": handle])))
            if shown == expected { break }
            _ = try? session.notification(timeout: 0.5) { _ in true }
        } while Date() < deadline
        #expect(shown == expected, "the screen shows \(shown.map(String.init) ?? "no total"), du \(expected)")
        #expect(try session.finish() == 0)
    }

    static func snapshot(of message: [String: Any]) -> [String: Any] {
        (message["result"] as? [String: Any] ?? message["params"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }
}
