import Testing

/// Each layering rule can fail: `violations(graph:sources:)` on a small
/// in-memory package that keeps every rule, then with one breach each.
@Suite struct LayeringRuleFailureTests {
    typealias Target = PackageGraph.Target

    /// Two features (A with Domain, Persistence and Presentation; B with
    /// Domain and Services), their wiring modules, the composition root with
    /// its features list, the kernel they use, two front ends and the launcher.
    static let graph = PackageGraph(targets: [
        Target(name: "KernelDomain", kind: "regular", path: "Modules/Kernel/Domain", dependencies: []),
        Target(name: "ScreenKit", kind: "regular", path: "Modules/Kernel/ScreenKit", dependencies: []),
        Target(name: "JSONCore", kind: "regular", path: "Modules/Kernel/JSONCore", dependencies: []),
        Target(name: "KernelServices", kind: "regular", path: "Modules/Kernel/Services", dependencies: ["KernelDomain"]),
        Target(name: "KernelPersistence", kind: "regular", path: "Modules/Kernel/Persistence", dependencies: ["KernelDomain", "GRDB"]),
        Target(name: "KernelPresentation", kind: "regular", path: "Modules/Kernel/Presentation", dependencies: ["KernelDomain", "ScreenKit"]),
        Target(name: "FeatureKit", kind: "regular", path: "Modules/Kernel/FeatureKit", dependencies: ["KernelDomain", "ScreenKit"]),
        Target(name: "CNcursesw", kind: "system", path: "Modules/System/CNcursesw", dependencies: []),
        Target(name: "JSONRPC", kind: "regular", path: "Modules/JSONRPC", dependencies: ["ScreenKit", "JSONCore"]),
        Target(name: "ADomain", kind: "regular", path: "Modules/Features/A/Domain", dependencies: ["KernelDomain"]),
        Target(name: "APersistence", kind: "regular", path: "Modules/Features/A/Persistence", dependencies: ["ADomain", "KernelDomain", "KernelPersistence", "GRDB"]),
        Target(name: "APresentation", kind: "regular", path: "Modules/Features/A/Presentation", dependencies: ["ADomain", "KernelPresentation", "ScreenKit"]),
        Target(name: "BDomain", kind: "regular", path: "Modules/Features/B/Domain", dependencies: ["KernelDomain"]),
        Target(name: "BServices", kind: "regular", path: "Modules/Features/B/Services", dependencies: ["BDomain", "KernelServices", "JSONCore"]),
        Target(name: "AWiring", kind: "regular", path: "Modules/Features/A/Feature",
               dependencies: ["ADomain", "APersistence", "APresentation", "FeatureKit", "ScreenKit"]),
        Target(name: "BWiring", kind: "regular", path: "Modules/Features/B/Feature",
               dependencies: ["BDomain", "BServices", "FeatureKit", "KernelServices"]),
        Target(name: "Composition", kind: "regular", path: "Modules/Composition",
               dependencies: ["KernelDomain", "KernelServices", "FeatureKit", "ScreenKit", "AWiring", "BWiring"]),
        Target(name: "CLIFrontEnd", kind: "regular", path: "Apps/FrontEnds/CLI", dependencies: ["ScreenKit"]),
        Target(name: "JSONLFrontEnd", kind: "regular", path: "Apps/FrontEnds/JSONL", dependencies: ["ScreenKit", "JSONRPC"]),
        Target(name: "TUIFrontEnd", kind: "regular", path: "Apps/FrontEnds/TUI", dependencies: ["ScreenKit", "CNcursesw"]),
        Target(name: "FacetLauncher", kind: "regular", path: "Apps/Launcher",
               dependencies: ["Composition", "ScreenKit", "CLIFrontEnd", "JSONLFrontEnd", "TUIFrontEnd", "ArgumentParser"]),
        Target(name: "facet", kind: "executable", path: "Apps/facet", dependencies: ["FacetLauncher"]),
        Target(name: "ATests", kind: "test", path: "Tests/Features/A", dependencies: ["ADomain", "BServices", "GRDB"]),
        Target(name: "TestSupport", kind: "regular", path: "Tests/TestSupport", dependencies: ["CLIFrontEnd"]),
    ])

