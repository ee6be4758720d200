import Bookmarks
import FacetLauncher

// Every Facet feature plus bookmarks, with Facet's front ends (CLI, TUI,
// JSON lines): the screen shows in all of them with no front-end code.
Launcher.main(features: Launcher.facetFeatures + [BookmarksFeature.self])
