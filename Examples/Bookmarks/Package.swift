// swift-tools-version: 6.1
//
// A package built on Facet: its own feature (bookmarks, stored in Facet's
// SQLite database through its own migration) and its own `facet-bookmarks`
// executable with every Facet screen plus this one, in every front end.
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
        // The feature: Domain, Persistence and Presentation in one module.
        .target(
            name: "Bookmarks",
            dependencies: [
                .product(name: "FeatureKit", package: "Facet"),
                .product(name: "ScreenKit", package: "Facet"),
                .product(name: "FacetDomain", package: "Facet"),
                .product(name: "FacetPersistence", package: "Facet"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // Facet with the bookmarks feature: one line of code.
        .executableTarget(
            name: "facet-bookmarks",
            dependencies: ["Bookmarks", .product(name: "FacetLauncher", package: "Facet")]),
        .testTarget(
            name: "BookmarksTests",
            dependencies: [
                "Bookmarks", .product(name: "FacetPersistence", package: "Facet"),
                .product(name: "ScreenKit", package: "Facet"),
            ]),
    ]
)
