import Foundation
import Testing
import TestSupport

/// `--limit N` and `--all` through the built binary and a real database:
/// every list screen prints the rows asked for, in the screen's order, with
/// its filter and sort, in every output mode; bad values are usage errors.
@Suite struct ListStreamingTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func facet(_ arguments: [String]) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path)
    }

    /// A 300-song playlist named `big`: "Song N" by "Artist N mod 7".
    func importBig() throws {
        var songs: [String] = []
        for index in 1...300 {
            songs.append(#"{"title":"Song \#(index)","artist_name":"Artist \#(index % 7)","cover":"https://c.example/\#(index).jpg"}"#)
        }
        let path = files.file("big.json", #"{"result":["# + songs.joined(separator: ",") + "]}")
        let result = try facet(["playlists", "import", path, "--name", "big"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func allPrintsEveryRowInOrderAndLimitTheFirstN() throws {
        try importBig()
        let window = try facet(["playlist", "big", "--jsonl"])
        #expect(objects(window.stdout).count < 300)

        let all = try facet(["playlist", "big", "--all", "--jsonl"])
        #expect(all.status == 0)
        #expect(all.stderr.isEmpty)
        let rows = objects(all.stdout)
        #expect(rows.count == 300)
        #expect(rows.map { $0["position"] as? Int } == Array(1...300).map { Optional($0) })

        let limited = try facet(["playlist", "big", "--limit", "120", "--jsonl"])
        #expect(limited.status == 0)
        #expect(objects(limited.stdout).map { $0["id"] as? String } == (1...120).map { Optional(String($0)) })

        let fields = try facet(["playlist", "big", "--limit=3", "--fields", "id,title"])
        #expect(fields.stdout == #"""
            {"id":"1","title":"Song 1"}
            {"id":"2","title":"Song 2"}
            {"id":"3","title":"Song 3"}

            """#)
    }

    @Test func filterAndSortHoldAcrossPages() throws {
        try importBig()
        // Songs with a "1" in title or artist, by title: more than one page of the screen.
        let result = try facet(["playlist", "big", "--filter", "1", "--sort", "title", "--all", "--fields", "title"])
        #expect(result.status == 0)
        let titles = objects(result.stdout).compactMap { $0["title"] as? String }
        let expected = (1...300).filter { "Song \($0)".contains("1") || $0 % 7 == 1 }.map { "Song \($0)" }
            .sorted { $0.lowercased() < $1.lowercased() }
        #expect(titles.count > 50)
        #expect(titles == expected)
    }

    @Test func jsonAndTableCarryEveryRow() throws {
        try importBig()
        let json = try facet(["playlist", "big", "--all", "--json"])
        #expect(json.status == 0)
        let snapshot = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let list = (snapshot?["content"] as? [String: Any])?["list"] as? [String: Any]
        #expect((list?["items"] as? [Any])?.count == 300)
        #expect(list?["hasMore"] as? Bool == false)
        #expect(json.stdout.split(separator: "\n").count == 1)

        let limited = try facet(["playlist", "big", "--limit", "120", "--json"])
        let cut = try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [String: Any]
        let cutList = (cut?["content"] as? [String: Any])?["list"] as? [String: Any]
        #expect((cutList?["items"] as? [Any])?.count == 120)
        #expect(cutList?["hasMore"] as? Bool == true)

        let table = try facet(["playlist", "big", "--all"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Song ") }.count == 300)
        #expect(lines.last?.hasPrefix("Song ") == true)
        #expect(lines.count == 300, "the rows alone on stdout for a pipe: \(lines.prefix(3))")
        #expect(table.stderr.contains("\n1–300 of 300"), "the footer, on stderr for a pipe: \(table.stderr)")
        // One table: the header once (on stderr), every row aligned to it.
        let above = table.stderr.split(separator: "\n")
        #expect(above.filter { $0.hasPrefix("TITLE") }.count == 1)
        let position = above.first { $0.hasPrefix("TITLE") }.map { $0.count }
        #expect(lines.filter { $0.hasPrefix("Song ") }.allSatisfy { $0.count == position })
    }

    @Test func badValuesAreUsageErrors() throws {
        try importBig()
        for arguments in [["--limit", "0"], ["--limit", "x"], ["--limit", "-3"], ["--limit"], ["--all", "--limit", "3"],
                          ["--limit=2", "--all"]] {
            let result = try facet(["playlist", "big", "--jsonl"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains("--limit"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func chainedLoadMoreWidensTheWindow() throws {
        try importBig()
        let result = try facet(["playlist", "big", "load-more", "load-more", "--jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(objects(result.stdout).count == 150)
        #expect(result.stderr.contains("--all"))
    }

    @Test func foldersPrintEverySubfolder() throws {
        // More subfolders than the screen's window holds.
        let count = 1_050
        for index in 1...count { files.file(String(format: "tree/d%04d/f", index), "x") }
        let window = try facet(["folders", files.path + "/tree", "--jsonl"])
        #expect(objects(window.stdout).count < count)
        let all = try facet(["folders", files.path + "/tree", "--sort", "name", "--all", "--fields", "name"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(objects(all.stdout).compactMap { $0["name"] as? String } == (1...count).map { String(format: "d%04d", $0) })
        let limited = try facet(["folders", files.path + "/tree", "--limit", "1020", "--jsonl"])
        #expect(objects(limited.stdout).count == 1020)
    }

    @Test func photosAndStarsFromTheirFixtureServers() throws {
        let photos = try PhotosFixtureServer()
        let github = try FixtureServer()
        #expect(try facet(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"]).status == 0)
        let set = try facet([
            "settings", "set-field", "photos-base-url", photos.baseURL(), "set-field", "github-base-url", github.baseURL,
            "set-field", "github-user", "octo",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try facet(["photos"]).status == 0)
        #expect(try facet(["stars"]).status == 0)

        let allPhotos = try facet(["photos", "--offline", "--all", "--fields", "id"])
        #expect(allPhotos.status == 0, "\(allPhotos.stderr)")
        let ids = objects(allPhotos.stdout).compactMap { $0["id"] as? String }
        #expect(ids.count == 5000)
        #expect(Set(ids).count == 5000)
        let window = objects(try facet(["photos", "--offline", "--fields", "id"]).stdout).compactMap { $0["id"] as? String }
        #expect(!window.isEmpty && Array(ids.prefix(window.count)) == window)
        #expect(objects(try facet(["photos", "--offline", "--limit", "120", "--jsonl"]).stdout).count == 120)

        let allStars = try facet(["stars", "--refresh", "none", "--all", "--fields", "id"])
        #expect(allStars.status == 0, "\(allStars.stderr)")
        let stars = objects(allStars.stdout).compactMap { $0["id"] as? String }
        #expect(stars.count == 250)
        #expect(Set(stars).count == 250)
        #expect(objects(try facet(["stars", "--refresh", "none", "--limit", "70", "--jsonl"]).stdout).count == 70)
    }
}
