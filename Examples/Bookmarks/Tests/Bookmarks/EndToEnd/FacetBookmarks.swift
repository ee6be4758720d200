import FacetTesting

extension FacetExecutable {
    /// This package's own executable, as `swift build` left it beside the
    /// test bundle (`FACET_BOOKMARKS_BINARY` names another, e.g. a release build).
    static var bookmarks: FacetExecutable { .built("facet-bookmarks", overriddenBy: "FACET_BOOKMARKS_BINARY") }
}