    static let sources: [String: String] = [
        "Modules/Kernel/Persistence/Store.swift": "import GRDB\nimport KernelDomain\n",
        "Modules/Features/A/Domain/Song.swift": "import Foundation\nimport KernelDomain\n",
        "Modules/Features/A/Persistence/SQLiteSongs.swift": "import ADomain\nimport GRDB\nimport KernelPersistence\n",
        "Modules/Features/A/Presentation/SongsViewModel.swift": "import ADomain\nimport KernelPresentation\nimport ScreenKit\n",
        "Modules/Features/B/Services/BClient.swift": "import BDomain\nimport JSONCore\nimport KernelServices\n",
        "Modules/Features/A/Feature/AFeature.swift":
            "import APersistence\nimport APresentation\nimport FeatureKit\npublic final class AFeature: Feature {}\n",
        "Modules/Features/B/Feature/BFeature.swift":
            "import BServices\nimport FeatureKit\nimport KernelServices\npublic final class BFeature: Feature {}\n",
        "Modules/Composition/App.swift": "import FeatureKit\nimport KernelDomain\n// Not AFeature: any Feature.\nlet all = features\n",
        "Modules/Composition/FacetFeatures.swift":
            "import AWiring\nimport BWiring\nimport FeatureKit\nlet features: [any Feature.Type] = [AFeature.self, BFeature.self]\n",
        "Apps/FrontEnds/CLI/CLI.swift": "import Glibc\nimport ScreenKit\n",
        "Apps/FrontEnds/JSONL/JSONL.swift": "import JSONRPC\nimport ScreenKit\n",
        "Apps/FrontEnds/TUI/Terminal.swift": "@preconcurrency import CNcursesw\nimport ScreenKit\n",
        "Apps/Launcher/FrontEndRegistry.swift": "import CLIFrontEnd\nimport JSONLFrontEnd\nimport ScreenKit\nimport TUIFrontEnd\nlet all = [CLIFrontEnd.self]\n",
        "Apps/Launcher/Launcher.swift": "import ArgumentParser\nimport Composition\n// Not CLIFrontEnd.run: the registry picks.\nlet x = registry.helpHint\n",
        "Apps/facet/main.swift": "import FacetLauncher\n",
        "Tests/Features/A/Anything.swift": "import BServices\nimport GRDB\n",
    ]

    static func check(
        replacing file: String? = nil, with text: String = "", adding targets: [Target] = [],
        changing name: String? = nil, to change: (inout Target) -> Void = { _ in }
    ) -> [String] {
        var sources = Self.sources
        if let file { sources[file] = text }
        var graph = Self.graph
        graph.targets += targets
        if let name, let index = graph.targets.firstIndex(where: { $0.name == name }) { change(&graph.targets[index]) }
        return violations(graph: graph, sources: sources)
    }

    @Test func theFixtureKeepsEveryRule() {
        #expect(Self.check() == [])
    }

