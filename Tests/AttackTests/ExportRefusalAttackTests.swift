import Foundation
import Testing
import TestSupport

/// An export file that cannot be written (README: "refused before anything
/// is walked"): into a missing folder or a read-only one, the binary says
/// so, exits 1, creates nothing, and never scans the tree. Whether the
/// screen scanned it is seen through the scanner's test hook
/// (`FACET_TEST_SCAN_PAUSE_AT`), pointed at a plain file instead of a FIFO:
/// a listing of the folder writes its path there and goes on. (An outside
/// probe such as access times also sees whatever else on the machine reads
/// the folders.) A plain scan with the same hook shows the probe works.
@Suite struct ExportRefusalAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-export")
    let probe = TemporaryDirectory("facet-attack-probe")

    init() {
        dir.file("src/a/deep/file", "aaaa")
        dir.file("src/b/file", "bbbbbbbb")
        probe.file("listed", "")
    }

    /// The folder as the scanner names it (normalized: the temporary
    /// folder's path may hold a doubled slash).
    var top: String { (dir.path + "/src").replacingOccurrences(of: "//", with: "/") }

    var hook: [String: String] {
        ["FACET_TEST_SCAN_PAUSE_AT": top, "FACET_TEST_SCAN_PAUSE_FIFO": probe.path + "/listed"]
    }

    func export(_ target: String) async throws -> Attack.Result {
        try await Attack.shell(#""$FACET" folders "$D/src" export "$T""#, home: home.path,
                               environment: hook.merging(["D": dir.path, "T": target]) { $1 })
    }

    /// Whether Facet's scanner listed the tree's top folder since the start.
    func scanned() -> Bool {
        ((try? String(contentsOfFile: probe.path + "/listed", encoding: .utf8)) ?? "").contains(top)
    }

    /// The probe sees a scan: a plain `folders` command lists the folder.
    func expectTheProbeSeesAScan() async throws {
        let plain = try await Attack.shell(#""$FACET" folders "$D/src" >/dev/null"#, home: home.path,
                                           environment: hook.merging(["D": dir.path]) { $1 })
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(scanned(), "the probe did not see a plain scan")
    }

    @Test func intoAMissingFolderIsRefusedBeforeTheWalk() async throws {
        let result = try await export(dir.path + "/missing/out.json")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Cannot write \(dir.path)/missing/out.json: no such file or directory; nothing was written."),
                "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/missing"))
        #expect(!scanned(), "the tree was scanned")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["src"])
        try await expectTheProbeSeesAScan()
        // And a writable target is exported.
        let written = try await export(dir.path + "/out.json")
        #expect(written.status == 0, "\(written.stderr)")
    }

    /// Read-only for everyone, root included: a read-only tmpfs as root
    /// (root writes through mode bits), a 0555 folder otherwise.
    @Test func intoAReadOnlyFolderIsRefusedBeforeTheWalk() async throws {
        let mount = Attack.Mount(megabytes: 1)
        let fallback = TemporaryDirectory("facet-attack-readonly")
        let target: String
        if let mount {
            #expect(try mount.remountReadOnly())
            target = mount.path
        } else {
            #expect(!Attack.isRoot, "could not mount a tmpfs as root")
            target = fallback.directory("ro")
            chmod(target, 0o555)
        }
        let result = try await export(target + "/out.json")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Cannot write \(target)/out.json:"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"), "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
        #expect(!scanned(), "the tree was scanned")
        try await expectTheProbeSeesAScan()
    }
}
