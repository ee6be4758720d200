import Foundation
import Testing
import TestSupport

/// A signed-in user's `FACET_HOME` whose `photos-base-url` points at the
/// loopback fixture, for driving the built binary as a person would.
struct PhotosHome {
    /// A fixed clock (seconds since 1970) for every process, so snapshots
    /// taken by different processes carry the same fetch time.
    static let clock = "1790000000"
    let home = TemporaryDirectory("facet-photos")
    let fixture: PhotosFixtureServer
    var environment: [String: String]

    init(mode: String? = "ok", environment: [String: String] = [:]) throws {
        fixture = try PhotosFixtureServer.shared()
        self.environment = ["FACET_CLOCK": Self.clock].merging(environment) { $1 }
        let signIn = try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        #expect(signIn.status == 0, "\(signIn.stderr)")
        if let mode { try use(mode) }
    }

    /// Points `photos-base-url` at the fixture's `mode` (or any URL given whole).
    func use(_ mode: String) throws {
        let url = mode.hasPrefix("http") ? mode : fixture.baseURL(mode)
        let set = try facet("settings", "set", "photos-base-url", url)
        #expect(set.status == 0, "\(set.stderr)")
    }

    func facet(_ arguments: String..., environment extra: [String: String] = [:]) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path, environment: environment.merging(extra) { $1 })
    }

    func facet(_ arguments: [String], environment extra: [String: String] = [:]) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path, environment: environment.merging(extra) { $1 })
    }

    func jsonl() throws -> JSONLSession {
        try JSONLSession(home: home.path, environment: environment)
    }
}

/// Small readers for snapshot JSON.
enum PhotoSnapshot {
    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    static func list(_ snapshot: [String: Any]) -> [String: Any] {
        (snapshot["content"] as? [String: Any])?["list"] as? [String: Any] ?? [:]
    }

    static func items(_ snapshot: [String: Any]) -> [[String: Any]] {
        list(snapshot)["items"] as? [[String: Any]] ?? []
    }

    static func status(_ snapshot: [String: Any]) -> [String: Any] {
        snapshot["status"] as? [String: Any] ?? [:]
    }

    static func detail(_ snapshot: [String: Any], _ id: String) -> [String: Any]? {
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]]
        return rows?.first { $0["id"] as? String == id }
    }
}
