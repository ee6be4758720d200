import Foundation
import Testing
import TestSupport

/// A table printed to a pipe is its rows alone: its title, its header, its
/// footer (`1–2 of 2`) and the status after it (`✓ Imported …`) go to
/// stderr, so `facet playlists | wc -l` counts the rows; on a terminal they
/// frame the table as before.
@Suite(.serialized, .tags(.playlists))
struct TableOnAPipeTests {
    @Test func aPipeGetsTheTableAloneAndATerminalGetsItsFooterAndStatus() throws {
        let home = TemporaryDirectory("facet-home")
        let trip = home.path + "/trip.m3u"
        try "#EXTM3U\n#EXTINF:1,Zed - Alpha\na.mp3\n#EXTINF:1,Amy - Beta\nb.mp3\n".write(toFile: trip, atomically: true, encoding: .utf8)

        let imported = try FacetProcess.run(["playlists", "import", trip], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stdout.contains("Imported") && !imported.stdout.contains("of 2"), "\(imported.stdout)")
        #expect(imported.stderr.contains("✓ Imported 2 songs into \"trip\"."), "\(imported.stderr)")
        #expect(imported.stderr.contains("1–2 of 2, by name"), "\(imported.stderr)")

        let listed = try FacetProcess.run(["playlists"], home: home.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 2, "the two rows (the sample and trip) alone: \(listed.stdout)")
        #expect(lines.last?.hasPrefix("trip") == true, "\(listed.stdout)")
        #expect(listed.stderr.contains("Playlists\n") && listed.stderr.contains("NAME"), "\(listed.stderr)")
        #expect(listed.stderr.contains("1–2 of 2"), "\(listed.stderr)")

        // Through a real pipe, as a person types it.
        let counted = try BoundedProcess.run(
            "/bin/sh", ["-c", "\"$0\" playlists | wc -l", FacetProcess.binary],
            environment: FacetProcess.environment(home: home.path))
        #expect(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "\(counted)")

        let streamed = try FacetProcess.run(["playlist", "trip", "--all"], home: home.path)
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(!streamed.stdout.contains("of 2"), "\(streamed.stdout)")
        #expect(streamed.stdout.split(separator: "\n").count == 2, "the two songs alone: \(streamed.stdout)")
        #expect(streamed.stderr.contains("Songs"), "the detail above the list goes to stderr: \(streamed.stderr)")
        #expect(streamed.stderr.contains("1–2 of 2"), "\(streamed.stderr)")

        let shown = try FacetProcess.runOnTerminal(["playlists"], home: home.path)
        #expect(shown.status == 0, "\(shown.stdout)")
        #expect(shown.stdout.contains("1–2 of 2, by name"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Playlists") && shown.stdout.contains("NAME"), "\(shown.stdout)")
    }
}
