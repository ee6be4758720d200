// swift-tools-version: 6.1
//
// A package built on Facet: its own feature (bookmarks, stored in Facet's
// SQLite database through its own migrations) and its own `facet-bookmarks`
// executable with every Facet screen plus this one, in every front end.
//
// The feature has the shape of Facet's own (Modules/Features/NAME): a module
// per layer folder of Sources/Bookmarks, each seeing only its own Domain and
// the kernel's matching layer, and its wiring (Feature/) in a module of its
// own, as Facet's own features' wiring is (NAMEWiring).
import PackageDescription

let package = Package(
    name: "Bookmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // A path here; a URL and a version in a real package.
        .package(name: "Facet", path: "../.."),
        // Same version as Facet's: the store speaks GRDB's `Database`.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The layers, as Facet's own features have them.
        .target(
            name: "BookmarksDomain",
            dependencies: [.product(name: "FacetDomain", package: "Facet")],
            path: "Sources/Bookmarks/Domain"),
        .target(
            name: "BookmarksPersistence",
            dependencies: [
                "BookmarksDomain", .product(name: "FacetDomain", package: "Facet"),
                .product(name: "FacetPersistence", package: "Facet"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Bookmarks/Persistence"),
        .target(
            name: "BookmarksPresentation",
            dependencies: [
                "BookmarksDomain", .product(name: "FacetDomain", package: "Facet"),
                .product(name: "FacetPresentation", package: "Facet"), .product(name: "ScreenKit", package: "Facet"),
            ],
            path: "Sources/Bookmarks/Presentation"),
        // The wiring, a module of its own (Facet's features: NAMEWiring).
        .target(
            name: "Bookmarks",
            dependencies: [
                "BookmarksPersistence", "BookmarksPresentation", .product(name: "FeatureKit", package: "Facet"),
                .product(name: "FacetPersistence", package: "Facet"), .product(name: "ScreenKit", package: "Facet"),
            ],
            path: "Sources/Bookmarks/Feature"),
        // Facet with the bookmarks feature: one line of code.
        .executableTarget(
            name: "facet-bookmarks",
            dependencies: ["Bookmarks", .product(name: "FacetLauncher", package: "Facet")]),
        // Mirrors the layers, like Facet's Tests/Features/NAME; FacetTesting
        // drives the built facet-bookmarks through the CLI, JSON lines and MCP.
        .testTarget(
            name: "BookmarksTests",
            dependencies: [
                "BookmarksDomain", "BookmarksPersistence", "BookmarksPresentation",
                .product(name: "FacetPersistence", package: "Facet"), .product(name: "ScreenKit", package: "Facet"),
                .product(name: "FacetTesting", package: "Facet"),
            ],
            path: "Tests/Bookmarks"),
    ]
)
