import Foundation
import Testing
import TestSupport

/// Folders the user may not read, scanned by the real binary as an ordinary
/// user (as `nobody` through `setpriv` when the suite runs as root): the
/// same assertions whoever runs the tests.
@Suite struct PermissionAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-perm")

    init() {
        Unprivileged.share(home.path, owned: true)
        Unprivileged.share(dir.path)
    }

    func scan(_ path: String) async throws -> [String: Any] {
        let result = try await Attack.shell(
            #"\#(Unprivileged.shellPrefix) "$FACET" folders "$P" --json"#, home: home.path, environment: ["P": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        return (try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]) ?? [:]
    }

    static func rows(_ snapshot: [String: Any]) -> [String: [String: Any]] {
        let list = (snapshot["content"] as? [String: Any])?["list"] as? [String: Any]
        let items = list?["items"] as? [[String: Any]] ?? []
        return Dictionary(items.compactMap { item in (item["id"] as? String).map { ($0, item) } }, uniquingKeysWith: { a, _ in a })
    }

    @Test func anUnreadableFolderIsMarkedCountedAndTheScanGoesOn() async throws {
        dir.file("open/f", "x")
        dir.file("locked/inner/f", "secret")
        for folder in ["open", "locked", "locked/inner"] { chmod(dir.path + "/" + folder, 0o755) }
        chmod(dir.path + "/locked", 0)
        defer { chmod(dir.path + "/locked", 0o755) }
        let snapshot = try await scan(dir.path)
        let rows = Self.rows(snapshot)
        #expect(Set(rows.keys) == ["open", "locked"], "\(rows.keys)")
        let locked = (rows["locked"]?["values"] as? [String: Any])?["error"] as? String
        #expect(locked?.localizedCaseInsensitiveContains("permission") == true, "\(String(describing: rows["locked"]))")
        #expect((rows["open"]?["values"] as? [String: Any])?["error"] == nil || (rows["open"]?["values"] as? [String: Any])?["error"] is NSNull)
        let status = snapshot["status"] as? [String: Any]
        #expect(String(describing: status).contains("1 folder could not be read"), "\(String(describing: status))")
    }

    @Test func loopsAndUnreadableFoldersAreScannedToTheEnd() async throws {
        dir.file("real/data", "12345")
        chmod(dir.path + "/real", 0o755)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/real/loop", withDestinationPath: "..")
        dir.file("closed/secret", "s")
        chmod(dir.path + "/closed", 0)
        defer { chmod(dir.path + "/closed", 0o755) }
        let rows = Self.rows(try await scan(dir.path))
        #expect(Set(rows.keys) == ["real", "closed"])
        #expect(((rows["closed"]?["values"] as? [String: Any])?["error"] as? String) != nil)
    }
}
