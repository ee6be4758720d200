import FacetLauncher

// How freed memory goes back to the system is this executable's choice
// (it serves Facet's own folder listings), not the launcher library's: a
// package built on Facet picks its own.
ProcessMemory.keepLargeBuffersMapped()

// Facet with its own features and front ends. A package built on Facet has
// the same one line with its features added (see Examples/Bookmarks).
Launcher.main()
