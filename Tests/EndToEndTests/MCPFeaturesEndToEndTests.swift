import Foundation
import Testing
import TestSupport

/// Every feature through `facet --ui mcp`, driven by the official Python MCP
/// client (Tests/MCPClient/mcp_e2e.py, mode `features`), against the
/// loopback GitHub and photos fixtures: each feature's snapshot equals the
/// CLI's `--json` for the same steps, and each feature's error comes back
/// as a tool result with `isError` and its `structuredContent.error.code`.
@Suite(.serialized, .tags(.mcp, .cli))
struct MCPFeaturesEndToEndTests {
    static let clock = "1790000000"

    struct Run {
        let home = TemporaryDirectory("facet-mcp-features")
        let work = TemporaryDirectory("facet-mcp-work")
        let github: FixtureServer
        let photos: PhotosFixtureServer
        let facts: [String: Any]
        var environment: [String: String] { ["TZ": "UTC", "FACET_CLOCK": MCPFeaturesEndToEndTests.clock] }

        init() throws {
            github = try FixtureServer(arguments: ["--stars", "230"])
            photos = try PhotosFixtureServer.shared()
            facts = try MCPClientScript.run(
                "features", home: home.path, work: work.path,
                arguments: [github.baseURL, "http://127.0.0.1:\(photos.port)"],
                environment: ["TZ": "UTC", "FACET_CLOCK": MCPFeaturesEndToEndTests.clock])
        }

        func cli(_ arguments: String...) throws -> [String: Any] {
            let result = try FacetProcess.run(arguments, home: home.path, environment: environment)
            #expect(result.status == 0, "facet \(arguments.joined(separator: " ")): \(result.stderr)")
            return SnapshotJSON.object(result.stdout)
        }

        func snapshot(_ key: String) -> [String: Any] { SnapshotJSON.object(facts[key]) }

        func error(_ key: String) -> [String: Any] { SnapshotJSON.object(facts[key]) }
    }

    /// One run of the client for every test here (it takes a while): a
    /// failure to start it fails each test that needs it.
    nonisolated(unsafe) static var shared: Result<Run, any Error>?
    static let lock = NSLock()
    static func run() throws -> Run {
        try lock.withLock {
            if shared == nil { shared = Result { try Run() } }
            return try shared!.get()
        }
    }

    func expectSame(_ viaMCP: [String: Any], _ viaCLI: [String: Any], _ what: Comment) {
        #expect(!viaMCP.isEmpty, what)
        #expect(NSDictionary(dictionary: viaMCP) == NSDictionary(dictionary: viaCLI), what)
    }

    @Test(.tags(.playlists)) func playlistsMatchTheCLIAndAMissingFileIsAnErrorWithItsCode() throws {
        let run = try Self.run()
        expectSame(run.snapshot("playlist"), try run.cli("playlist", "Sample", "--sort", "title", "filter", "o", "--json"), "playlist")
        #expect(run.snapshot("playlist")["screen"] as? String == "playlist")
        #expect(run.error("playlistError")["isError"] as? Bool == true)
        #expect(run.error("playlistError")["code"] as? String == "playlist.unreadable")
    }

    @Test(.tags(.folders)) func foldersMatchTheCLIAndANameWithASlashIsAnErrorWithItsCode() throws {
        let run = try Self.run()
        let tree = run.work.path + "/tree"
        expectSame(run.snapshot("folders"), try run.cli("folders", tree, "--sort", "name", "sort", "size", "--json"), "folders")
        #expect(SnapshotJSON.items(run.snapshot("folders")).map { $0["title"] as? String } == ["a", "b", "c"])
        #expect(run.error("folderError")["isError"] as? Bool == true)
        #expect(run.error("folderError")["code"] as? String == "folder.invalid_name")
        #expect(run.facts["dirsAfterError"] as? [String] == ["a", "b", "c"])
    }

    @Test(.tags(.users)) func signInAndSettingsMatchTheCLIAndBadInputIsAnErrorWithItsCode() throws {
        let run = try Self.run()
        // The sign-in, as the CLI does it in a home of its own.
        let other = TemporaryDirectory("facet-mcp-features-cli")
        let signIn = try FacetProcess.run(
            ["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace", "--json"], home: other.path)
        #expect(signIn.status == 0)
        let viaMCP = run.snapshot("login")
        #expect(SnapshotJSON.status(viaMCP)["message"] as? String == "Created profile and signed in as Ada Lovelace.")
        #expect(SnapshotJSON.withoutSignInOnce(viaMCP) == SnapshotJSON.withoutSignInOnce(SnapshotJSON.object(signIn.stdout)))
        #expect(run.error("loginError")["isError"] as? Bool == true)
        #expect(run.error("loginError")["code"] as? String == "user.invalid_first_name")

        // The last setting saved through MCP, saved again through the CLI: the same screen.
        let photosURL = "http://127.0.0.1:\(run.photos.port)/ok"
        expectSame(run.snapshot("settings"), try run.cli("settings", "set", "photos-base-url", photosURL, "--json"), "settings")
        let saved = run.facts["settingsSaved"] as? [[String: Any]] ?? []
        #expect(saved.count == 3 && saved.allSatisfy { $0["isError"] as? Bool == false })
        #expect(run.error("settingsError")["isError"] as? Bool == true)
        #expect(run.error("settingsError")["code"] as? String == "settings.invalid_page_size")
    }

    @Test(.tags(.stars)) func starsMatchTheCLIAndNoGitHubUserIsAnErrorWithItsCode() throws {
        let run = try Self.run()
        #expect(SnapshotJSON.object(run.facts["starsRead"])["message"] as? String == "Read 230 starred repositories from GitHub.")
        let viaCLI = try run.cli("stars", "--refresh", "none", "filter", "project 7", "--json")
        expectSame(run.snapshot("stars"), viaCLI, "stars")
        #expect(!SnapshotJSON.items(viaCLI).isEmpty)
        #expect(run.error("starsError")["isError"] as? Bool == true)
        #expect(run.error("starsError")["code"] as? String == "stars.no_user")
    }

    @Test(.tags(.photos)) func photosMatchTheCLIAndAnAnswer500IsAnErrorWithItsCode() throws {
        let run = try Self.run()
        let viaCLI = try run.cli("photos", "select", "42", "--json")
        expectSame(run.snapshot("photos"), viaCLI, "photos")
        #expect(run.snapshot("photos")["title"] as? String != "Photos")
        #expect(run.error("photosError")["isError"] as? Bool == true)
        #expect(run.error("photosError")["code"] as? String == "photos.http_status")
        #expect((run.error("photosError")["message"] as? String)?.contains("answered HTTP 500") == true)
    }
}
