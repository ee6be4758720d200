import Foundation
import Testing
import TestSupport

/// `open-url` through the built binary, as `gh browse` behaves: one line,
/// never the screen; with no browser to start it never says one opened,
/// failing on a terminal and printing the bare URL for a script.
@Suite(.serialized) struct PhotosOpenURLTests {
    static let url = "https://via.placeholder.com/600/4cda26"

    @Test func withoutABrowserAScriptGetsTheURLAloneAndATerminalIsToldSo() throws {
        let world = try PhotosHome()
        #expect(try world.facet("photos").status == 0)
        for arguments in [["photo", "7", "open-url"], ["photos", "--offline", "open-url", "7"]] {
            let piped = try world.facet(arguments)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout == Self.url + "\n", "only the URL on stdout: \(piped.stdout)")

            let terminal = try FacetProcess.runOnTerminal(arguments, home: world.home.path, environment: world.environment)
            #expect(terminal.status == 1, "\(terminal.stdout)")
            #expect(terminal.stdout.contains("no browser was opened"), "\(terminal.stdout)")
            #expect(terminal.stdout.contains(Self.url), "the URL, to open by hand: \(terminal.stdout)")
            #expect(!terminal.stdout.contains("Opening") && !terminal.stdout.contains("Opened"), "\(terminal.stdout)")
            #expect(!terminal.stdout.contains("Album"), "never the table: \(terminal.stdout)")
        }
    }

    @Test func withABrowserItSaysItOpenedAndPrintsNothingElse() throws {
        let world = try PhotosHome()
        #expect(try world.facet("photos").status == 0)
        let opened = try world.facet("photo", "7", "open-url", environment: ["BROWSER": "/bin/true"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout == "Opened \(Self.url)\n", "\(opened.stdout)")
    }
}
