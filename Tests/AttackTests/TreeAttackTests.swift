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

    /// Folders deleted while the binary scans: the scan is paused right
    /// after it has listed `t1` (the test-only `FACET_TEST_SCAN_PAUSE_AT`
    /// hook, a FIFO handshake), twenty of the folders it listed there are
    /// deleted, and the scan goes on. The output is then exact: those twenty
    /// reported as unreadable (vanished) on `t1`'s row and nowhere else, and
    /// the total is `du -sb` of what remains plus the twenty folders' own
    /// sizes (the listing had already counted them).
    @Test func aFolderDeletedWhileScannedIsNotFatal() async throws {
        let script = #"""
            ROOT=$(realpath "$(mktemp -d)")
            for a in $(seq 1 30); do mkdir -p "$ROOT/t$a"; for b in $(seq 1 60); do mkdir -p "$ROOT/t$a/s$b/x"; done; done
            FIFO="$ROOT.pause"; mkfifo "$FIFO"
            FACET_TEST_SCAN_PAUSE_AT="$ROOT/t1" FACET_TEST_SCAN_PAUSE_FIFO="$FIFO" "$FACET" folders "$ROOT" --json &
            PID=$!
            LISTED=$(timeout -k 5 60 bash -c 'read -r line < "$1" && echo "$line"' _ "$FIFO")
            echo "paused $LISTED" >&2
            [ -n "$LISTED" ] || kill -9 $PID
            OWN=0
            for b in $(seq 1 20); do OWN=$((OWN + $(stat -c %s "$ROOT/t1/s$b"))); rm -rf "$ROOT/t1/s$b"; done
            echo "own $OWN" >&2
            timeout -k 5 20 bash -c 'echo go > "$1"' _ "$FIFO"
            wait $PID; echo "status $?" >&2
            echo "du $(du -sb "$ROOT" | cut -f1)" >&2
            echo "root $ROOT" >&2
            rm -rf "$ROOT" "$FIFO"
            """#
        let result = try await Attack.shell(script, home: home.path)
        let facts = Dictionary(result.stderr.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        #expect(facts["status"] == "0", "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        let root = try #require(facts["root"], "\(result.stderr)")
        #expect(facts["paused"] == root + "/t1", "the scan never paused after listing t1: \(result.stderr)")

        let snapshot = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let content = try #require(snapshot["content"] as? [String: Any])
        let detail = try #require((content["detail"] as? [String: Any])?["rows"] as? [[String: Any]])
        func fact(_ id: String) -> [String: Any]? { detail.first { $0["id"] as? String == id } }
        let du = try #require(facts["du"].flatMap { Int64($0) })
        let own = try #require(facts["own"].flatMap { Int64($0) })
        #expect(own > 0)
        #expect((fact("bytes")?["data"] as? NSNumber)?.int64Value == du + own, "du \(du) + own \(own): \(String(describing: fact("bytes")))")
        #expect((fact("unreadable")?["data"] as? NSNumber)?.intValue == 20, "\(String(describing: fact("unreadable")))")
        #expect((fact("unreadable")?["value"] as? String)?.hasSuffix(": vanished)") == true)
        // 30 at the top; 120 below each, but t1 lost twenty `x` below the
        // twenty it listed.
        #expect((fact("folders")?["data"] as? NSNumber)?.intValue == 30 + 29 * 120 + 100)

        let items = try #require((content["list"] as? [String: Any])?["items"] as? [[String: Any]])
        let values = Dictionary(uniqueKeysWithValues: items.compactMap { item -> (String, [String: Any])? in
            guard let id = item["id"] as? String, let values = item["values"] as? [String: Any] else { return nil }
            return (id, values)
        })
        #expect(Set(values.keys) == Set((1...30).map { "t\($0)" }))
        let t1 = try #require(values["t1"])
        #expect(t1["error"] as? String == "20 folders inside could not be read", "\(t1)")
        #expect((t1["folders"] as? NSNumber)?.intValue == 100)
        let marked = values.filter { !($0.value["error"] is NSNull) && $0.value["error"] != nil }.map(\.key)
        #expect(marked == ["t1"], "\(marked)")
        for (name, row) in values where name != "t1" {
            #expect((row["folders"] as? NSNumber)?.intValue == 120, "\(name)")
        }
    }
}
