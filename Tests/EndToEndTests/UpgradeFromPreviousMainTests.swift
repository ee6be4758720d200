import Foundation
import Testing
import TestSupport

/// A database made by the release before features moved into folders of
/// their own (`Fixtures/database-before-feature-folders.sqlite`: the sample
/// playlist, an imported M3U playlist, a signed-in user with saved settings)
/// opens in today's `facet` with everything in it, because every feature
/// kept the migration identifiers it had shipped.
@Suite struct UpgradeFromPreviousMainTests {
    let home = TemporaryDirectory("facet-upgrade")

    init() throws {
        let fixture = FixtureServer.repositoryRoot + "/Tests/EndToEndTests/Fixtures/database-before-feature-folders.sqlite"
        try FileManager.default.copyItem(atPath: fixture, toPath: home.path + "/facet.sqlite")
    }

    func facet(_ arguments: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path)
    }

    @Test func theEarlierDatabaseOpensWithItsPlaylistsUserAndSettings() throws {
        let playlists = try facet("playlists")
        #expect(playlists.status == 0, "\(playlists.stderr)")
        #expect(playlists.stdout.contains("Jazz    2 songs  /tmp/jazz.m3u"))
        #expect(playlists.stdout.contains("Sample  7 songs  embedded:songs.json"))

        let jazz = try facet("playlist", "Jazz")
        #expect(jazz.stdout.contains("So What  Miles Davis        3:45  /music/so-what.mp3"))

        let whoami = try facet("whoami")
        #expect(whoami.stdout.contains("Signed in as         Ada Lovelace"))

        let settings = try facet("settings")
        // Read as words: later settings may widen the table's columns.
        let rows = settings.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["GitHub", "username", "github-user", "octocat"]), "\(settings.stdout)")
        #expect(rows.contains(["Page", "size", "page-size", "25"]), "\(settings.stdout)")
    }

    @Test func itTakesNoMigrationTwiceAndCanStillBeWritten() throws {
        let list = home.path + "/road.m3u"
        try "#EXTM3U\n#EXTINF:200,Kraftwerk - Autobahn\n/music/autobahn.mp3\n".write(toFile: list, atomically: true, encoding: .utf8)
        let imported = try facet("playlists", "import", list, "--name", "Road")
        #expect(imported.status == 0, "\(imported.stderr)")
        let applied = try BoundedProcess.run(
            "/usr/bin/env", ["sqlite3", home.path + "/facet.sqlite", "SELECT count(*), count(DISTINCT identifier) FROM grdb_migrations"])
        // Every migration once: as many rows as identifiers, and at least the
        // thirteen of the release the fixture was made with.
        let counts = applied.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] >= 13, "\(applied.stdout)")
    }
}
