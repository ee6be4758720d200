/// The dependency rules of docs/ARCHITECTURE.md as data, in one place: what
/// each module may depend on in `Package.swift` and import in its sources
/// (our modules and third-party products; the toolchain's are always
/// allowed). A product target no rule classifies fails the test.
enum LayeringRules {
    /// Modules of the toolchain and the system any target may import.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationNetworking", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch",
        "Observation", "Synchronization", "_Concurrency", "os",
    ]

    /// The kernel (Modules/Kernel): what every feature uses.
    static let kernel: [String: Set<String>] = [
        "KernelDomain": [],
        // Leaf modules, like third-party packages.
        "ScreenKit": [],
        "JSONCore": [],
        // libcrypto: SHA-256 of a downloaded body, computed as it arrives.
        "KernelServices": ["KernelDomain", "AsyncHTTPClient", "NIOCore", "NIOPosix", "NIOHTTP1", "CLibCrypto"],
        "KernelPersistence": ["KernelDomain", "GRDB", "GRDBSQLite", "CSQLiteConfig"],
        "KernelPresentation": ["KernelDomain", "ScreenKit"],
        "FeatureKit": ["KernelDomain", "KernelPersistence", "ScreenKit"],
    ]

    /// A feature's layer (Modules/Features/NAME/LAYER, the module NAME+LAYER):
    /// besides its own feature's Domain, the kernel's layer of the same
    /// name and the library that layer is about. Never another feature.
    static let featureLayer: [String: Set<String>] = [
        "Domain": ["KernelDomain"],
        "Services": ["KernelDomain", "KernelServices", "JSONCore"],
        // GRDBSQLite: SQLite's C API under GRDB, for prepared bulk writes.
        "Persistence": ["KernelDomain", "KernelPersistence", "GRDB", "GRDBSQLite"],
        "Presentation": ["KernelDomain", "KernelPresentation", "ScreenKit"],
    ]

    /// What one feature's layer needs beyond that (feature, layer, modules).
    static let featureExtras: [String: [String: Set<String>]] = [
        // getdents64, for the folder scanner.
        "Folders": ["Services": ["CDirectoryEntries"]],
        // TagLib's C API, for audio files' own tags.
        "Playlists": ["Services": ["CTagLib"]],
    ]

    /// A feature's wiring (Modules/Features/NAME/Feature, the module
    /// NAME+`wiringSuffix`): the Feature API, the screen contract and the
    /// kernel, plus its own feature's layers. Never another feature, never
    /// the composition root (what the app knows comes through `FeatureContext`).
    static let wiring: Set<String> = [
        "FeatureKit", "ScreenKit", "KernelDomain", "KernelServices", "KernelPersistence", "KernelPresentation",
    ]
    static let wiringFolder = "Feature"
    static let wiringSuffix = "Wiring"

    /// The composition root's own files (Modules/Composition): the kernel's
    /// adapters and the Feature API. Features come in only through
    /// `featuresListFile`, which imports every wiring module and names each
    /// feature's type once, in the features list; every other file sees a
    /// feature only as `any Feature` (no cast to, no mention of its type).
    static let composition: Set<String> = ["KernelDomain", "KernelServices", "KernelPersistence", "ScreenKit", "FeatureKit"]
    static let featuresListFile = "FacetFeatures.swift"

    /// Machine interfaces shared by front ends (Modules/JSONRPC, Modules/RemoteCatalog).
    static let machineInterfaces: [String: Set<String>] = [
        "JSONRPC": ["ScreenKit", "JSONCore"],
        // `facet --connect`: screens that forward to a running server.
        "RemoteCatalog": ["ScreenKit", "JSONRPC"],
    ]

    /// What faces share below the screen contract (Apps/FrontEnds/Pictures):
    /// pictures as pixels, for the faces that draw them themselves. Never a
    /// front end, a kernel layer or a feature.
    static let faceLibraries: [String: Set<String>] = [
        "PicturePixels": ["ScreenKit", "CStb", "CWebP"],
    ]

    /// Front ends (Apps/FrontEnds): the screen contract, JSON-RPC for the
    /// machine ones, and one system library each where it needs one. Never
    /// another front end, the kernel's other layers, FeatureKit or a feature.
    static let frontEnds: [String: Set<String>] = [
        // jq's C API for `--json FIELDS --jq EXPR`.
        "CLIFrontEnd": ["ScreenKit"],
        "JSONLFrontEnd": ["ScreenKit", "JSONRPC"],
        // JSONRPC's API speaks JSONCore's values without re-exporting them,
        // and MCP builds its tool schemas as JSONValue and writes them with
        // JSONWriter.
        "MCPFrontEnd": ["ScreenKit", "JSONRPC", "JSONCore"],
        // epoll for the socket server's event loop (Glibc's module leaves it out).
        "ServeFrontEnd": ["ScreenKit", "JSONRPC", "CEpoll"],
        // PicturePixels decodes the pictures it draws and libchafa draws
        // them (linked: see CChafa).
        "TUIFrontEnd": ["ScreenKit", "CNcursesw", "PicturePixels", "CChafa"],
        // The browser's front end: its HTTP and WebSocket server and the
        // types that server's API speaks, and PicturePixels for the rows'
        // thumbnails; still no feature and no kernel layer.
        "WebFrontEnd": ["ScreenKit", "JSONRPC", "PicturePixels", "Hummingbird", "HummingbirdCore", "HummingbirdWebSocket", "HTTPTypes", "Logging", "NIOCore", "NIOHTTP1"],
    ]

    /// The launcher (Apps/Launcher), except its registry file.
    static let launcher = "FacetLauncher"
    static let launcherUses: Set<String> = ["Composition", "FeatureKit", "ScreenKit", "RemoteCatalog", "ArgumentParser"]
    /// The one launcher file that names front ends: every other file reaches
    /// them through the registry it defines.
    static let registryFile = "FrontEndRegistry.swift"
    /// FeatureKit: an entry says its front end's `ProcessMode`.
    static let registryUses: Set<String> = Set(["ScreenKit", "FeatureKit"]).union(frontEnds.keys)

    /// Executables: their whole body is a call into a library.
    static let executables: [String: Set<String>] = ["facet": ["FacetLauncher", "CMalloc"]]

    /// The composition root target (Modules/Composition).
    static let compositionTarget = "Composition"

    /// C shims (Modules/System): no dependencies, no Swift sources.
    static let systemLibraries: Set<String> = [
        "CSQLiteConfig", "CDirectoryEntries", "CMalloc", "CNcursesw", "CEpoll", "CTagLib", "CStb", "CWebP", "CChafa", "CLibCrypto",
    ]

    /// Not product code: tests, their support and tools may use anything.
    static let exemptFolders = ["Tests/", "Tools/"]

    static let featuresFolder = "Modules/Features/"
}
