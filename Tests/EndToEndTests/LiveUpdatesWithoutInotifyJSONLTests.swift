import Foundation
import Testing
import TestSupport

/// Live updates when inotify cannot be had: another program of the same
/// user holds every inotify instance the kernel allows a user. An open
/// JSON-lines screen must still hear of another process's import, and the
/// session must say that it only polls.
@Suite struct LiveUpdatesWithoutInotifyJSONLTests {
    func text(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func anImportReachesAnOpenScreenByPollingAndTheSessionWarns() throws {
        guard Unprivileged.isRoot else {
            Issue.record("needs root: the inotify instances are used up as a user of the test's own (setpriv)")
            return
        }
        let world = InotifyHog.World()
        let hog = try InotifyHog()

        let session = try JSONLSession(home: world.home.path, launcher: ["setpriv"] + InotifyHog.asUser)
        let opened = try session.request("screen.open", ["screen": "playlists"], timeout: 60)
        #expect(text(opened).contains("Sample"), "\(text(opened))")
        let imported = try world.importAsUser()
        #expect(imported.status == 0, "\(imported.stderr)")
        // How soon is a benchmark's figure; a generous deadline here is missed
        // only by a change never told.
        let changed = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && text(message).contains("Arrived")
        }
        #expect(text(changed).contains("Sample"))
        #expect(try session.finish() == 0)
        withExtendedLifetime(hog) {}
        // Read once the session has ended: the pipe then ends too.
        let warning = session.readErrors()
        #expect(warning.contains("inotify") && warning.contains("max_user_instances"), "stderr: \(warning)")
    }
}
