import Foundation
import Testing
import TestSupport

/// Files Facet writes cannot be redirected, and nothing but a regular file
/// is ever replaced: each case plants something at the export's path and
/// checks that what was there is exactly as it was, through the real binary.
@Suite struct WriteAttackTests {
    let home = TemporaryDirectory("facet-attack-home")
    let dir = TemporaryDirectory("facet-attack-writes")

    init() {
        dir.file("src/a/file", "aaaa")
        dir.file("src/b/file", "bbbbbbbb")
    }

    func export(_ target: String, _ extra: String = "") async throws -> Attack.Result {
        try await Attack.shell(#""$FACET" folders "$D/src" export "$T" \#(extra)"#, home: home.path,
                               environment: ["D": dir.path, "T": target])
    }

    /// The export is written to a new file and renamed over the target, so
    /// another name of the target's inode (a hard link planted by someone who
    /// could write the folder, or a backup made with `cp -l`) keeps its bytes;
    /// a write into the existing file would change both. No temporary file
    /// is left beside it.
    @Test func aHardLinkedTargetIsReplacedNotWrittenThrough() async throws {
        let important = dir.file("o/important", "keep me")
        #expect(link(important, dir.path + "/r.json") == 0)
        let result = try await export(dir.path + "/r.json", "--yes")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: important, encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: dir.path + "/r.json", encoding: .utf8).hasPrefix("[1,2,"))
        var info = stat()
        #expect(stat(important, &info) == 0 && info.st_nlink == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["o", "r.json", "src"])
    }

    @Test func aSymlinkAtTheTargetIsRefusedAndItsTargetKept() async throws {
        let important = dir.file("o/important", "keep me")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/r.json", withDestinationPath: important)
        let result = try await export(dir.path + "/r.json", "--yes")
        #expect(result.status != 0)
        #expect(result.stderr.contains("is a symbolic link, not a regular file"), "\(result.stderr)")
        #expect(try String(contentsOfFile: important, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/r.json") == important)
    }

    /// The node is made by the test in its own folder (a copy of /dev/null's
    /// numbers): replacing it with a file is what broke a machine as root.
    @Test func aDeviceNodeAFIFOAndASocketAreNeverReplaced() async throws {
        let made = try await Attack.shell(
            #"mknod "$D/null" c 1 3 && mkfifo "$D/fifo" && python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$D/sock""#,
            home: home.path, environment: ["D": dir.path])
        try #require(made.status == 0, "\(made.stderr)")
        for (name, what) in [("null", "a device"), ("fifo", "a FIFO"), ("sock", "a socket")] {
            let result = try await export(dir.path + "/" + name, "--yes")
            #expect(result.status != 0, "\(name)")
            #expect(result.stderr.contains("is \(what)"), "\(name): \(result.stderr)")
        }
        let kinds = try await Attack.shell(#"stat -c '%F %t:%T' "$D/null" "$D/fifo" "$D/sock""#, home: home.path, environment: ["D": dir.path])
        #expect(kinds.out.split(separator: "\n") == ["character special file 1:3", "fifo 0:0", "socket 0:0"], "\(kinds.out)")
    }

    @Test func anExistingFileIsReplacedOnlyWithYesAndKeepsItsModeAndOwner() async throws {
        let target = dir.file("r.json", "previous")
        chmod(target, 0o600)
        let refused = try await export(target)
        // Not a terminal: the question names the file and the command ends
        // unconfirmed, with the command that replaces it.
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("Replace \(target) (8 bytes)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was changed. To go ahead: facet folders"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "previous")

        // Root can keep another user's ownership; anyone keeps their own.
        let owner: uid_t = Attack.isRoot ? 65534 : geteuid()
        if Attack.isRoot { chown(target, owner, owner) }
        let replaced = try await export(target, "--yes")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        var info = stat()
        #expect(stat(target, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(info.st_uid == owner)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("[1,2,"))
    }

    @Test func aFolderAtTheTargetIsRefused() async throws {
        dir.directory("out.json")
        let result = try await export(dir.path + "/out.json", "--yes")
        #expect(result.status != 0)
        #expect(result.stderr.contains("is a folder, not a regular file"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/out.json").isEmpty)
    }
}
