import Foundation
import Testing
import TestSupport

/// One list grammar on every list screen, through the built binary and a
/// real database: `--sort` over every sortable column, `--reverse`,
/// `--filter` with case ignored, headers that are the field ids, `--json
/// a,b` as `gh` prints it, and one way of naming an item per screen.
@Suite struct ListGrammarCLITests {
    static let listScreens = ["playlists", "playlist", "folders", "stars", "photos"]

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    static func objects(_ text: String) -> [[String: Any]] {
        lines(text).compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func column(_ text: String, _ field: String) -> [String] {
        objects(text).map { value in
            switch value[field] {
            case let text as String: text
            case let number as NSNumber: number.stringValue
            default: "null"
            }
        }
    }

    @Test func everyListScreenTakesSortReverseAndFilter() throws {
        let world = CLIExampleWorld()
        for screen in Self.listScreens {
            let help = try world.facet(["help", screen])
            #expect(help.status == 0)
            let usage = Self.lines(help.stdout).first ?? ""
            for option in ["--sort", "--reverse", "--filter"] {
                #expect(usage.contains(option), "facet help \(screen): no \(option) in \(usage)")
            }
            let sort = Self.lines(help.stdout).first { $0.hasPrefix("  sort ") } ?? ""
            #expect(sort.contains("--reverse"), "\(screen)'s sort action takes no --reverse: \(sort)")
        }
    }

    @Test func playlistsSortByEveryColumnReverseAndFilterInAnyCase() throws {
        let world = CLIExampleWorld()
        #expect(try world.facet(["playlists", "import", "road.m3u"]).status == 0)
        #expect(try world.facet(["playlists", "import", world.home + "/Music/trip.m3u"]).status == 0)
        func names(_ words: String...) throws -> [String] {
            let result = try world.facet(["playlists"] + words + ["--fields", "name"])
            #expect(result.status == 0, "\(words): \(result.stderr)")
            return Self.column(result.stdout, "name")
        }
        #expect(try names() == ["road", "Sample", "trip"])
        #expect(try names("--reverse") == ["trip", "Sample", "road"])
        #expect(try names("--sort", "songs") == ["trip", "Sample", "road"])
        #expect(try names("--sort", "songs", "--reverse") == ["road", "Sample", "trip"])
        #expect(try names("sort", "songs", "--reverse") == ["road", "Sample", "trip"])
        #expect(try names("--filter", "TRIP") == ["trip"])
        #expect(try names("filter", "M3U") == ["road", "trip"])
        for key in ["name", "songs", "imported", "source", "format"] {
            #expect(try world.facet(["playlists", "--sort", key]).status == 0, "--sort \(key)")
        }
    }

    @Test func aPlaylistSortsByDurationAndReversesAnyOrder() throws {
        let world = CLIExampleWorld()
        #expect(try world.facet(["playlists", "import", "road.m3u"]).status == 0)
        func titles(_ words: String...) throws -> [String] {
            let result = try world.facet(["playlist", "road"] + words + ["--fields", "title"])
            #expect(result.status == 0, "\(words): \(result.stderr)")
            return Self.column(result.stdout, "title")
        }
        // Lengths longest first; the unknown one last either way.
        #expect(try titles("--sort", "duration") == ["Bohemian Rhapsody", "Waterloo", "Africa"])
        #expect(try titles("--sort", "duration", "--reverse") == ["Waterloo", "Bohemian Rhapsody", "Africa"])
        #expect(try titles("--reverse") == ["Africa", "Waterloo", "Bohemian Rhapsody"])
        #expect(try titles("sort", "title", "--reverse") == ["Waterloo", "Bohemian Rhapsody", "Africa"])
        #expect(try titles("--filter", "QUEEN") == ["Bohemian Rhapsody"])
    }

    @Test func foldersKeepBothSpellingsOfReverseAndFilterNames() throws {
        let world = CLIExampleWorld()
        func names(_ words: String...) throws -> [String] {
            let result = try world.facet(["folders", "photos"] + words + ["--fields", "name"])
            #expect(result.status == 0, "\(words): \(result.stderr)")
            return Self.column(result.stdout, "name")
        }
        #expect(try names() == ["2024", "2023"])
        #expect(try names("--reverse") == ["2023", "2024"])
        #expect(try names("sort", "size", "--reverse") == ["2023", "2024"])
        #expect(try names("--sort", "name") == ["2023", "2024"])
        #expect(try names("--sort", "name", "--reverse") == ["2024", "2023"])
        #expect(try names("sort", "name", "--descending") == ["2024", "2023"])
        #expect(try names("--filter", "24") == ["2024"])
    }

    @Test func photosReverseAndFilterIgnoringCase() throws {
        let world = CLIExampleWorld()
        try world.signIn()
        try world.usePhotosStandIn()
        let forwards = try world.facet(["photos", "--sort", "id", "--fields", "id"])
        let backwards = try world.facet(["photos", "--sort", "id", "--reverse", "--fields", "id"])
        #expect(forwards.status == 0 && backwards.status == 0, "\(backwards.stderr)")
        #expect(Self.column(forwards.stdout, "id").prefix(2) == ["1", "2"])
        #expect(Self.column(backwards.stdout, "id").prefix(2) == ["5000", "4999"])
        let titles = Self.column(try world.facet(["photos", "--sort", "title", "--fields", "title"]).stdout, "title")
        let reversed = Self.column(try world.facet(["photos", "--sort", "title", "--reverse", "--fields", "title"]).stdout, "title")
        #expect(titles.first != reversed.first)
        let word = try #require(titles.first?.split(separator: " ").first.map(String.init))
        let filtered = try world.facet(["photos", "--filter", word.uppercased(), "--fields", "title"])
        #expect(filtered.status == 0)
        #expect(!Self.column(filtered.stdout, "title").isEmpty)
        #expect(Self.column(filtered.stdout, "title").allSatisfy { $0.lowercased().contains(word.lowercased()) })
    }

    @Test func starsFilterLanguageInAnyCaseReverseAndOneWayToNameARepository() throws {
        let world = CLIExampleWorld()
        try world.signIn()
        try world.useGitHubStandIn()
        let go = try world.facet(["stars", "--refresh", "none", "--language", "go", "--fields", "language"])
        #expect(go.status == 0, "\(go.stderr)")
        #expect(!Self.column(go.stdout, "language").isEmpty)
        #expect(Self.column(go.stdout, "language").allSatisfy { $0 == "Go" })
        let search = try world.facet(["stars", "--refresh", "none", "--search", "project-00001", "--fields", "id"])
        let filter = try world.facet(["stars", "--refresh", "none", "--filter", "PROJECT-00001", "--fields", "id"])
        #expect(!search.stdout.isEmpty && search.stdout == filter.stdout)
        let most = Self.column(try world.facet(["stars", "--refresh", "none", "--sort", "stars", "--fields", "stars"]).stdout, "stars")
        let least = Self.column(
            try world.facet(["stars", "--refresh", "none", "--sort", "stars", "--reverse", "--fields", "stars"]).stdout, "stars")
        #expect(Int(most.first ?? "") ?? 0 > Int(least.first ?? "") ?? 0)
        #expect(try world.facet(["stars", "--refresh", "none", "--sort", "language"]).status == 0)

        // The id `--jsonl` prints and `owner/name` work for every action that takes a repository.
        let first = try #require(Self.objects(
            try world.facet(["stars", "--refresh", "none", "--fields", "id,full_name"]).stdout).first)
        let id = try #require(first["id"] as? String)
        let name = try #require(first["full_name"] as? String)
        for item in [id, name] {
            let opened = try world.facet(["stars", "--refresh", "none", "open-url", item])
            #expect(opened.status == 0, "open-url \(item): \(opened.stderr)")
            #expect(opened.stdout.contains(name))
            let details = try world.facet(["stars", "--refresh", "none", "open", item, "--jsonl"])
            #expect(details.status == 0, "open \(item): \(details.stderr)")
            let repo = try world.facet(["repo", item, "--jsonl"])
            #expect(repo.status == 0, "repo \(item): \(repo.stderr)")
            #expect(Self.objects(repo.stdout).first?["full_name"] as? String == name)
        }
        let nonsense = try world.facet(["stars", "--refresh", "none", "open-url", "not a repository"])
        #expect(nonsense.status == 2)
        #expect(nonsense.stderr.contains("owner/name"))
    }

    /// The header you read is the key you type: `--sort` takes a column's
    /// id (its field, its CLI header, in any case) or the label the TUI and
    /// the web page show, and nothing else.
    @Test func sortTakesTheFieldIdInAnyCaseOrTheLabel() throws {
        let world = CLIExampleWorld()
        try world.signIn()
        try world.useGitHubStandIn()
        func starred(_ key: String) throws -> [String] {
            let result = try world.facet(["stars", "--refresh", "none", "--sort", key, "--fields", "starred_at"])
            #expect(result.status == 0, "--sort \(key): \(result.stderr)")
            return Self.column(result.stdout, "starred_at")
        }
        let newest = try starred("starred_at")
        #expect(newest.count > 1)
        #expect(newest == newest.sorted(by: >))
        #expect(try starred("STARRED_AT") == newest)
        #expect(try starred("Starred") == newest)
        for key in ["full_name", "pushed_at", "stars", "language"] {
            let result = try world.facet(["stars", "--refresh", "none", "--sort", key])
            #expect(result.status == 0, "--sort \(key): \(result.stderr)")
        }
        let old = try world.facet(["stars", "--refresh", "none", "--sort", "pushed"])
        #expect(old.status == 2)
        #expect(old.stderr.contains("starred_at") && old.stderr.contains("pushed_at"), "\(old.stderr)")
        func sizes(_ key: String) throws -> [String] {
            let result = try world.facet(["folders", "photos", "--sort", key, "--fields", "name"])
            #expect(result.status == 0, "--sort \(key): \(result.stderr)")
            return Self.column(result.stdout, "name")
        }
        #expect(try sizes("bytes") == ["2024", "2023"])
        #expect(try sizes("BYTES") == ["2024", "2023"])
        #expect(try sizes("size") == ["2024", "2023"])
        #expect(try world.facet(["folders", "photos", "--sort", "items"]).status == 0)
        // For a pipe, the header is on stderr (the rows alone on stdout).
        let table = try world.facet(["folders", "photos", "--sort", "items"]).stderr
        #expect(table.contains("ITEMS ▼") || table.contains("ITEMS ▲"), "\(table)")
    }

    @Test func headersAreFieldIdsAndFieldsSayWhichExist() throws {
        let world = CLIExampleWorld()
        // For a pipe, the title and the header go to stderr.
        let table = try world.facet(["playlists"])
        let header = Self.lines(table.stderr).dropFirst().first ?? ""
        for id in ["NAME", "SONGS", "SOURCE", "FORMAT", "IMPORTED"] { #expect(header.contains(id), "\(header)") }
        #expect(!header.contains("PLAYLIST"))
        let songs = Self.lines(try world.facet(["playlist", "Sample"]).stderr).first { $0.hasPrefix("TITLE") } ?? ""
        #expect(songs.contains("POSITION") && !songs.contains("#"))
        let folders = try world.facet(["folders", "photos"])
        #expect(folders.stderr.contains("BYTES") && !folders.stderr.contains("SIZE"))
        // What the header shows is what --fields takes, in either case.
        let upper = try world.facet(["folders", "photos", "--fields", "NAME,BYTES"])
        #expect(upper.status == 0)
        #expect(Self.objects(upper.stdout).first?.keys.sorted() == ["bytes", "name"])
        let wrong = try world.facet(["folders", "photos", "--fields", "name,size"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("no field 'size'") && wrong.stderr.contains("bytes"))
    }

    @Test func jsonWithFieldsPrintsThemAsGhDoes() throws {
        let world = CLIExampleWorld()
        let list = try world.facet(["playlist", "Sample", "--json", "title,position"])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 7)
        #expect(rows.first?.keys.sorted() == ["position", "title"])
        let equals = try world.facet(["playlists", "--json=name"])
        #expect((try JSONSerialization.jsonObject(with: Data(equals.stdout.utf8)) as? [[String: Any]])?.first?["name"] as? String == "Sample")
        // A screen without a list: one object.
        let detail = try world.facet(["folders", "photos", "detail", "2024", "--json", "files,bytes"])
        #expect(detail.status == 0, "\(detail.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(detail.stdout.utf8)) as? [String: Any]
        #expect(object?.keys.sorted() == ["bytes", "files"])
        #expect(object?["files"] as? Int == 1)
        // Bare --json is still the whole snapshot, before or after the command.
        for words in [["playlists", "--json"], ["--json", "playlists"], ["--json", "playlist", "Sample"], ["playlists", "--json", "reload"]] {
            let whole = try world.facet(words)
            #expect(whole.status == 0, "\(words): \(whole.stderr)")
            #expect((try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? [String: Any])?["screen"] != nil, "\(words)")
        }
        let unknown = try world.facet(["playlists", "--json", "title"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no field 'title'") && unknown.stderr.contains("fields: id, name"))
    }
}
