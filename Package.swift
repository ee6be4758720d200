// swift-tools-version: 6.1
//
// The map of Facet. Read the `targets` list top to bottom: each layer may only
// depend on the layers above it (see ARCHITECTURE.md). Front ends see nothing
// but ScreenKit; only Composition knows concrete services and stores.
import PackageDescription

let package = Package(
    name: "Facet",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "facet", targets: ["facet"]),
        // What a package built on Facet uses (see docs/EXTENDING.md and
        // Examples/Bookmarks): the launcher to make its own `facet`, the
        // Feature API, the screen contract, and the layers a feature builds on.
        .library(name: "FacetLauncher", targets: ["FacetLauncher"]),
        .library(name: "FeatureKit", targets: ["FeatureKit"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "FacetDomain", targets: ["Domain"]),
        .library(name: "FacetPersistence", targets: ["Persistence"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The one HTTP client (connection pooling, timeouts, TLS on Linux); see README's dependency table.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // MARK: Core layers
        .target(name: "Domain", path: "Modules/Domain"),
        .target(name: "ScreenKit", path: "Modules/ScreenKit"),
        // A leaf utility (no dependencies, like a third-party package): the fast,
        // exact JSON reader shared by the seed-format parser and JSON lines.
        .target(name: "JSONCore", path: "Modules/JSONCore"),
        .target(
            name: "Services",
            dependencies: [
                "Domain", "JSONCore", "CDirectoryEntries", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Modules/Services"),
        .target(
            name: "Persistence",
            dependencies: [
                "Domain", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), "CSQLiteConfig", "CFileSync",
            ],
            path: "Modules/Persistence"),
        // sqlite3_config's settings, which Swift cannot call (a variadic C function).
        .systemLibrary(name: "CSQLiteConfig", path: "Modules/CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        // Linux's getdents64 (the Glibc module leaves it out), for the folder scanner.
        .systemLibrary(name: "CDirectoryEntries", path: "Modules/CDirectoryEntries"),
        // Linux's sync_file_range (a GNU extension the Glibc module leaves out).
        .systemLibrary(name: "CFileSync", path: "Modules/CFileSync"),
        .target(name: "Presentation", dependencies: ["Domain", "ScreenKit"], path: "Modules/Presentation"),
        // JSON-RPC 2.0 over any transport (sessions, errors, OpenRPC), reused
        // by every machine front end: JSON lines, a socket server, MCP.
        .target(name: "JSONRPC", dependencies: ["ScreenKit", "JSONCore"], path: "Modules/JSONRPC"),
        // The public Feature API: what a feature registers (screens,
        // migrations, set-up). A feature may be a module of its own on it.
        .target(name: "FeatureKit", dependencies: ["Domain", "Persistence", "ScreenKit"], path: "Modules/FeatureKit"),
        .target(
            name: "Composition",
            dependencies: ["Domain", "Services", "Persistence", "Presentation", "ScreenKit", "FeatureKit"],
            path: "Modules/Composition"),

        // MARK: Front ends (plugins: library targets that see only ScreenKit)
        .target(
            name: "CLIFrontEnd",
            dependencies: ["ScreenKit"],
            path: "Apps/FrontEnds/CLI"),
        .target(name: "JSONLFrontEnd", dependencies: ["ScreenKit", "JSONRPC"], path: "Apps/FrontEnds/JSONL"),
        .target(name: "MCPFrontEnd", dependencies: ["ScreenKit", "JSONRPC", "JSONCore"], path: "Apps/FrontEnds/MCP"),
        // glibc's <malloc.h> (mallopt), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc", path: "Modules/CMalloc"),
        .systemLibrary(name: "CNcursesw", path: "Modules/CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "TUIFrontEnd", dependencies: ["ScreenKit", "CNcursesw"], path: "Apps/FrontEnds/TUI"),
        // `facet serve`: one core on a Unix socket, a JSON-lines session per client.
        .systemLibrary(name: "CEpoll", path: "Modules/CEpoll"),
        .target(name: "ServeFrontEnd", dependencies: ["ScreenKit", "JSONRPC", "CEpoll"], path: "Apps/FrontEnds/Serve"),
        // `facet --connect`: a catalog whose screens forward to a running server.
        .target(name: "RemoteCatalog", dependencies: ["ScreenKit", "JSONRPC"], path: "Modules/RemoteCatalog"),

        // MARK: The launcher (a library, so a package built on Facet can make
        // its own `facet` with more features) and Facet's own executable.
        .target(
            name: "FacetLauncher",
            dependencies: [
                "Composition", "FeatureKit", "ScreenKit", "CLIFrontEnd", "JSONLFrontEnd", "TUIFrontEnd", "MCPFrontEnd",
                "ServeFrontEnd", "RemoteCatalog", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Apps/Launcher"),
        .executableTarget(name: "facet", dependencies: ["FacetLauncher"], path: "Apps/facet"),

        // MARK: Tools (built on demand, never part of the test suite)
        .executableTarget(name: "tui-bench", dependencies: ["TUIFrontEnd", "ScreenKit"], path: "Tools/bench/TUIBench"),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["Domain", "ScreenKit"], path: "Tests/TestSupport"),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"], path: "Tests/DomainTests"),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"], path: "Tests/JSONCoreTests"),
        // Reads Package.swift and every source's imports: the layering rules.
        .testTarget(name: "LayeringTests", dependencies: ["ScreenKit"], path: "Tests/LayeringTests"),
        .testTarget(name: "CompositionTests", dependencies: ["Composition", "Persistence", "ScreenKit", "TestSupport"], path: "Tests/CompositionTests"),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSONCore", "ScreenKit"], path: "Tests/JSONRPCTests"),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit"], path: "Tests/ScreenKitTests"),
        .testTarget(name: "ServicesTests", dependencies: ["Services", "Domain", "TestSupport"], path: "Tests/ServicesTests"),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "Domain", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")], path: "Tests/PersistenceTests"),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Domain", "ScreenKit", "TestSupport"],
            path: "Tests/PresentationTests"),
        .testTarget(
            name: "FrontEndTests",
            dependencies: ["CLIFrontEnd", "JSONLFrontEnd", "ScreenKit", "TestSupport"],
            path: "Tests/FrontEndTests"),
        .testTarget(name: "MCPTests", dependencies: ["MCPFrontEnd", "ScreenKit", "JSONRPC", "JSONCore"], path: "Tests/MCPTests"),
        .testTarget(
            name: "TUITests",
            dependencies: ["TUIFrontEnd", "ScreenKit", "TestSupport"],
            path: "Tests/TUITests",
            exclude: ["Golden"]),
        .testTarget(name: "ServeTests", dependencies: ["ServeFrontEnd", "ScreenKit", "TestSupport"], path: "Tests/ServeTests"),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport"],
            path: "Tests/EndToEndTests"),
        // Issue 17's attack suite: short mode here; Tools/attack/run.sh runs the long one.
        .testTarget(name: "AttackTests", dependencies: ["TestSupport"], path: "Tests/AttackTests"),
    ]
)
