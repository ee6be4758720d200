@testable import Composition
import Foundation
import KernelPersistence
import ScreenKit
import TestSupport
import Testing

/// The composition root on a real temporary installation: features, their
/// migrations, and front-end names that come from the launcher.
@MainActor
@Suite struct FacetAppTests {
    let home = TemporaryDirectory("facet-app")

    @Test func featuresListTheShippedMigrationsInTheirOrder() {
        // Existing databases recorded these identifiers in this order; a
        // feature added later (Tools/new-feature) appends its own after them.
        let shipped = [
            "v1-meta", "v1-playlists", "v3-song-details", "v2-users", "v3-users-open-ui", "v4-users-github-web-url",
            "v3-stars", "v5-stars-language-index", "v3-photos", "v6-photos-list-digest", "v7-photos-no-title-index",
            "v8-playlist-journal",
        ]
        #expect(Array(FacetApp.migrations.map(\.id).prefix(shipped.count)) == shipped)
    }

    @Test func everyFeatureRegistersItsScreensAndTheHomeIsAFeatures() async throws {
        let app = try FacetApp(environment: ["FACET_HOME": home.path], frontEnds: ["cli"])
        try await app.prepare()
        let ids = app.catalog.screens.map(\.id)
        #expect(Set(ids).isSuperset(of: ["playlists", "playlist", "login", "whoami", "settings", "folders", "folder", "folder-rename"]))
        #expect(app.home.screen == "playlists")
        #expect(app.catalog.descriptor(app.home.screen) != nil)
    }

    @Test func theUISettingTakesTheLaunchersFrontEndsOnly() async throws {
        let app = try FacetApp(environment: ["FACET_HOME": home.path], frontEnds: ["cli", "web"])
        try await app.prepare()
        let login = try await app.catalog.open(ScreenRequest(screen: "login", params: ["first-name": .string("Ada"), "last-name": .string("Lovelace")]))
        let submit = login.snapshot.content.form?.submitAction ?? ""
        _ = try await login.run(submit)
        await login.settle()
        let settings = try await app.catalog.open(ScreenRequest(screen: "settings"))
        let ui = settings.snapshot.content.form?.fields.first { $0.id == "ui" }
        #expect(ui?.choices == ["", "cli", "web"])
        _ = try await settings.run("set", ["key": .string("ui"), "value": .string("web")])
        #expect(await app.preferredFrontEnd() == "web")
        await #expect(throws: ScreenError.self) {
            _ = try await settings.run("set", ["key": .string("ui"), "value": .string("jsonl")])
        }
    }

    /// Pictures turned off in the settings screen reach every open screen of
    /// the process at once: a watched playlist withdraws its cover action
    /// (with the way back in its reason) and tells its watchers, with no
    /// reload; turned on, it offers it again.
    @Test func thePicturesSettingReachesOpenScreensAtOnce() async throws {
        let app = try FacetApp(environment: ["FACET_HOME": home.path], frontEnds: ["cli"])
        try await app.prepare()
        let login = try await app.catalog.open(ScreenRequest(screen: "login", params: ["first-name": .string("Ada"), "last-name": .string("Lovelace")]))
        _ = try await login.run(login.snapshot.content.form?.submitAction ?? "")
        await login.settle()
        let playlist = try await app.catalog.open(ScreenRequest(screen: "playlist", params: ["name": .string("Sample")]))
        await playlist.settle()
        var heard = 0
        let token = playlist.changes.observe { _ in heard += 1 }
        #expect(playlist.snapshot.action("cover")?.enabled == true)
        let settings = try await app.catalog.open(ScreenRequest(screen: "settings"))
        _ = try await settings.run("set", ["key": .string("pictures"), "value": .string("off")])
        #expect(heard == 1, "the playlist told its watchers")
        let cover = playlist.snapshot.action("cover")
        #expect(cover?.enabled == false)
        #expect(cover?.disabledReason == "Pictures are off (settings: pictures); facet settings set pictures on shows them.")
        _ = try await settings.run("set", ["key": .string("pictures"), "value": .string("on")])
        #expect(heard == 2)
        #expect(playlist.snapshot.action("cover")?.enabled == true)
        // Another setting changes nothing a playlist shows: no notification.
        _ = try await settings.run("set", ["key": .string("page-size"), "value": .string("25")])
        #expect(heard == 2)
        _ = token
        app.finish()
    }
}
