// swift-tools-version: 6.1
//
// The map of Facet (drawn in docs/ARCHITECTURE.md, whose rules
// Tests/LayeringTests enforce):
//
//   Modules/Kernel/        what every feature uses: the screen contract, the
//                          Feature API, the database, HTTP, JSON, accounts
//   Modules/Features/NAME/ one folder per feature, a module per layer inside
//                          (NAMEDomain, NAMEServices, NAMEPersistence,
//                          NAMEPresentation: the layers it needs) and its
//                          wiring in Feature/ (the module NAMEWiring)
//   Modules/Composition/   the composition root: the features list, where
//                          each feature is one import and one line
//   Apps/                  front ends (plug-ins that see only ScreenKit) and
//                          the launcher
//
// Features are found by listing Modules/Features, so a new feature is its own
// folder (and its tests' folder) plus its line in the composition root's
// features list; every feature's layers get the same dependencies, so the
// compiler keeps a view model away from SQLite and HTTP and one feature away
// from another.
import Foundation
import PackageDescription

/// The layers a feature may have, each its own module.
enum Layer: String, CaseIterable {
    case domain = "Domain", services = "Services", persistence = "Persistence", presentation = "Presentation"

    /// What a feature's layer may use besides its own Domain: the kernel's
    /// matching layer and the libraries that layer is about.
    var kernel: [Target.Dependency] {
        switch self {
        case .domain: ["KernelDomain"]
        case .services: ["KernelDomain", "KernelServices", "JSONCore"]
        case .persistence:
            [
                "KernelDomain", "KernelPersistence", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        case .presentation: ["KernelDomain", "KernelPresentation", "ScreenKit"]
        }
    }
}

/// A folder of Modules/Features: its name, the layers it has, and whether
/// it has its wiring (a Feature/ folder).
struct FeatureFolder {
    let name: String
    let layers: [Layer]
    let hasWiring: Bool
    let hasTests: Bool

    func target(_ layer: Layer) -> String { name + layer.rawValue }
    var targets: [String] { layers.map(target) }
    /// The module of its Feature/ folder: not NAMEFeature, which is the
    /// usual name of the class inside it.
    var wiring: String { name + "Wiring" }
}

/// What a feature's wiring may use besides its own layers: the Feature API,
/// the screen contract and the kernel.
let wiringKernel: [Target.Dependency] = [
    "FeatureKit", "ScreenKit", "KernelDomain", "KernelServices", "KernelPersistence", "KernelPresentation",
]

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

func subfolders(_ path: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + path)) ?? []
    return names.filter { name in
        var isFolder: ObjCBool = false
        return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: root + "/" + path + "/" + name, isDirectory: &isFolder)
            && isFolder.boolValue
    }.sorted()
}

let features = subfolders("Modules/Features").map { name in
    let present = subfolders("Modules/Features/" + name)
    return FeatureFolder(
        name: name, layers: Layer.allCases.filter { present.contains($0.rawValue) },
        hasWiring: present.contains("Feature"), hasTests: FileManager.default.fileExists(atPath: root + "/Tests/Features/" + name))
}

/// System libraries a feature's layer needs beyond its kernel layer: Linux
/// calls the Glibc module leaves out, or one package the layer is about.
let featureExtras: [String: [Layer: [Target.Dependency]]] = [
    // getdents64, for the folder scanner.
    "Folders": [.services: ["CDirectoryEntries"]],
    // TagLib's C API, for the titles, artists and lengths in audio files' own tags.
    "Playlists": [.services: ["CTagLib"]],
]

