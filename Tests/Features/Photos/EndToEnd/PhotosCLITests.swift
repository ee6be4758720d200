import Foundation
import Testing
import TestSupport

/// The photos screens through the built `facet` binary against the loopback
/// fixture: fetch, cache, page, the title rules, every failure, offline.
@Suite(.serialized) struct PhotosCLITests {
    @Test func fetchesFiveThousandPhotosCachesThemAndPagesFromTheCache() throws {
        let world = try PhotosHome()
        let opened = try world.facet("photos", "--json")
        #expect(opened.status == 0, "\(opened.stderr)")
        let snapshot = PhotoSnapshot.object(opened.stdout)
        #expect(snapshot["title"] as? String == "Photos")
        #expect(PhotoSnapshot.status(snapshot)["message"] as? String == "Fetched 5,000 photos.")
        let list = PhotoSnapshot.list(snapshot)
        #expect(list["total"] as? Int == 5000)
        let items = PhotoSnapshot.items(snapshot)
        #expect(items.count == 50)
        let values = items.first?["values"] as? [String: Any]
        #expect(values?["id"] as? Int == 1)
        #expect(values?["album"] as? Int == 1)
        #expect((values?["url"] as? String)?.hasPrefix("https://via.placeholder.com/600/") == true)
        #expect((values?["thumbnailUrl"] as? String)?.hasPrefix("https://via.placeholder.com/150/") == true)
        let columns = (list["columns"] as? [[String: Any]])?.map { "\($0["id"]!):\($0["type"]!)" }
        #expect(columns == ["id:integer", "album:integer", "title:text", "url:url", "thumbnailUrl:url"])
        #expect(PhotoSnapshot.detail(snapshot, "fetchedAt")?["data"] as? String == "2026-09-21T14:13:20Z")

        // The last page, from the cache alone (the fixture is not asked).
        try world.use("status/500")
        let last = try world.facet("photos", "--offline", "--page", "100", "--json")
        #expect(last.status == 0, "\(last.stderr)")
        let lastSnapshot = PhotoSnapshot.object(last.stdout)
        #expect(PhotoSnapshot.list(lastSnapshot)["offset"] as? Int == 4950)
        #expect((PhotoSnapshot.items(lastSnapshot).last?["values"] as? [String: Any])?["id"] as? Int == 5000)

        let album = PhotoSnapshot.object(try world.facet("photos", "--offline", "--album", "7", "--sort", "title", "--json").stdout)
        #expect(PhotoSnapshot.list(album)["total"] as? Int == 50)
        #expect(PhotoSnapshot.items(album).allSatisfy { ($0["values"] as? [String: Any])?["album"] as? Int == 7 })
        let human = try world.facet("photos", "--offline")
        #expect(human.status == 0)
        #expect(human.stderr.contains("Photos"), "the title, on stderr for a pipe")
        #expect(human.stderr.contains("5,000"))
    }

    /// The title rules as single commands show them: "Photos" when opened,
    /// the photo's title after `select`, "Photos" after a `reload` that
    /// fetched the list again. Each command opens a new screen, so a reload
    /// that forgot to reset a selected title would still print "Photos"
    /// here: the reset after a selection is seen where one screen outlives
    /// both actions (`PhotosJSONLTests`, `PhotosTUIConformanceTests`).
    @Test func theTitleRulesAsSingleCommandsShowThem() throws {
        let world = try PhotosHome()
        let opened = PhotoSnapshot.object(try world.facet("photos", "--json").stdout)
        #expect(opened["title"] as? String == "Photos")
        #expect(PhotoSnapshot.list(opened)["total"] as? Int == 5000)
        let seventh = PhotoSnapshot.items(opened).first { $0["id"] as? String == "7" }?["title"] as? String
        #expect(seventh?.isEmpty == false)

        let selected = try world.facet("photos", "select", "7", "--json")
        #expect(selected.status == 0, "\(selected.stderr)")
        #expect(PhotoSnapshot.object(selected.stdout)["title"] as? String == seventh)

        // The API now has three photos: the reload's list is a new fetch.
        try world.use("count/3")
        let reloaded = try world.facet("photos", "reload", "--json")
        #expect(reloaded.status == 0, "\(reloaded.stderr)")
        let after = PhotoSnapshot.object(reloaded.stdout)
        #expect(after["title"] as? String == "Photos")
        #expect(PhotoSnapshot.list(after)["total"] as? Int == 3, "\(PhotoSnapshot.list(after))")
    }

