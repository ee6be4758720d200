import Foundation
import Testing
import TestSupport

/// A damaged or locked database: a clear message, the right exit code or
/// JSON-RPC error, and the process keeps running where that makes sense.
@Suite struct StorageFailureTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    @Test func corruptDatabaseIsNamedNotCrashedOn() throws {
        FileManager.default.createFile(atPath: home.path + "/facet.sqlite", contents: Data(String(repeating: "garbage ", count: 1000).utf8))
        let result = try FacetProcess.run(["playlists"], home: home.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("The database file is damaged"))
        #expect(result.stdout.isEmpty)
    }

    /// Holds SQLite's write lock from another process (the sqlite3 shell);
    /// returns once the shell has said it holds it.
    final class LockHolder {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        /// Past it the shell is killed, which also releases the lock.
        private var deadline: ChildDeadline?
        init(database: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [database]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            deadline = ChildDeadline(process, seconds: 300)
            input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nINSERT INTO meta VALUES ('lock', 'held');\nSELECT 'locked';\n".utf8))
            // The shell answers the SELECT only after BEGIN IMMEDIATE took the lock.
            var said = Data()
            let deadline = Date().addingTimeInterval(30)
            while !String(decoding: said, as: UTF8.self).contains("locked"), Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += chunk
            }
            guard String(decoding: said, as: UTF8.self).contains("locked") else {
                process.terminate()
                throw LockFailed(said: String(decoding: said, as: UTF8.self))
            }
        }
        struct LockFailed: Error { var said: String }
        private var released = false
        func release() {
            guard !released else { return }
            released = true
            input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
            process.waitUntilExit()
            deadline?.finish()
        }
    }

    @Test func lockedDatabaseGivesAClearMessageAndReadsStillWork() throws {
        _ = try FacetProcess.run(["playlists"], home: home.path)  // create it
        let lock = try LockHolder(database: home.path + "/facet.sqlite")
        defer { lock.release() }
        let env = ["FACET_BUSY_TIMEOUT_MS": "300"]
        let read = try FacetProcess.run(["playlist", "Sample"], home: home.path, environment: env)
        #expect(read.status == 0)
        let path = files.file("a.m3u", "x.mp3\n")
        let write = try FacetProcess.run(["playlists", "import", path], home: home.path, environment: env)
        #expect(write.status == 1)
        #expect(write.stderr.contains("The database is busy"))

        let session = try JSONLSession(home: home.path, environment: env)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let rename = try session.request("screen.perform", ["handle": handle, "action": "rename", "args": ["name": "Other"]])
        let error = rename["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32000)
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "storage.locked")
        lock.release()
        // Once the lock is gone, the same session carries on and nothing was lost.
        let again = try session.request("screen.perform", ["handle": handle, "action": "rename", "args": ["name": "Other"]])
        #expect(again["result"] != nil)
        #expect(try session.finish() == 0)
        #expect(try FacetProcess.run(["playlist", "Other"], home: home.path).stderr.contains("1–7 of 7"))
    }
}
