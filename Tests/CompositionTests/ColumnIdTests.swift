@testable import Composition
import ScreenKit
import TestSupport
import Testing

/// A column has one name: on every registered list screen, what `--sort`
/// and the `sort` action take are exactly the ids of the columns declared
/// sortable, which are the fields `--jsonl` prints and the CLI's headers.
@MainActor
@Suite struct ColumnIdTests {
    @Test func everySortKeyIsAFieldIdAndEverySortableColumnIsAKey() throws {
        let home = TemporaryDirectory("facet-columns")
        let app = try FacetApp(environment: ["FACET_HOME": home.path], frontEnds: ["cli"])
        defer { app.finish() }
        var checked = 0
        for screen in app.catalog.screens where !screen.columns.isEmpty {
            let ids = screen.columns.map(\.id)
            let sortable = screen.columns.compactMap(\.sortKey)
            #expect(screen.columns.allSatisfy { $0.sortKey == nil || $0.sortKey == $0.id }, "\(screen.id)")
            if let option = screen.params.first(where: { $0.name == ListGrammar.sort }) {
                #expect(option.choices == sortable, "\(screen.id) --sort")
                #expect((option.choices ?? []).allSatisfy(ids.contains), "\(screen.id) --sort")
            }
            if let sort = screen.actions.first(where: { $0.name == StandardAction.sort }),
                let by = sort.params.first(where: { $0.name == StandardParam.by }) {
                #expect(by.choices == sortable, "\(screen.id) sort")
                checked += 1
            }
        }
        // Playlists, a playlist's songs, folders, stars and photos sort.
        #expect(checked >= 5)
    }
}
