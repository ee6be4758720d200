import Foundation
import Testing
import TestSupport

/// The process mode the launcher decides once reaches the features: a
/// one-command CLI call gets no folder watcher (which would read the whole
/// tree again to watch it, for a screen printed once and left), and a
/// long-running front end gets one. Seen through the watcher's own report:
/// below the tree's folder count (`FACET_WATCH_LIMIT`), a watcher says how
/// many folders it left unwatched, and only a watcher says it.
@Suite struct ProcessModeTests {
    /// Ten folders with one folder each, so a limit of three leaves
    /// seventeen of the twenty-one unwatched.
    static func tree() -> TemporaryDirectory {
        let root = TemporaryDirectory("facet-process-mode")
        for index in 0..<10 { root.directory("child\(index)/inner") }
        return root
    }

    static let limited = ["FACET_WATCH_LIMIT": "3"]
    static let unwatched = "17 folders are not watched"

    @Test func aOneCommandCallStartsNoFolderWatcher() throws {
        let home = TemporaryDirectory()
        let root = Self.tree()
        let result = try FacetProcess.run(["folders", root.path], home: home.path, environment: Self.limited, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("not watched"), "\(result.stdout)\n\(result.stderr)")
    }

    /// The probe above can see a watcher: the same screen in a long-running
    /// front end reports the folders it left unwatched.
    @Test func aLongRunningSessionWatchesTheSameTree() throws {
        let home = TemporaryDirectory()
        let root = Self.tree()
        let session = try JSONLSession(home: home.path, environment: Self.limited)
        let handle = try FolderScreenClient.open(session, root.path)
        let waited = try session.request("screen.wait", ["handle": handle], timeout: 60)
        var status = FolderScreenClient.status(waited)
        if status?.message.contains(Self.unwatched) != true {
            _ = try FolderScreenClient.waitFor(session, handle, timeout: 60) { message in
                status = FolderScreenClient.status(message)
                return status?.message.contains(Self.unwatched) == true
            }
        }
        #expect(status?.message.contains(Self.unwatched) == true, "\(String(describing: status))")
        _ = try session.request("screen.close", ["handle": handle])
        #expect(try session.finish() == 0)
    }
}
