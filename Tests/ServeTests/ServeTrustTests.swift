import Foundation
import Testing
import TestSupport

/// `facet --connect` attaches only to a server of the user's own, and both
/// ends refuse a socket folder someone else could write in: a socket or a
/// folder of another user, a world-writable folder, a process of another
/// user behind a socket file of ours. Nothing is sent to a server that is
/// refused. Switching users needs root; as anyone else these tests only
/// check the folder's mode.
@Suite struct ServeTrustTests {
    static let nobody: uid_t = 65534
    static var isRoot: Bool { geteuid() == 0 }

    /// A stand-in server (python) on `path` that reports what it received:
    /// `listening`, then `received N bytes` once a client has come and gone.
    /// With `asNobody` it binds as root (so the socket file is root's) and
    /// becomes user 65534 before listening: the kernel then names 65534 as
    /// the server to whoever connects.
    func fakeServer(_ path: String, asNobody: Bool) throws -> BoundedProcess {
        let server = try BoundedProcess("/usr/bin/python3", ["-I", "-c", """
            import os, socket, sys
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])
            if sys.argv[2] == "nobody":
                os.setgroups([]); os.setresgid(65534, 65534, 65534); os.setresuid(65534, 65534, 65534)
            s.listen(8)
            print("listening", flush=True)
            c, _ = s.accept()
            c.settimeout(20)
            data = b""
            while True:
                chunk = c.recv(65536)
                if not chunk: break
                data += chunk
            print("received %d bytes" % len(data), flush=True)
            """, path, asNobody ? "nobody" : "self"])
        #expect(server.waitFor { server.stdout.contains("listening") }, "\(server.stderr)")
        return server
    }

    func connect(_ socket: String, home: String, _ arguments: [String] = ["settings", "set", "github-token", "s3cret"])
        throws -> (status: Int32?, stdout: String, stderr: String)
    {
        try BoundedProcess.run(
            FacetProcess.binary, ["--connect", socket] + arguments,
            environment: FacetProcess.environment(home: home), timeout: 30)
    }

    @Test func aServerRunByAnotherUserBehindOurSocketFileIsRefusedAndSentNothing() throws {
        try #require(Self.isRoot, "making a socket, folder or server of another user needs root (CI runs as root); as an ordinary user this check cannot be made")
        let place = TemporaryDirectory("facet-trust-peer")
        let socket = place.path + "/facet.sock"
        let server = try fakeServer(socket, asNobody: true)
        var info = stat()
        #expect(lstat(socket, &info) == 0 && info.st_uid == geteuid(), "the socket file is ours")

        let attached = try connect(socket, home: place.path)
        #expect(attached.status == 1)
        #expect(attached.stderr.contains("not connecting to \(socket): the server on \(socket) runs as user 65534, not as you (user 0)"), "\(attached.stderr)")
        // The stand-in saw a connection come and go without a byte.
        #expect(server.finish(timeout: 20) == 0)
        #expect(server.stdout.contains("received 0 bytes"), "\(server.stdout)")
    }

    @Test func aSocketFileOfAnotherUserIsRefusedBeforeConnecting() throws {
        try #require(Self.isRoot, "making a socket, folder or server of another user needs root (CI runs as root); as an ordinary user this check cannot be made")
        let place = TemporaryDirectory("facet-trust-file")
        let socket = place.path + "/facet.sock"
        let server = try fakeServer(socket, asNobody: false)
        #expect(chown(socket, Self.nobody, Self.nobody) == 0)

        let attached = try connect(socket, home: place.path)
        #expect(attached.status == 1)
        #expect(attached.stderr.contains("the socket \(socket) belongs to user 65534, not to you (user 0)"), "\(attached.stderr)")
        // Not even a connection: the stand-in is still waiting for one.
        #expect(!server.stdout.contains("received"))
        server.kill()
    }

