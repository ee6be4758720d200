import BookmarksPersistence
import BookmarksPresentation
import FeatureKit
import KernelPersistence

/// The bookmarks feature as Facet sees it: its migration and its screen.
/// Added to a `facet` executable by listing it in `Launcher.main(features:)`.
public final class BookmarksFeature: Feature {
    public static let migrations = Migrations.bookmarks

    let store: SQLiteBookmarkStore

    public init(context: FeatureContext) {
        store = SQLiteBookmarkStore(database: context.database)
    }

    public func register(in registry: ScreenRegistry) {
        let store = store
        registry.register(ScreenRegistration(BookmarksViewModel.descriptor) { _ in
            BookmarksViewModel(store: store)
        })
    }
}