    /// Every failure: exit 1, "An Error Occurred" plus the specific
    /// description and stable code, and the cached list untouched.
    @Test func everyFailureSaysWhatAndKeepsTheCachedList() throws {
        let world = try PhotosHome()
        #expect(try world.facet("photos").status == 0)
        let closed = "http://127.0.0.1:\(LoopbackPort.vacant())/ok"
        let cases: [(mode: String, code: String, text: String)] = [
            (closed, "photos.connection_refused", "the connection was refused"),
            ("slow/5000", "photos.timeout", "did not answer within"),
            ("status/500", "photos.http_status", "answered HTTP 500 (Internal Server Error)"),
            ("status/404", "photos.http_status", "answered HTTP 404 (Not Found)"),
            ("empty", "photos.empty_body", "answered with an empty body"),
            ("truncated", "photos.malformed_json", "not valid JSON: unexpected end of input in a string at byte 1000"),
            ("wrongtype", "photos.wrong_type", #"Photo record 3 (index 2): "albumId" should be a whole number, but it is a string"#),
            ("missing", "photos.missing_field", #"Photo record 2 (index 1) has no "thumbnailUrl" field"#),
            ("notalist", "photos.unexpected_json", "should be a JSON array of photos, but it is an object"),
            ("duplicate", "photos.duplicate_id", "repeats photo id 2"),
            ("huge/\(16 << 20)", "photos.body_too_large", "more than the 16 MiB"),
        ]
        let quick = ["FACET_HTTP_TIMEOUT_MS": "1000", "FACET_HTTP_RETRY_BASE_MS": "5"]
        // An unreachable server is not a failure with a cache: a warning, exit 0.
        let unreachable: Set = ["photos.connection_refused"]
        for (mode, code, text) in cases {
            try world.use(mode)
            let result = try world.facet("photos", "--json", environment: quick)
            #expect(result.status == (unreachable.contains(code) ? 0 : 1), "\(mode)")
            #expect(result.stderr.contains("An Error Occurred: "), "\(mode): \(result.stderr)")
            #expect(result.stderr.contains(text), "\(mode): \(result.stderr)")
            let snapshot = PhotoSnapshot.object(result.stdout)
            #expect(PhotoSnapshot.status(snapshot)["code"] as? String == code, "\(mode)")
            #expect(PhotoSnapshot.list(snapshot)["total"] as? Int == 5000, "\(mode): the cached list is still shown")

            let reload = try world.facet("photos", "--offline", "reload", environment: quick)
            #expect(reload.status == 1, "\(mode)")
            #expect(reload.stderr.contains("An Error Occurred: ") && reload.stderr.contains(text), "\(mode): \(reload.stderr)")
        }
        let after = PhotoSnapshot.object(try world.facet("photos", "--offline", "--json").stdout)
        #expect(PhotoSnapshot.list(after)["total"] as? Int == 5000)
        // Still the list from the server that answered, and it says so.
        #expect(PhotoSnapshot.detail(after, "source")?["data"] as? String == world.fixture.baseURL("ok"))
        #expect(PhotoSnapshot.detail(after, "source")?["value"] as? String == world.fixture.baseURL("ok") + " (an earlier photos-base-url)")
    }

    @Test func withoutACacheAFailureIsAnErrorNotACrash() throws {
        let world = try PhotosHome(mode: "http://127.0.0.1:\(LoopbackPort.vacant())/ok")
        let result = try world.facet("photos")
        #expect(result.status == 1)
        #expect(result.stderr.contains("An Error Occurred: Could not connect to http://127.0.0.1:"))
        // The CLI's convention: on failure stdout stays empty.
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let offline = try world.facet("photos", "--offline")
        #expect(offline.status == 0)
        // No rows: the empty list's message is about them, on stderr for a pipe.
        #expect(offline.stdout.isEmpty, "\(offline.stdout)")
        #expect(offline.stderr.contains("No photos are cached yet"), "\(offline.stderr)")
    }

    @Test func offlineShowsHowOldTheCacheIs() throws {
        let world = try PhotosHome()
        #expect(try world.facet("photos").status == 0)
        let later = try world.facet("photos", "--offline", environment: ["FACET_CLOCK": "1790010800"])
        #expect(later.status == 0)
        #expect(later.stderr.contains("3 h ago (2026-09-21 14:13 UTC)"), "\(later.stderr)")
    }

    @Test func untrustedTitlesAreSanitisedForPeopleAndExactInJSON() throws {
        let world = try PhotosHome(mode: "escapes")
        let human = try world.facet("photos", "select", "2")
        #expect(human.status == 0, "\(human.stderr)")
        #expect(!human.stdout.contains("\u{1B}") && !human.stdout.contains("\u{07}"))
        #expect(human.stdout.contains("ALERT"))
        #expect(human.stdout.contains("写真の題名"))
        let json = PhotoSnapshot.object(try world.facet("photos", "--offline", "select", "2", "--json").stdout)
        #expect(json["title"] as? String == "red \u{1B}[31mALERT\u{1B}[0m \u{1B}]0;pwned\u{07} bell\u{07} end")
        let detail = try world.facet("photo", "3")
        #expect(!detail.stdout.contains("\u{1B}") && !detail.stdout.contains("\r"))
    }

    @Test func theDetailScreenShowsEveryFieldAndOpensTheImageURL() throws {
        let world = try PhotosHome()
        #expect(try world.facet("photos").status == 0)
        let detail = PhotoSnapshot.object(try world.facet("photo", "7", "--json").stdout)
        let rows = ((detail["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        #expect(rows.map { $0["id"] as? String ?? "" } == ["id", "albumId", "title", "url", "thumbnailUrl", "fetchedAt"])
        #expect(rows.first?["data"] as? Int == 7)
        let url = rows.first { $0["id"] as? String == "url" }?["data"] as? String
        let opened = try world.facet("photo", "7", "open-url")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(url != nil && opened.stdout.contains(url!))
        let missing = try world.facet("photo", "9999")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("An Error Occurred: No cached photo has id 9999."))
        let help = try world.facet("help", "photos")
        #expect(help.stdout.contains("select ITEM"))
        #expect(help.stdout.contains("reload"))
    }
}
