import Foundation
import Testing
import TestSupport

/// Sizes from the disk are checked arithmetic too: two sparse files that
/// each claim nearly 8 EiB overflow a 64-bit sum, which used to trap and end
/// the process (and with it a shared server). The total now holds at the
/// largest size. The files live on a tmpfs in a mount namespace of the
/// test's own, which allows such sizes for root and ordinary users alike.
@Suite struct SparseSizeAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-sparse")

    @Test func filesWhoseSizesOverflowASumAreScannedNotACrash() async throws {
        let script = #"""
            unshare -rm bash -c '
              mount -t tmpfs -o size=1m tmpfs "$D" || { echo "mount-failed"; exit 0; }
              mkdir "$D/big" "$D/small" && truncate -s 8000000000000000000 "$D/big/a" "$D/big/b" && echo x > "$D/small/f"
              "$FACET" folders "$D" --files --jsonl; echo "status $?"
              "$FACET" folders "$D" delete big 2>&1; echo "asked $?"
              echo "du-small $(du -sb "$D/small" | cut -f1)"
            '
            """#
        let result = try await Attack.shell(script, home: home.path, environment: ["D": dir.path])
        #expect(!result.out.contains("mount-failed"), "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr), "\(result.stderr)")
        #expect(result.out.contains("status 0"), "\(result.out) \(result.stderr)")
        // The question is asked (and, with no terminal, not answered: its own status).
        #expect(result.out.contains("asked 3"), "\(result.out) \(result.stderr)")
        #expect(result.out.contains(", 2 files)?"), "\(result.out)")
        let rows = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let big = rows.first { $0["id"] as? String == "big" }
        #expect(big?["bytes"] as? Int64 == Int64.max || big?["bytes"] as? Int == Int.max, "\(String(describing: big))")
        let du = result.out.split(separator: "\n").first { $0.hasPrefix("du-small ") }.flatMap { Int($0.dropFirst(9)) }
        #expect(du != nil && rows.first { $0["id"] as? String == "small" }?["bytes"] as? Int == du, "\(result.out)")
    }
}
