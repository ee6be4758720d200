@testable import Composition
import Foundation
import Persistence
import ScreenKit
import Testing
import TestSupport

/// The composition root on a real temporary installation: features, their
/// migrations, and front-end names that come from the launcher.
@MainActor
@Suite struct FacetAppTests {
    let home = TemporaryDirectory("facet-app")

    @Test func featuresListTheShippedMigrationsInTheirOrder() {
        // Existing databases recorded these identifiers in this order; a
        // feature added later (Tools/new-feature) appends its own after them.
        #expect(Array(FacetApp.migrations.map(\.id).prefix(Migrations.all.count)) == Migrations.all.map(\.id))
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
}
