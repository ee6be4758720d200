import Foundation
import Testing
import TestSupport

/// The stored `pictures` and `picture-cache-mib` settings through the built
/// binary: set and read back, bad values refused by name with nothing
/// saved; pictures off, no face fetches or hands out a picture (the action
/// is unavailable and says how to turn them on), and `FACET_PICTURES`
/// overrides the setting for one run.
@Suite(.serialized, .tags(.photos, .cli))
struct PictureSettingsEndToEndTests {
    @Test func picturesOffRefusesEveryPictureActionUntilTurnedOnOrOverriddenForARun() throws {
        let world = try PicturesEndToEndTests.World()
        try world.fetchPhotos()
        let off = try world.facet("settings", "set", "pictures", "off")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(try world.facet("settings", "get", "pictures").stdout == "off\n")
        let fetchedBefore = try world.server!.log().filter { $0.path.hasPrefix("/files/") }.count

        let file = world.work.path + "/3.jpg"
        let refused = try world.facet("photo", "3", "image", "--output", file)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("Pictures are off (settings: pictures); facet settings set pictures on shows them."),
                "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
        let cover = try world.facet("playlist", "Sample", "cover", "1", "--output", world.work.path + "/cover")
        #expect(cover.status == 1 && cover.stderr.contains("Pictures are off"), "\(cover.stderr)")
        // The snapshot says so too: what the TUI and the web page read.
        let snapshot = SnapshotJSON.object(try world.facet("photos", "--offline", "--json").stdout)
        let thumbnail = (snapshot["actions"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "thumbnail" } ?? [:]
        #expect(thumbnail["enabled"] as? Bool == false, "\(thumbnail)")
        #expect((thumbnail["disabledReason"] as? String ?? "").hasPrefix("Pictures are off"), "\(thumbnail)")
        #expect(try world.server!.log().filter { $0.path.hasPrefix("/files/") }.count == fetchedBefore, "nothing fetched")

        // FACET_PICTURES=on shows them for one run; the setting stays off.
        let once = try FacetProcess.run(
            ["photo", "3", "image", "--output", file], home: world.home.path, environment: ["FACET_PICTURES": "on"])
        #expect(once.status == 0, "\(once.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == (try world.fixture("cover.jpg")))
        #expect(try world.facet("settings", "get", "pictures").stdout == "off\n")

        #expect(try world.facet("settings", "set", "pictures", "on").status == 0)
        let shown = try world.facet("photo", "4", "image", "--output", world.work.path + "/4.png")
        #expect(shown.status == 0, "\(shown.stderr)")
        // And the other way: FACET_PICTURES=off for one run while the setting is on.
        let offOnce = try FacetProcess.run(
            ["photo", "4", "image", "--output", world.work.path + "/4-again.png"], home: world.home.path,
            environment: ["FACET_PICTURES": "off"])
        #expect(offOnce.status == 1 && offOnce.stderr.contains("Pictures are off for this run (FACET_PICTURES=off)."),
                "\(offOnce.stderr)")
    }

    @Test func badValuesAreRefusedByNameAndNothingIsSaved() throws {
        let world = try PicturesEndToEndTests.World()
        #expect(try world.facet("login", "sign-in", "--first-name", "Ann", "--last-name", "Lee").status == 0)
        let maybe = try world.facet("settings", "set", "pictures", "maybe")
        #expect(maybe.status != 0)
        #expect(maybe.stderr.contains("Pictures must be on or off."), "\(maybe.stderr)")
        for bad in ["0", "lots", "70000"] {
            let refused = try world.facet("settings", "set", "picture-cache-mib", bad)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("Picture cache (MiB) must be"), "\(bad): \(refused.stderr)")
            #expect(refused.stderr.contains("between 1 and 65536"), "\(bad): \(refused.stderr)")
        }
        #expect(try world.facet("settings", "get", "pictures").stdout == "on\n")
        #expect(try world.facet("settings", "get", "picture-cache-mib").stdout == "256\n")
        let set = try world.facet("settings", "set", "picture-cache-mib", "32")
        #expect(set.status == 0, "\(set.stderr)")
        let json = SnapshotJSON.object(try world.facet("settings", "--json").stdout)
        let rows = SnapshotJSON.object(SnapshotJSON.object(json["content"])["detail"])["rows"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["id"] as? String == "picture-cache-mib" }?["data"] as? Int == 32, "\(rows)")
        #expect(rows.first { $0["id"] as? String == "pictures" }?["data"] as? Bool == true, "\(rows)")
    }
}