func featureTargets(_ feature: FeatureFolder) -> [Target] {
    feature.layers.map { layer in
        let ownDomain: [Target.Dependency] =
            layer != .domain && feature.layers.contains(.domain) ? [.target(name: feature.target(.domain))] : []
        return .target(
            name: feature.target(layer),
            dependencies: ownDomain + layer.kernel + (featureExtras[feature.name]?[layer] ?? []),
            path: "Modules/Features/\(feature.name)/\(layer.rawValue)")
    } + (feature.hasWiring ? [
        .target(
            name: feature.wiring, dependencies: feature.targets.map { .target(name: $0) } + wiringKernel,
            path: "Modules/Features/\(feature.name)/Feature"),
    ] : []) + (feature.hasTests ? [
        .testTarget(
            name: feature.name + "Tests",
            dependencies: feature.targets.map { .target(name: $0) } + [
                "KernelDomain", "KernelPersistence", "KernelPresentation", "ScreenKit", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/Features/" + feature.name),
    ] : [])
}

let package = Package(
    name: "Facet",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "facet", targets: ["facet"]),
        // What a package built on Facet uses (see docs/EXTENDING.md and
        // Examples/Bookmarks): the launcher to make its own `facet`, the
        // Feature API, the screen contract, and the kernel's layers.
        .library(name: "FacetLauncher", targets: ["FacetLauncher"]),
        .library(name: "FeatureKit", targets: ["FeatureKit"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "FacetDomain", targets: ["KernelDomain"]),
        .library(name: "FacetPersistence", targets: ["KernelPersistence"]),
        .library(name: "FacetPresentation", targets: ["KernelPresentation"]),
        // What a package's tests use: its executable driven through the CLI, JSON
        // lines and MCP, each run with its own home and a deadline.
        .library(name: "FacetTesting", targets: ["FacetTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The one HTTP client (connection pooling, timeouts, TLS on Linux); see README's dependency table.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The web front end's HTTP and WebSocket server (async/await on SwiftNIO); see README's dependency table.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // MARK: The kernel: what every feature uses
        .target(name: "KernelDomain", path: "Modules/Kernel/Domain"),
        .target(name: "ScreenKit", path: "Modules/Kernel/ScreenKit"),
        // A leaf utility (no dependencies, like a third-party package): the fast,
        // exact JSON reader shared by the seed-format parser and JSON lines.
        .target(name: "JSONCore", path: "Modules/Kernel/JSONCore"),
        .target(
            name: "KernelServices",
            dependencies: [
                "KernelDomain", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), "CLibCrypto",
            ],
            path: "Modules/Kernel/Services"),
        .target(
            name: "KernelPersistence",
            dependencies: [
                "KernelDomain", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), "CSQLiteConfig",
            ],
            path: "Modules/Kernel/Persistence"),
        .target(name: "KernelPresentation", dependencies: ["KernelDomain", "ScreenKit"], path: "Modules/Kernel/Presentation"),
        // The public Feature API: what a feature registers (screens,
        // migrations, set-up) and the shared context it is given.
        .target(
            name: "FeatureKit", dependencies: ["KernelDomain", "KernelPersistence", "ScreenKit"],
            path: "Modules/Kernel/FeatureKit"),

        // MARK: System libraries (C functions Swift's Glibc module leaves out)
        // sqlite3_config's settings, which Swift cannot call (a variadic C function).
        .systemLibrary(name: "CSQLiteConfig", path: "Modules/System/CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        // Linux's getdents64, for the folder scanner.
        .systemLibrary(name: "CDirectoryEntries", path: "Modules/System/CDirectoryEntries"),
        // glibc's <malloc.h> (mallopt), for the facet executable's memory policy.
        .systemLibrary(name: "CMalloc", path: "Modules/System/CMalloc"),
        .systemLibrary(name: "CNcursesw", path: "Modules/System/CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CEpoll", path: "Modules/System/CEpoll"),
        // OpenSSL's libcrypto, for SHA-256 (KernelServices' SHA256).
        .systemLibrary(name: "CLibCrypto", path: "Modules/System/CLibCrypto", providers: [.apt(["libssl-dev"])]),
        // TagLib's C API: declarations only, the library is opened at run
        // time (a static executable cannot link Debian's shared-only TagLib).
        .systemLibrary(name: "CTagLib", path: "Modules/System/CTagLib", providers: [.apt(["libtagc0-dev"])]),
        // stb_image, for the pictures the TUI draws: linked (libstb.a in the
        // static release executable), since a library opened at run time
        // inside a static executable cannot allocate.
        .systemLibrary(name: "CStb", path: "Modules/System/CStb", providers: [.apt(["libstb-dev"])]),
        // libwebp's decoder, for the WebP pictures stb_image does not read (linked too).
        .systemLibrary(name: "CWebP", path: "Modules/System/CWebP", providers: [.apt(["libwebp-dev"])]),
        // libchafa, which draws those pictures as symbols: linked with static
        // GLib in the static release executable (opened there, GLib's
        // thread-specific keys would collide with the Swift runtime's).
        .systemLibrary(
            name: "CChafa", path: "Modules/System/CChafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev", "libpcre2-dev"])]),

        // MARK: The composition root: the kernel's adapters and the features
        // list, which sees each feature's wiring module (NAMEWiring) only
        // as a `Feature` type.
        .target(
            name: "Composition",
            dependencies: ["KernelDomain", "KernelServices", "KernelPersistence", "ScreenKit", "FeatureKit"]
                + features.filter(\.hasWiring).map { .target(name: $0.wiring) },
            path: "Modules/Composition"),

        // MARK: Machine interfaces
        // JSON-RPC 2.0 over any transport (sessions, errors, OpenRPC), reused
        // by every machine front end: JSON lines, a socket server, MCP.
        .target(name: "JSONRPC", dependencies: ["ScreenKit", "JSONCore"], path: "Modules/JSONRPC"),
        // `facet --connect`: a catalog whose screens forward to a running server.
        .target(name: "RemoteCatalog", dependencies: ["ScreenKit", "JSONRPC"], path: "Modules/RemoteCatalog"),

        // MARK: Front ends (plugins: library targets that see only ScreenKit)
        .target(name: "CLIFrontEnd", dependencies: ["ScreenKit"], path: "Apps/FrontEnds/CLI"),
        .target(name: "JSONLFrontEnd", dependencies: ["ScreenKit", "JSONRPC"], path: "Apps/FrontEnds/JSONL"),
        .target(name: "MCPFrontEnd", dependencies: ["ScreenKit", "JSONRPC", "JSONCore"], path: "Apps/FrontEnds/MCP"),
        // Pictures as pixels (decoded, scaled, written as PNG), for the faces
        // that draw pictures themselves: the TUI's symbols, the web page's thumbnails.
        .target(name: "PicturePixels", dependencies: ["ScreenKit", "CStb", "CWebP"], path: "Apps/FrontEnds/Pictures"),
        .target(name: "TUIFrontEnd", dependencies: ["ScreenKit", "CNcursesw", "PicturePixels", "CChafa"], path: "Apps/FrontEnds/TUI"),
        // `facet serve`: one core on a Unix socket, a JSON-lines session per client.
        .target(name: "ServeFrontEnd", dependencies: ["ScreenKit", "JSONRPC", "CEpoll"], path: "Apps/FrontEnds/Serve"),
        // `facet --ui web`: the screens in a browser, over loopback HTTP and one WebSocket per page.
        .target(
            name: "WebFrontEnd",
            dependencies: [
                "ScreenKit", "JSONRPC", "PicturePixels", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Apps/FrontEnds/Web"),

        // MARK: The launcher (a library, so a package built on Facet can make
        // its own `facet` with more features) and Facet's own executable.
        .target(
            name: "FacetLauncher",
            dependencies: [
                "Composition", "FeatureKit", "ScreenKit", "CLIFrontEnd", "JSONLFrontEnd", "TUIFrontEnd", "MCPFrontEnd",
                "ServeFrontEnd", "WebFrontEnd", "RemoteCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Apps/Launcher"),
        // Facet's executable; its memory policy (CMalloc) is its own, not the launcher's.
        .executableTarget(name: "facet", dependencies: ["FacetLauncher", "CMalloc"], path: "Apps/facet"),

        // MARK: Tools (built on demand, never part of the test suite)
        .executableTarget(name: "tui-bench", dependencies: ["TUIFrontEnd", "ScreenKit"], path: "Tools/bench/TUIBench"),

        // MARK: Tests (a feature's own tests are in Tests/Features/NAME)
        // Running a built executable through its faces: Foundation only, so a
        // package outside the tree can use it (the FacetTesting product).
        .target(name: "FacetTesting", path: "Tests/FacetTesting"),
        // Facet's own fixtures, re-exporting FacetTesting.
        // Links TagLib itself: the tests write their fixture audio files' tags with it.
        .target(
            name: "TestSupport", dependencies: ["KernelDomain", "ScreenKit", "CTagLib", "FacetTesting"], path: "Tests/TestSupport",
            linkerSettings: [.linkedLibrary("tag_c")]),
        .testTarget(
            name: "KernelTests",
            dependencies: [
                "KernelDomain", "KernelServices", "KernelPersistence", "KernelPresentation", "ScreenKit", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/KernelTests"),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"], path: "Tests/JSONCoreTests"),
        // Reads the package graph (from `swift package dump-package`) and every
        // source's imports: the layering rules.
        .testTarget(name: "LayeringTests", dependencies: ["ScreenKit"], path: "Tests/LayeringTests"),
        .testTarget(
            name: "CompositionTests",
            dependencies: ["Composition", "KernelPersistence", "ScreenKit", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
                + features.flatMap(\.targets).map { .target(name: $0) },
            path: "Tests/CompositionTests"),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSONCore", "ScreenKit"], path: "Tests/JSONRPCTests"),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit", "TestSupport"], path: "Tests/ScreenKitTests"),
        .testTarget(
            name: "FrontEndTests",
            dependencies: ["CLIFrontEnd", "JSONLFrontEnd", "ScreenKit", "TestSupport"],
            path: "Tests/FrontEndTests"),
        .testTarget(name: "PicturePixelsTests", dependencies: ["PicturePixels", "ScreenKit", "TestSupport"], path: "Tests/PicturePixelsTests"),
        .testTarget(
            name: "WebFrontEndTests", dependencies: ["WebFrontEnd", "PicturePixels", "ScreenKit", "TestSupport"],
            path: "Tests/WebFrontEndTests"),
        .testTarget(name: "MCPTests", dependencies: ["MCPFrontEnd", "ScreenKit", "JSONRPC", "JSONCore"], path: "Tests/MCPTests"),
        .testTarget(
            name: "TUITests",
            dependencies: ["TUIFrontEnd", "ScreenKit", "TestSupport"],
            path: "Tests/TUITests",
            exclude: ["Golden"]),
        .testTarget(name: "ServeTests", dependencies: ["ServeFrontEnd", "RemoteCatalog", "JSONRPC", "ScreenKit", "TestSupport"], path: "Tests/ServeTests"),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], path: "Tests/EndToEndTests", exclude: ["Fixtures"]),
        // The attack suite: short mode here; Tools/attack/run.sh runs the long one.
        .testTarget(name: "AttackTests", dependencies: ["TestSupport"], path: "Tests/AttackTests"),
    ] + features.flatMap(featureTargets)
)
