import FacetLauncher

// Facet with its own features and front ends. A package built on Facet has
// the same one line with its features added (see Examples/Bookmarks).
Launcher.main()
