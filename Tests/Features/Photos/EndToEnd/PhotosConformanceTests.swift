import Foundation
import Testing
import TestSupport

/// Seed 003's title scenario (open, select, reload) through the CLI's
/// `--json` and through JSON lines ends in identical snapshots at every
/// step: the front ends render one view model.
@Suite(.serialized, .tags(.photos, .cli, .jsonl)) struct PhotosConformanceTests {
    @Test func openSelectReloadIsIdenticalInCLIAndJSONLines() throws {
        let world = try PhotosHome()
        let cliOpen = try world.facet("photos", "--json")
        let cliSelect = try world.facet("photos", "select", "42", "--json")
        let cliReload = try world.facet("photos", "reload", "--json")
        for result in [cliOpen, cliSelect, cliReload] { #expect(result.status == 0, "\(result.stderr)") }

        let session = try world.jsonl()
        let opened = try session.request("screen.open", ["screen": "photos"])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let waited = try session.request("screen.wait", ["handle": handle])
        let selected = try session.request("screen.perform", ["handle": handle, "action": "select", "args": ["item": "42"]])
        let reloaded = try session.request("screen.perform", ["handle": handle, "action": "reload"])
        #expect(try session.finish() == 0)

        let steps = [(cliOpen, waited, "open"), (cliSelect, selected, "select"), (cliReload, reloaded, "reload")]
        for (cli, jsonl, step) in steps {
            let viaCLI = NSDictionary(dictionary: PhotoSnapshot.object(cli.stdout))
            let viaJSONL = NSDictionary(dictionary: (jsonl["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:])
            #expect(viaCLI.count > 0, "\(step)")
            #expect(viaCLI == viaJSONL, "\(step)")
        }
        #expect(PhotoSnapshot.object(cliOpen.stdout)["title"] as? String == "Photos")
        #expect(PhotoSnapshot.object(cliSelect.stdout)["title"] as? String != "Photos")
        #expect(PhotoSnapshot.object(cliReload.stdout)["title"] as? String == "Photos")
    }
}
