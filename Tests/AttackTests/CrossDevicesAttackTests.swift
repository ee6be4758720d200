import Foundation
import Testing
import TestSupport

/// `--cross-devices` (README: other file systems are not entered without
/// it, like `du -x`): a tmpfs mounted by the test inside its folder holds a
/// file; without the flag neither the file nor its bytes are counted, with
/// it they are. Needs root to mount (CI and the dev machines run as root).
@Suite struct CrossDevicesAttackTests {
    let home = TemporaryDirectory("facet-attack-home")

    func total(_ arguments: String, _ root: String) async throws -> (files: Int, bytes: Int, status: Int32) {
        let result = try await Attack.shell(#""$FACET" folders "$R" --json \#(arguments)"#, home: home.path, environment: ["R": root])
        let snapshot = (try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]) ?? [:]
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        func value(_ id: String) -> Int { rows.first { $0["id"] as? String == id }?["data"] as? Int ?? -1 }
        return (value("files"), value("bytes"), result.status)
    }

    @Test func anotherFileSystemIsCountedOnlyWithCrossDevices() async throws {
        guard let mount = Attack.Mount(megabytes: 4) else {
            #expect(!Attack.isRoot, "could not mount a tmpfs as root")
            return
        }
        // The mount point is `mnt` inside the scanned folder.
        let root = (mount.path as NSString).deletingLastPathComponent
        FileManager.default.createFile(atPath: root + "/here", contents: Data(count: 1000))
        FileManager.default.createFile(atPath: mount.path + "/there", contents: Data(count: 300_000))

        let without = try await total("", root)
        let with = try await total("--cross-devices", root)
        #expect(without.status == 0 && with.status == 0)
        #expect(without.files == 1, "only the file on the scanned file system")
        #expect(with.files == 2)
        #expect(with.bytes - without.bytes >= 300_000, "\(without) \(with)")
        #expect(without.bytes < 300_000)
    }
}
