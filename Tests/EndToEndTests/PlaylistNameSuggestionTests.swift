import Foundation
import Testing
import TestSupport

/// A mistyped playlist name gets the closest one, as a mistyped screen or
/// action does: `facet playlist sampel` → did you mean "Sample".
@Suite(.serialized, .tags(.playlists))
struct PlaylistNameSuggestionTests {
    @Test func aMistypedPlaylistNameNamesTheClosestOne() throws {
        let home = TemporaryDirectory("facet-home")
        let opened = try FacetProcess.run(["playlist", "sampel"], home: home.path)
        #expect(opened.status == 1)
        #expect(opened.stderr.contains("No playlist named \"sampel\". Did you mean \"Sample\"?"), "\(opened.stderr)")

        let fromList = try FacetProcess.run(["playlists", "open", "Sampl"], home: home.path)
        #expect(fromList.status == 1)
        #expect(fromList.stderr.contains("Did you mean \"Sample\"?"), "\(fromList.stderr)")

        let farOff = try FacetProcess.run(["playlist", "Road Trip"], home: home.path)
        #expect(farOff.status == 1)
        #expect(farOff.stderr.contains("No playlist named \"Road Trip\".") && !farOff.stderr.contains("Did you mean"), "\(farOff.stderr)")
    }
}