    @Test func aFeatureImportingAnotherFeature() {
        #expect(Self.check(replacing: "Modules/Features/A/Presentation/SongsViewModel.swift",
                           with: "import ADomain\nimport BDomain\nimport ScreenKit\n") == [
            "Modules/Features/A/Presentation/SongsViewModel.swift:2: APresentation imports BDomain, a module of the feature B: a feature never uses another feature's modules",
        ])
        #expect(Self.check(changing: "APersistence") { $0.dependencies.append("BServices") } == [
            "Package.swift: APersistence depends on BServices, a module of the feature B: a feature never uses another feature's modules",
        ])
    }

    @Test func aViewModelImportingGRDB() {
        #expect(Self.check(replacing: "Modules/Features/A/Presentation/SongsViewModel.swift",
                           with: "import ADomain\nimport GRDB\n") == [
            "Modules/Features/A/Presentation/SongsViewModel.swift:2: APresentation imports GRDB, which its rule does not allow (allowed: ADomain, KernelDomain, KernelPresentation, ScreenKit)",
        ])
    }

    @Test func aDomainImportingTheScreenContract() {
        #expect(Self.check(replacing: "Modules/Features/A/Domain/Song.swift", with: "import ScreenKit\n") == [
            "Modules/Features/A/Domain/Song.swift:1: ADomain imports ScreenKit, which its rule does not allow (allowed: KernelDomain)",
        ])
    }

    @Test func theCLIImportingNcurses() {
        #expect(Self.check(replacing: "Apps/FrontEnds/CLI/CLI.swift", with: "import ScreenKit\nimport CNcursesw\n") == [
            "Apps/FrontEnds/CLI/CLI.swift:2: CLIFrontEnd imports CNcursesw, which its rule does not allow (allowed: ScreenKit)",
        ])
        #expect(Self.check(changing: "CLIFrontEnd") { $0.dependencies.append("CNcursesw") } == [
            "Package.swift: CLIFrontEnd depends on CNcursesw, which its rule does not allow",
        ])
    }

    @Test func jsonLinesImportingNcurses() {
        #expect(Self.check(replacing: "Apps/FrontEnds/JSONL/JSONL.swift", with: "@preconcurrency import CNcursesw\n") == [
            "Apps/FrontEnds/JSONL/JSONL.swift:1: JSONLFrontEnd imports CNcursesw, which its rule does not allow (allowed: JSONRPC, ScreenKit)",
        ])
    }

    @Test func aFrontEndImportingAnotherFrontEnd() {
        #expect(Self.check(replacing: "Apps/FrontEnds/TUI/Terminal.swift", with: "import CLIFrontEnd\n") == [
            "Apps/FrontEnds/TUI/Terminal.swift:1: TUIFrontEnd imports the front end CLIFrontEnd: front ends never use each other",
        ])
    }

    @Test func theLauncherReachingAFrontEndOutsideItsRegistry() {
        #expect(Self.check(replacing: "Apps/Launcher/Launcher.swift",
                           with: "import CLIFrontEnd\nimport Composition\nlet x = CLIFrontEnd.globalHelpHint // CLIFrontEnd\n") == [
            "Apps/Launcher/Launcher.swift:1: the launcher imports the front end CLIFrontEnd outside FrontEndRegistry.swift: front ends are reached only through the registry",
            "Apps/Launcher/Launcher.swift:3: the launcher names the front end CLIFrontEnd outside FrontEndRegistry.swift: front ends are reached only through the registry",
        ])
    }

    @Test func wiringImportingAnotherFeature() {
        #expect(Self.check(replacing: "Modules/Features/B/Feature/BFeature.swift",
                           with: "import BServices\nimport FeatureKit\nimport APresentation\n") == [
            "Modules/Features/B/Feature/BFeature.swift:3: the wiring of B imports APresentation, a module of the feature A: a feature never uses another feature's modules",
        ])
        #expect(Self.check(changing: "BWiring") { $0.dependencies.append("AWiring") } == [
            "Package.swift: BWiring depends on AWiring, a module of the feature A: a feature never uses another feature's modules",
        ])
    }

    @Test func wiringReachingIntoTheApp() {
        #expect(Self.check(replacing: "Modules/Features/A/Feature/AFeature.swift",
                           with: "import APresentation\nimport Composition\nimport FeatureKit\n") == [
            "Modules/Features/A/Feature/AFeature.swift:2: the wiring of A imports Composition, which its rule does not allow (allowed: ADomain, APersistence, APresentation, FeatureKit, KernelDomain, KernelPersistence, KernelPresentation, KernelServices, ScreenKit)",
        ])
    }

    @Test func aFeatureLayerImportingAnotherFeaturesWiring() {
        #expect(Self.check(replacing: "Modules/Features/A/Presentation/SongsViewModel.swift",
                           with: "import ADomain\nimport BWiring\nimport ScreenKit\n") == [
            "Modules/Features/A/Presentation/SongsViewModel.swift:2: APresentation imports BWiring, a module of the feature B: a feature never uses another feature's modules",
        ])
    }

    @Test func theCompositionRootImportingAFeature() {
        #expect(Self.check(replacing: "Modules/Composition/App.swift", with: "import FeatureKit\nimport ADomain\n") == [
            "Modules/Composition/App.swift:2: the composition root imports ADomain: a feature is wired only by its own wiring module",
        ])
        #expect(Self.check(changing: "Composition") { $0.dependencies.append("APresentation") } == [
            "Package.swift: Composition depends on APresentation, a module of the feature A: a feature never uses another feature's modules",
        ])
        // Even the features list takes a feature's wiring module only.
        #expect(Self.check(replacing: "Modules/Composition/FacetFeatures.swift", with: "import AWiring\nimport ADomain\n") == [
            "Modules/Composition/FacetFeatures.swift:2: the composition root imports ADomain: a feature is wired only by its own wiring module",
        ])
    }

    @Test func theCompositionRootReachingAFeatureOutsideItsList() {
        #expect(Self.check(replacing: "Modules/Composition/App.swift",
                           with: "import AWiring\nimport FeatureKit\nfor case let a as AFeature in installed { a.watch = nil }\n") == [
            "Modules/Composition/App.swift:1: the composition root imports AWiring outside FacetFeatures.swift: features are listed there and reached only through the Feature API",
            "Modules/Composition/App.swift:3: the composition root names AFeature, a type of AWiring, outside FacetFeatures.swift: it reaches features only through the Feature API",
        ])
    }

    @Test func anImportTheManifestDoesNotDeclare() {
        // Allowed for the layer, but reached only through another module's dependencies.
        #expect(Self.check(changing: "APersistence") { $0.dependencies.removeAll { $0 == "GRDB" } } == [
            "Modules/Features/A/Persistence/SQLiteSongs.swift:2: APersistence imports GRDB, which APersistence does not depend on in Package.swift",
        ])
    }

    @Test func anUnclassifiedTarget() {
        let extra = Target(name: "Bookmarks", kind: "regular", path: "Modules/Bookmarks", dependencies: [])
        #expect(Self.check(adding: [extra]) == [
            "Bookmarks (Modules/Bookmarks) has no layering rule: classify it in LayeringRules (and docs/ARCHITECTURE.md)",
        ])
        // A feature folder's module that is not one of the four layers.
        let odd = Target(name: "AHelpers", kind: "regular", path: "Modules/Features/A/Helpers", dependencies: [])
        #expect(Self.check(adding: [odd]) == [
            "AHelpers (Modules/Features/A/Helpers) has no layering rule: classify it in LayeringRules (and docs/ARCHITECTURE.md)",
        ])
    }
}
