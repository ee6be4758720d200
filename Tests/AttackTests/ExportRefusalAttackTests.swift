import Foundation
import Testing
import TestSupport

/// An export file that cannot be written (README: "refused before anything
/// is walked"): into a missing folder or a read-only one, the binary says
/// so, exits 1, creates nothing, and never reads the tree. Whether the tree
/// was read is seen from outside: each of its folders gets an access time
/// far in the past, which the kernel moves forward (relatime) as soon as a
/// walk lists the folder; a successful export shows the probe works.
@Suite struct ExportRefusalAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-export")
    let folders = ["src", "src/a", "src/a/deep", "src/b"]

    init() {
        dir.file("src/a/deep/file", "aaaa")
        dir.file("src/b/file", "bbbbbbbb")
    }

    func export(_ target: String) async throws -> Attack.Result {
        try await Attack.shell(#""$FACET" folders "$D/src" export "$T""#, home: home.path, environment: ["D": dir.path, "T": target])
    }

    /// Sets every folder's access time to 2001.
    func ageFolders() throws {
        for folder in folders {
            // The second entry is UTIME_OMIT: the modification time stays.
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)]
            try #require(utimensat(AT_FDCWD, dir.path + "/" + folder, &times, 0) == 0)
        }
    }

    /// The folders whose access time moved since `ageFolders` (read since).
    func readFolders() -> [String] {
        folders.filter { folder in
            var info = stat()
            return stat(dir.path + "/" + folder, &info) == 0 && info.st_atim.tv_sec != 1_000_000_000
        }
    }

    @Test func intoAMissingFolderIsRefusedBeforeTheWalk() async throws {
        try ageFolders()
        let result = try await export(dir.path + "/missing/out.json")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Cannot write \(dir.path)/missing/out.json: no such file or directory; nothing was written."),
                "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/missing"))
        #expect(readFolders() == [], "the tree was walked")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["src"])

        // The probe sees a walk: a writable target walks every folder.
        let written = try await export(dir.path + "/out.json")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(readFolders() == folders)
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
        try ageFolders()
        let result = try await export(target + "/out.json")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Cannot write \(target)/out.json:"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"), "\(result.stderr)")
        #expect(!Attack.crashed(result.stderr))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
        #expect(readFolders() == [], "the tree was walked")
    }
}
