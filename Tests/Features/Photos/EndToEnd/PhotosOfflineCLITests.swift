import Foundation
import Testing
import TestSupport

/// Offline is not failure: when the photos server cannot be reached,
/// `facet photos` prints the cached rows on stdout (table, `--jsonl`,
/// `--json` alike), says on stderr how old they are, and exits 0; with
/// nothing cached it is an error (exit 1). The server is a real loopback
/// process, stopped after the first fetch; the cache is the real SQLite file.
@Suite struct PhotosOfflineCLITests {
    let home = TemporaryDirectory("facet-photos-offline")
    static let fetchedAt = 1_790_000_000
    static let later = ["FACET_CLOCK": String(fetchedAt + 3 * 3600)]

    func facet(_ arguments: String..., extra: [String: String] = [:]) throws -> FacetProcess.Result {
        let environment = ["FACET_CLOCK": String(Self.fetchedAt), "FACET_HTTP_TIMEOUT_MS": "1000",
                           "FACET_HTTP_RETRY_BASE_MS": "5"].merging(extra) { $1 }
        return try FacetProcess.run(arguments, home: home.path, environment: environment)
    }

    func signIn(photosAt url: String) throws {
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set", "photos-base-url", url).status == 0)
    }

    @Test func offlineWithACachePrintsTheRowsWarnsAndExitsZero() throws {
        // A server of this test's own (not the shared one), so it can be stopped.
        var server: PhotosFixtureServer? = try PhotosFixtureServer()
        try signIn(photosAt: server!.baseURL("ok"))
        let online = try facet("photos", "--jsonl")
        #expect(online.status == 0, "\(online.stderr)")
        let onlineRows = online.stdout.split(separator: "\n").count
        #expect(onlineRows > 0)
        server = nil

        let table = try facet("photos", extra: Self.later)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("tenetur odio non"), "\(table.stdout)")
        #expect(table.stderr.contains("Photos server 127.0.0.1 unreachable; showing the cache from 3 hours ago."),
                "\(table.stderr)")

        let rows = try facet("photos", "--jsonl", extra: Self.later)
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(rows.stdout.split(separator: "\n").count == onlineRows)
        #expect(rows.stderr.contains("showing the cache from 3 hours ago"))

        let json = try facet("photos", "--json", extra: Self.later)
        #expect(json.status == 0)
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((snapshot["status"] as? [String: Any])?["kind"] as? String == "warning")
        #expect((snapshot["status"] as? [String: Any])?["code"] as? String == "photos.connection_refused")

        // Asking for fresh photos explicitly still fails: that is what was asked.
        let reload = try facet("photos", "--offline", "reload", extra: Self.later)
        #expect(reload.status == 1)
    }

    /// A changed `photos-base-url` that cannot be reached shows the old
    /// server's list: the warning and the Source row both say it is that
    /// server's, not the one the setting names now.
    @Test func theCacheOfAnEarlierServerSaysWhereItCameFrom() throws {
        let server = try PhotosFixtureServer()
        let old = server.baseURL("ok")
        try signIn(photosAt: old)
        #expect(try facet("photos", "--jsonl").status == 0)
        let closed = "http://127.0.0.1:\(LoopbackPort.vacant())/ok"
        #expect(try facet("settings", "set", "photos-base-url", closed).status == 0)

        let table = try facet("photos", extra: Self.later)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stderr.contains("It was fetched from \(old), an earlier photos-base-url."), "\(table.stderr)")
        let offline = try facet("photos", "--offline", extra: Self.later)
        let source = offline.stderr.split(separator: "\n").first { $0.hasPrefix("Source") }
        #expect(source?.hasSuffix("\(old) (an earlier photos-base-url)") == true, "\(offline.stderr)")
        // Programs still read the bare address.
        let json = PhotoSnapshot.object(try facet("photos", "--offline", "--json", extra: Self.later).stdout)
        let rows = ((json["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["id"] as? String == "source" }?["data"] as? String == old, "\(rows)")
    }

    @Test func offlineWithoutACacheIsAnError() throws {
        try signIn(photosAt: "http://127.0.0.1:\(LoopbackPort.vacant())/ok")
        let result = try facet("photos")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Could not connect"), "\(result.stderr)")
    }
}
