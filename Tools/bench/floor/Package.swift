// swift-tools-version: 6.1
//
// Floor probes for the start-up goals (issues 10 and 16): the smallest
// programs that do one command's work with the same packages Facet uses,
// linked the same way (Tools/bench/floor.sh builds and times them). What
// they cost is what Facet cannot go below without dropping those packages.
import PackageDescription

let package = Package(
    name: "FacetFloor",
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(name: "grdb-floor", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        .executableTarget(name: "ahc-floor", dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]),
    ]
)
