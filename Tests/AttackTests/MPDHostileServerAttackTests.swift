import Foundation
import Testing
import TestSupport

/// A stand-in MPD that breaks the protocol on purpose: what it sends (a
/// greeting that is not MPD's, a 100 MB line, an endless list, silence)
/// must end each `facet player` in a clear error and exit 1 within its
/// deadline: never a crash, a hang or memory without bound.
@Suite struct MPDHostileServerAttackTests {
    static let script = """
        import socket, sys, threading
        mode = sys.argv[1]
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(16)
        print("PORT", server.getsockname()[1], flush=True)
        def serve(conn):
            try:
                if mode == "mute":
                    conn.recv(1 << 16); threading.Event().wait(120); return
                if mode == "garbage":
                    conn.sendall(b"HTTP/1.1 400 Bad Request\\r\\n\\r\\n\\x00\\xff garbage"); threading.Event().wait(120); return
                conn.sendall(b"OK MPD 0.23.0\\n")
                conn.recv(1 << 16)
                if mode == "longline":
                    chunk = b"x" * (1 << 20)
                    for _ in range(100):
                        conn.sendall(chunk)
                elif mode == "endless":
                    line = b"file: endless.flac\\n" * 4096
                    while True:
                        conn.sendall(line)
                elif mode == "badline":
                    conn.sendall(b"this is not a key value pair\\nOK\\n")
                threading.Event().wait(120)
            except OSError:
                pass
            finally:
                conn.close()
        while True:
            conn, _ = server.accept()
            threading.Thread(target=serve, args=(conn,), daemon=True).start()
        """

    /// Runs `facet player` against the stand-in in `mode`: its result and how long it took.
    func player(_ mode: String) throws -> (result: FacetProcess.Result, seconds: TimeInterval) {
        let folder = TemporaryDirectory("mpd-standin")
        let script = folder.file("standin.py", Self.script)
        let server = try BoundedProcess("/usr/bin/env", ["python3", script, mode], lifetime: 300)
        defer { server.kill() }
        #expect(server.waitFor(timeout: 30) { server.stdout.hasPrefix("PORT ") && server.stdout.hasSuffix("\n") }, "\(server.stdout) \(server.stderr)")
        let port = server.stdout.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
        let started = Date()
        let result = try FacetProcess.run(
            ["player"], home: folder.path, environment: ["MPD_HOST": "127.0.0.1", "MPD_PORT": port], timeout: 120)
        return (result, Date().timeIntervalSince(started))
    }

    @Test(arguments: [
        ("garbage", "something else answers there"),
        ("mute", "No MPD at 127.0.0.1"),
        ("silent", "stopped answering"),
        ("longline", "a line longer than"),
        ("endless", "MPD at 127.0.0.1"),
        ("badline", "not MPD's protocol"),
    ])
    func aBrokenServerIsAClearErrorNotAHang(mode: String, words: String) throws {
        let (result, seconds) = try player(mode)
        #expect(result.status == 1, "\(mode): \(result.stderr)")
        #expect(result.stderr.contains(words), "\(mode): \(result.stderr)")
        #expect(!result.stderr.contains("Unexpected error") && !result.stderr.contains("Fatal"), "\(result.stderr)")
        // The command deadline is 5 s; the test allows for a loaded machine.
        #expect(seconds < 60, "\(mode) took \(seconds) s")
    }
}
