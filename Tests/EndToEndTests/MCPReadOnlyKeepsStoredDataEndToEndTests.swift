import Foundation
import Testing
import TestSupport

/// `facet --ui mcp --read-only` over real stdin and stdout, against the
/// loopback GitHub and photos fixtures: opening a screen whose parameters
/// would sync or refetch (`open_stars {refresh: full}`, `open_photos`) must
/// leave every stored byte as it was and send no credential anywhere.
@Suite(.tags(.mcp, .stars, .photos))
struct MCPReadOnlyKeepsStoredDataEndToEndTests {
    let home = TemporaryDirectory("facet-home")

    func facet(_ arguments: String...) throws {
        let run = try FacetProcess.run(arguments, home: home.path)
        #expect(run.status == 0, "facet \(arguments.joined(separator: " ")): \(run.stderr)")
    }

    func dump() throws -> String { try SQLiteDump.of(home: home.path) }

    func call(_ session: JSONLSession, _ tool: String, _ arguments: [String: Any]) throws -> [String: Any] {
        let response = try session.request("tools/call", ["name": tool, "arguments": arguments], timeout: 60)
        return response["result"] as? [String: Any] ?? ["error": response["error"] ?? "none"]
    }

    func text(_ result: [String: Any]) -> String { ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "\(result)" }

    @Test func openingScreensThatWouldSyncChangesNothingStored() throws {
        // Twelve stars and the photos cached from the fixtures, signed in with a token.
        let twelve = try FixtureServer(arguments: ["--stars", "12"])
        let photos = try PhotosFixtureServer.shared()
        try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        try facet("settings", "set", "github-user", "octo")
        try facet("settings", "set", "github-token", "good-readonly-token")
        try facet("settings", "set", "github-base-url", twelve.baseURL)
        try facet("settings", "set", "photos-base-url", photos.baseURL())
        try facet("stars", "--refresh", "full")
        try facet("photos")
        // Now the servers would answer with fewer stars and fewer photos:
        // a sync or a refetch would show in the database.
        let three = try FixtureServer(arguments: ["--stars", "3"])
        try facet("settings", "set", "github-base-url", three.baseURL)
        try facet("settings", "set", "photos-base-url", photos.baseURL("count/2"))
        let before = try dump()
        #expect(before.contains("project-00011"), "the cache should hold twelve stars")

        let session = try JSONLSession(home: home.path, arguments: ["--ui", "mcp", "--read-only"])
        _ = try session.request("initialize", [
            "protocolVersion": "2025-06-18", "capabilities": [:] as [String: Any],
            "clientInfo": ["name": "read-only-test", "version": "1"],
        ])
        session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let full = try call(session, "open_stars", ["refresh": "full"])
        #expect(full["isError"] as? Bool == true, "\(full)")
        #expect(text(full).contains("--read-only") && text(full).contains("refresh"), "\(text(full))")
        let plain = try call(session, "open_stars", [:])
        #expect(plain["isError"] as? Bool == false, "\(plain)")
        #expect(text(plain).contains("project-00011"), "the cached stars are shown: \(text(plain))")
        let auto = try call(session, "open_stars", ["refresh": "auto"])
        #expect(auto["isError"] as? Bool == true, "\(auto)")
        let cached = try call(session, "open_photos", [:])
        #expect(cached["isError"] as? Bool == false, "\(cached)")
        let fetching = try call(session, "open_photos", ["offline": false])
        #expect(fetching["isError"] as? Bool == true, "\(fetching)")
        // Whatever a screen started in the background has had its chance to run.
        _ = try call(session, "screen_snapshot", ["handle": "h1"])
        #expect(try session.finish(timeout: 60) == 0)

        #expect(try dump() == before, "the read-only session changed the database")
        let requests = try three.log()
        #expect(requests.isEmpty, "the read-only session reached GitHub: \(requests)")
    }
}