    /// The issue's case: `facet serve` run by another user, in a folder of
    /// theirs; root's `--connect` to it is refused on the folder.
    @Test func aRealServerOfAnotherUserIsRefused() throws {
        try #require(Self.isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "making a socket, folder or server of another user needs root (CI runs as root); as an ordinary user this check cannot be made")
        let place = TemporaryDirectory("facet-trust-other")
        chmod(place.path, 0o711)
        let theirs = place.path + "/theirs"
        mkdir(theirs, 0o700)
        #expect(chown(theirs, Self.nobody, Self.nobody) == 0)
        let socket = theirs + "/facet.sock"
        let server = try BoundedProcess(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", FacetProcess.binary, "serve", "--socket", socket],
            environment: FacetProcess.environment(home: theirs + "/home"))
        defer { server.kill() }
        #expect(server.waitFor(timeout: 30) { FileManager.default.fileExists(atPath: socket) || !server.process.isRunning },
                "\(server.stderr)")
        #expect(server.process.isRunning, "\(server.stderr)")

        let attached = try connect(socket, home: place.path)
        #expect(attached.status == 1)
        #expect(attached.stderr.contains("the folder \(theirs) belongs to user 65534, not to you (user 0)"), "\(attached.stderr)")
        #expect(!attached.stdout.contains("github-token"))
    }

    /// A folder others may write in is refused by `--connect`, even with our
    /// own server behind the socket, with the command that fixes it; once
    /// fixed, the same command attaches.
    @Test func aWorldWritableFolderIsRefusedByConnect() throws {
        let server = try ServerProcess()
        let folder = server.runtime.path + "/facet"
        #expect(chmod(folder, 0o777) == 0)
        let refused = try connect(server.socket, home: server.home.path, ["playlists", "--json"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the folder \(folder) may be written by other users (mode 0777)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("chmod 700 \(folder)"))
        #expect(refused.stdout.isEmpty)

        #expect(chmod(folder, 0o770) == 0)
        let group = try connect(server.socket, home: server.home.path, ["playlists", "--json"])
        #expect(group.status == 1)
        #expect(group.stderr.contains("mode 0770"), "\(group.stderr)")

        #expect(chmod(folder, 0o700) == 0)
        let attached = try connect(server.socket, home: server.home.path, ["playlists", "--json"])
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(attached.stdout.contains(#""screen":"playlists""#))
    }

    /// `facet serve` will not listen in a folder others may write in, nor in
    /// one of another user, and leaves no socket there.
    @Test func serveRefusesAFolderOthersCouldWriteIn() throws {
        let home = TemporaryDirectory("facet-trust-home")
        let runtime = TemporaryDirectory("facet-trust-run")
        let folder = runtime.path + "/facet"
        mkdir(folder, 0o700)
        #expect(chmod(folder, 0o777) == 0)
        let environment = FacetProcess.environment(home: home.path, extra: ["XDG_RUNTIME_DIR": runtime.path])
        let open = try BoundedProcess.run(FacetProcess.binary, ["serve"], environment: environment, timeout: 30)
        #expect(open.status == 1)
        #expect(open.stderr.contains("will not serve on \(folder)/facet.sock: the folder \(folder) may be written by other users (mode 0777)"), "\(open.stderr)")
        #expect(open.stderr.contains("chmod 700 \(folder)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/facet.sock"))

        try #require(Self.isRoot, "making a socket, folder or server of another user needs root (CI runs as root); as an ordinary user this check cannot be made")
        #expect(chmod(folder, 0o700) == 0)
        #expect(chown(folder, Self.nobody, Self.nobody) == 0)
        let theirs = try BoundedProcess.run(FacetProcess.binary, ["serve"], environment: environment, timeout: 30)
        #expect(theirs.status == 1)
        #expect(theirs.stderr.contains("the folder \(folder) belongs to user 65534, not to you (user 0)"), "\(theirs.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/facet.sock"))
    }

    /// The folders facet makes for its socket are private.
    @Test func aFolderFacetMakesIsPrivate() throws {
        let runtime = TemporaryDirectory("facet-trust-made")
        let server = try ServerProcess(socket: runtime.path + "/a/b/facet.sock")
        for folder in [runtime.path + "/a", runtime.path + "/a/b"] {
            var info = stat()
            #expect(stat(folder, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700, "\(folder)")
        }
        #expect(server.stop() == 0)
    }
}
