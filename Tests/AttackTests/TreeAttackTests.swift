import Foundation
import Testing
import TestSupport

/// Trees built to break a scanner, through the real binary.
@Suite struct TreeAttackTests {
    let home = TemporaryDirectory("facet-attack-home")

    /// The Total row of `facet folders PATH --json`, in bytes.
    static func total(_ json: Data) -> Int64? {
        guard let snapshot = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let content = snapshot["content"] as? [String: Any],
              let detail = content["detail"] as? [String: Any],
              let rows = detail["rows"] as? [[String: Any]],
              let total = rows.first(where: { $0["label"] as? String == "Total" })?["value"] as? String
        else { return nil }
        let digits = total.split(separator: "(").last?.split(separator: " ").first?.filter(\.isNumber) ?? ""
        return Int64(digits)
    }

    @Test func aDeepChainScansToDuTotals() async throws {
        // On tmpfs where there is one: ext4 takes a minute to delete it.
        let script = """
            ROOT=$(mktemp -d /dev/shm/facet-attack-XXXXXX 2>/dev/null || mktemp -d)
            python3 - "$ROOT" \(Attack.deepLevels) <<'PY'
            import os, sys
            fd = os.open(sys.argv[1], os.O_RDONLY)
            for level in range(int(sys.argv[2])):
                os.mkdir("d", dir_fd=fd)
                if level % 5000 == 0:
                    with open(os.open("f", os.O_CREAT | os.O_WRONLY, 0o644, dir_fd=fd), "w") as f: f.write("x" * level)
                nxt = os.open("d", os.O_RDONLY, dir_fd=fd); os.close(fd); fd = nxt
            PY
            du -sb "$ROOT" | cut -f1 >&2
            "$FACET" folders "$ROOT" --json; echo "status $?" >&2
            rm -rf "$ROOT" &
            """
        let result = try await Attack.shell(script, home: home.path)
        #expect(result.stderr.contains("status 0"), "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        let du = Int64(result.stderr.split(separator: "\n").first ?? "")
        #expect(du != nil && Self.total(result.stdout) == du, "du \(String(describing: du)), facet \(String(describing: Self.total(result.stdout)))")
    }

    @Test func loopsProcAndUnreadableFoldersAreScannedToTheEnd() async throws {
        let dir = TemporaryDirectory("facet-attack-tree")
        dir.file("real/data", "12345")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/real/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/self", withDestinationPath: "self")
        dir.file("closed/secret", "s")
        chmod(dir.path + "/closed", 0)
        defer { chmod(dir.path + "/closed", 0o755) }
        for path in [dir.path, "/proc/self", "/sys/kernel"] {
            let result = try await Attack.shell(#""$FACET" folders "$P" --json >/dev/null"#, home: home.path, environment: ["P": path])
            #expect(result.status == 0, "\(path): \(result.stderr)")
            #expect(!Attack.crashed(result.stderr), "\(path)")
        }
    }

    @Test func aFolderDeletedWhileScannedIsNotFatal() async throws {
        let script = #"""
            ROOT=$(mktemp -d)
            for a in $(seq 1 30); do mkdir -p "$ROOT/t$a"; for b in $(seq 1 60); do mkdir -p "$ROOT/t$a/s$b/x"; done; done
            ( sleep 0.02; rm -rf "$ROOT"/t1* "$ROOT"/t2* ) &
            "$FACET" folders "$ROOT" >/dev/null; echo "status $?"
            wait; rm -rf "$ROOT"
            """#
        let result = try await Attack.shell(script, home: home.path)
        #expect(result.out.contains("status 0"), "\(result.out) \(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
    }
}
