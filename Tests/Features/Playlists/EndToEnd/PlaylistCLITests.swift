import Foundation
import Testing
import TestSupport

/// The built `facet` binary, driven as a user would from a shell.
@Suite struct PlaylistCLITests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func facet(_ args: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path)
    }

    @Test func freshInstallShowsTheEmbeddedSample() throws {
        let result = try facet("playlist", "Sample")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Bohemian Rhapsody"))
        // For a pipe, the rows alone on stdout; the lines about them on
        // stderr, ending with the footer: no warning, no error.
        #expect(result.stdout.split(separator: "\n").count == 7, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("Sample\n") && result.stderr.hasSuffix("\n1–7 of 7, by position\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("✗") && !result.stderr.contains("! "), "\(result.stderr)")
    }

    @Test func helpIsGeneratedFromTheScreens() throws {
        let global = try facet()
        #expect(global.status == 0)
        #expect(global.stdout.contains("playlists"))
        #expect(global.stdout.contains("playlist NAME"))
        let screen = try facet("help", "playlist")
        #expect(screen.stdout.contains("move-song ITEM TO"))
        #expect(screen.stdout.contains("sort title|artist|duration|position"))
        #expect(try facet("playlists", "--help").stdout.contains("import PATH [--name NAME]"))
    }

    @Test func importShowFilterSortPageEdit() throws {
        let path = files.file("Road Trip.m3u", "#EXTM3U\n#EXTINF:1,Zed - Alpha\na.mp3\n#EXTINF:1,Amy - Beta\nb.mp3\n#EXTINF:1,Max - Gamma\nc.mp3\n")
        let imported = try facet("playlists", "import", path)
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("Imported 3 songs into \"Road Trip\"."))
        #expect(try facet("playlist", "Road Trip", "--sort", "artist").stdout.range(of: "Beta")!.lowerBound
            < facet("playlist", "Road Trip", "--sort", "artist").stdout.range(of: "Gamma")!.lowerBound)
        let filtered = try facet("playlist", "Road Trip", "--filter", "amm")
        #expect(filtered.stdout.contains("Gamma") && !filtered.stdout.contains("Alpha"))
        #expect(try facet("playlist", "Road Trip", "move-song", "3", "1").status == 0)
        let moved = try JSONSerialization.jsonObject(with: Data(facet("playlist", "Road Trip", "--json").stdout.utf8)) as? [String: Any]
        let items = ((moved?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]]
        #expect(items?.map { $0["title"] as? String } == ["Gamma", "Alpha", "Beta"])
        #expect(try facet("playlist", "Road Trip", "remove-song", "1", "--yes").status == 0)
        #expect(try facet("playlist", "Road Trip", "rename", "Trip").status == 0)
        #expect(try facet("playlist", "Trip").stderr.contains("1–2 of 2"))
        #expect(try facet("playlist", "Trip", "delete", "--yes").status == 0)
        #expect(try facet("playlist", "Trip").status == 1)
    }

    @Test func pagingThroughTheCLI() throws {
        let records = (1...120).map { #"{"title":"T\#($0)","artist_name":"A","cover":""}"# }.joined(separator: ",")
        let path = files.file("many.json", #"{"result":[\#(records)]}"#)
        #expect(try facet("playlists", "import", path, "--name", "Many").status == 0)
        let page3 = try facet("playlist", "Many", "--page", "3")
        #expect(page3.stderr.contains("101–120 of 120"))
        #expect(page3.stderr.contains("Page      3 of 3"))
        #expect(page3.stdout.hasPrefix("T101 "), "the page's rows alone: \(page3.stdout)")
        let tooFar = try facet("playlist", "Many", "--page", "9")
        #expect(tooFar.status == 1)
        #expect(tooFar.stderr.contains("Page 9 does not exist (1…3)."))
    }

    @Test func badFilesFailWithNamedCauseAndStoreNothing() throws {
        let cases: [(String, String, String)] = [
            ("malformed.json", "{\"result\": [ {\"title\": \"a\" ", "not valid JSON"),
            ("noresult.json", #"{"songs": []}"#, #"field "result": the key is missing"#),
            ("types.json", #"{"result":[{"title":1,"artist_name":"x"}]}"#, #"record 1, field "title": expected a string, found a number"#),
            ("empty.json", "", "the file is empty"),
        ]
        for (name, contents, expected) in cases {
            let result = try facet("playlists", "import", files.file(name, contents))
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr.contains(expected), "\(name): \(result.stderr)")
            #expect(result.stderr.contains(name), "\(name) should be named: \(result.stderr)")
        }
        let binary = files.file("song.m3u", bytes: [0x23, 0x45, 0x58, 0x54, 0x4D, 0x33, 0x55, 0x0A, 0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        #expect(try facet("playlists", "import", binary).stderr.contains("not valid UTF-8"))
        let missing = try facet("playlists", "import", files.path + "/nope.json")
        #expect(missing.status == 1 && missing.stderr.contains("no such file or directory"))
        let emptyDir = files.directory("nothing")
        #expect(try facet("playlists", "import", emptyDir).stderr.contains("no audio files"))
        // Nothing was stored by any of them: only the sample is there.
        let list = try facet("playlists", "--json")
        let rows = ((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["content"] as? [String: Any]).flatMap { ($0["list"] as? [String: Any])?["items"] as? [Any] }
        #expect(rows?.count == 1)
    }

    @Test func duplicateNameIsRefused() throws {
        let path = files.file("a.m3u", "x.mp3\n")
        #expect(try facet("playlists", "import", path, "--name", "Dup").status == 0)
        let again = try facet("playlists", "import", path, "--name", "dup")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try facet("nosuchscreen").status == 2)
        #expect(try facet("playlist").status == 2)  // NAME missing
        #expect(try facet("playlist", "Sample", "explode").status == 2)
        #expect(try facet("playlist", "Sample", "page", "abc").status == 2)
        #expect(try facet("playlist", "Sample", "--sort", "colour").status == 2)
        #expect(try facet("--ui", "nope").status == 2)
        let unknown = try facet("playlist", "Sample", "--bogus", "1")
        #expect(unknown.status == 2 && unknown.stderr.contains("no option --bogus"))
    }

    @Test func escapeSequencesInDataArePrintedSanitised() throws {
        let evil = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mRed"
        let path = files.file("evil.json", #"{"result":[{"title":"\#(evil.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined())","artist_name":"x"}]}"#)
        #expect(try facet("playlists", "import", path, "--name", "Evil").status == 0)
        let shown = try facet("playlist", "Evil")
        #expect(shown.stdout.contains("EvilRed"))
        #expect(!shown.stdout.contains("\u{1B}"))
        #expect(!shown.stdout.contains("\u{07}"))
        // --json keeps the data exact (JSON escapes it); only terminals get it stripped.
        #expect(try facet("playlist", "Evil", "--json").stdout.contains(#"Evil\u001b]0;pwned\u0007"#))
    }

    @Test func filterWithSQLMetacharacters() throws {
        let path = files.file("meta.m3u", "#EXTINF:1,A - 100% Pure\na.mp3\n#EXTINF:1,B - under_score\nb.mp3\n#EXTINF:1,C - O'Brien\nc.mp3\n")
        #expect(try facet("playlists", "import", path, "--name", "Meta").status == 0)
        for (needle, expected) in [("%", "100% Pure"), ("_", "under_score"), ("'", "O'Brien")] {
            let out = try facet("playlist", "Meta", "--filter", needle)
            #expect(out.stdout.contains(expected) && out.stderr.contains("1–1 of 1"), "\(needle): \(out.stdout)\(out.stderr)")
        }
    }

    @Test func twoProcessesImportingAtOnce() throws {
        let records = (1...30_000).map { #"{"title":"T\#($0)","artist_name":"A","cover":""}"# }.joined(separator: ",")
        let one = files.file("one.json", #"{"result":[\#(records)]}"#)
        let two = files.file("two.json", #"{"result":[\#(records)]}"#)
        let results = [one, two].map { path in
            DispatchQueue.global().asyncResult { try FacetProcess.run(["playlists", "import", path], home: self.home.path) }
        }.map { $0.wait() }
        for result in results { #expect(try result.get().status == 0, "\(String(describing: try? result.get().stderr))") }
        let list = try facet("playlists")
        #expect(list.stdout.contains("one") && list.stdout.contains("two"))
        let rows = Self.items(try facet("playlists", "--json").stdout)
        #expect(rows.filter { ($0["values"] as? [String: Any])?["songs"] as? Int == 30_000 }.count == 2)
    }

    /// Relative paths are stored as absolute ones: the stored source still
    /// names the file from any other directory.
    @Test func relativeImportPathsAreStoredAbsolute() throws {
        files.file("road.m3u", "#EXTM3U\n#EXTINF:215,Queen - One\na.mp3\n#EXTINF:-1,Two\nb.mp3\n")
        files.file("mp3dir/Artist - Song.mp3", "")
        let root = URL(fileURLWithPath: files.path).resolvingSymlinksInPath().path  // as getcwd(3) names it
        for typed in ["road.m3u", "./mp3dir/"] {
            let result = try FacetProcess.run(["playlists", "import", typed], home: home.path, currentDirectory: files.path)
            #expect(result.status == 0, "\(typed): \(result.stderr)")
        }
        let rows = Self.items(try facet("playlists", "--json").stdout)
        let sources = Dictionary(uniqueKeysWithValues: rows.compactMap { row -> (String, String)? in
            guard let values = row["values"] as? [String: Any], let name = values["name"] as? String else { return nil }
            return (name, values["source"] as? String ?? "null")
        })
        #expect(sources["road"] == root + "/road.m3u")
        #expect(sources["mp3dir"] == root + "/mp3dir")
        // The M3U lengths are kept, as whole seconds (unknown is null).
        let songs = Self.items(try facet("playlist", "road", "--json").stdout)
        #expect(songs.map { ($0["values"] as? [String: Any])?["duration"] as? Int } == [215, nil])
        #expect(songs.first.flatMap { ($0["values"] as? [String: Any])?["position"] as? Int } == 1)
        #expect(songs.first.flatMap { ($0["values"] as? [String: Any])?["location"] as? String } == root + "/a.mp3")
        let folder = Self.items(try facet("playlist", "mp3dir", "--json").stdout)
        #expect(folder.first.flatMap { ($0["values"] as? [String: Any])?["location"] as? String } == root + "/mp3dir/Artist - Song.mp3")
    }

    static func items(_ json: String) -> [[String: Any]] {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return ((object?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    @Test func databaseFileIsPrivate() throws {
        _ = try facet("playlists")
        let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/facet.sqlite")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

extension DispatchQueue {
    /// Runs `body` on this queue; `wait()` on the result blocks until it is done.
    func asyncResult<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> PendingResult<T> {
        let pending = PendingResult<T>()
        async {
            pending.set(Result { try body() })
        }
        return pending
    }
}

final class PendingResult<T: Sendable>: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) {
        self.result = result
        semaphore.signal()
    }

    func wait() -> Result<T, any Error> {
        semaphore.wait()
        return result!
    }
}
