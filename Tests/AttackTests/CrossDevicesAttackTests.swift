import Foundation
import Testing
import TestSupport

/// `--cross-devices` (README: other file systems are not entered without
/// it, like `du -x`): a tmpfs mounted inside the scanned folder holds a
/// file; without the flag neither the file nor its bytes are counted, with
/// it they are. The tmpfs is mounted in a mount namespace of the test's own
/// (`unshare -rm`), which root and ordinary users alike may make, so both
/// run the same assertions.
@Suite struct CrossDevicesAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-crossdev")

    @Test func anotherFileSystemIsCountedOnlyWithCrossDevices() async throws {
        let script = #"""
            unshare -rm bash -c '
              mkdir "$R/mnt" && mount -t tmpfs -o size=4m tmpfs "$R/mnt" || { echo "mount-failed"; exit 0; }
              head -c 1000 /dev/zero > "$R/here" && head -c 300000 /dev/zero > "$R/mnt/there"
              echo "without $("$FACET" folders "$R" --json | tr -d "\n")"
              echo "with $("$FACET" folders "$R" --json --cross-devices | tr -d "\n")"
            '
            """#
        let result = try await Attack.shell(script, home: home.path, environment: ["R": dir.path])
        #expect(!result.out.contains("mount-failed"), "could not mount a tmpfs in a namespace of our own: \(result.stderr)")
        func total(_ label: String) -> (files: Int, bytes: Int) {
            let line = result.out.split(separator: "\n").first { $0.hasPrefix(label + " ") }.map { $0.dropFirst(label.count + 1) } ?? ""
            let snapshot = (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
            let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
            func value(_ id: String) -> Int { rows.first { $0["id"] as? String == id }?["data"] as? Int ?? -1 }
            return (value("files"), value("bytes"))
        }
        let without = total("without")
        let with = total("with")
        #expect(without.files == 1, "only the file on the scanned file system: \(result.out)")
        #expect(with.files == 2, "\(result.out)")
        #expect(with.bytes - without.bytes >= 300_000, "\(without) \(with)")
        #expect(without.bytes >= 0 && without.bytes < 300_000)
    }
}
