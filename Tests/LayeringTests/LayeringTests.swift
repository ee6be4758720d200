import Foundation
import ScreenKit
import Testing

/// The dependency rules of docs/ARCHITECTURE.md, checked on `Package.swift`
/// and on the `import` lines of every source file, plus the front-end
/// conventions (no standard names as literals, no casts to screen classes).
@Suite struct LayeringTests {
    /// Modules of the toolchain and the system any target may import.
    static let system: Set<String> = [
        "Foundation", "FoundationNetworking", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch",
        "Observation", "Synchronization", "_Concurrency", "os",
    ]

    /// What each product target may depend on (ours and third-party
    /// products). Front ends, feature modules and the launcher get theirs
    /// from `allowed(for:)`; a target named nowhere fails the test.
    static let rules: [String: Set<String>] = [
        "Domain": [],
        "JSONCore": [],
        "ScreenKit": [],
        "CNcursesw": [],
        "CEpoll": [],
        "CMalloc": [],
        "CSQLiteConfig": [],
        "CFileSync": [],
        "CDirectoryEntries": [],
        "Services": ["Domain", "JSONCore", "CDirectoryEntries", "Crypto", "AsyncHTTPClient", "NIOCore", "NIOPosix", "NIOHTTP1"],
        "Persistence": ["Domain", "GRDB", "GRDBSQLite", "CSQLiteConfig", "CFileSync"],
        "Presentation": ["Domain", "ScreenKit"],
        "JSONRPC": ["ScreenKit", "JSONCore"],
        // `facet --connect`: screens that forward to a running server.
        "RemoteCatalog": ["ScreenKit", "JSONRPC", "JSONCore"],
        "FeatureKit": ["Domain", "Persistence", "ScreenKit"],
        "Composition": ["Domain", "Services", "Persistence", "Presentation", "ScreenKit", "FeatureKit", "JSONCore"],
    ]
    /// Front ends (`Apps/FrontEnds/*`): the screen contract, the JSON-RPC
    /// module for machine front ends (whose API speaks JSONCore's values),
    /// ncurses for the TUI, epoll for the socket server's event loop (a
    /// system header Glibc's module leaves out). Never Domain, Services,
    /// Persistence, Presentation, FeatureKit or Composition.
    static let frontEndRule: Set<String> = ["ScreenKit", "JSONRPC", "JSONCore", "CNcursesw", "CEpoll"]
    /// A feature in a module of its own (`Modules/Features/*`).
    static let featureModuleRule: Set<String> = [
        "Domain", "Services", "Persistence", "Presentation", "ScreenKit", "FeatureKit", "JSONCore",
    ]

    /// A comment marking a literal that only looks like a standard name.
    static let notAStandardName = "layering: not a standard name"

    let map: PackageMap

    init() throws { map = try PackageMap() }

    var frontEnds: [PackageMap.Target] { map.targets.filter { $0.path.hasPrefix("Apps/FrontEnds/") } }
    var featureModules: [PackageMap.Target] { map.targets.filter { $0.path.hasPrefix("Modules/Features/") } }

    /// Product code only: tests and tools may use anything.
    var productTargets: [PackageMap.Target] {
        map.targets.filter { $0.kind != "testTarget" && !$0.path.hasPrefix("Tests/") && !$0.path.hasPrefix("Tools/") }
    }

    func allowed(for target: PackageMap.Target) -> Set<String>? {
        if target.path.hasPrefix("Apps/FrontEnds/") { return Self.frontEndRule }
        if target.path.hasPrefix("Modules/Features/") { return Self.featureModuleRule }
        if target.name == "Composition" { return Self.rules["Composition"]!.union(featureModules.map(\.name)) }
        if target.path == "Apps/Launcher" {
            return Set(["Composition", "FeatureKit", "RemoteCatalog", "ScreenKit", "ArgumentParser", "CMalloc"])
                .union(frontEnds.map(\.name))
        }
        if target.path == "Apps/facet" { return ["FacetLauncher"] }
        return Self.rules[target.name]
    }

    /// Every rule violation of `map`: undeclared layers, forbidden package
    /// dependencies, forbidden imports.
    func violations() throws -> [String] {
        var problems: [String] = []
        let ours = Set(map.targets.map(\.name))
        for target in productTargets {
            guard let allowed = allowed(for: target) else {
                problems.append("\(target.name) (\(target.path)) has no layering rule: add one to docs/ARCHITECTURE.md and LayeringTests")
                continue
            }
            for dependency in target.dependencies where !allowed.contains(dependency) {
                problems.append("Package.swift: \(target.name) depends on \(dependency), which ARCHITECTURE.md does not allow")
            }
            for file in map.sources(of: target) {
                for (module, line) in PackageMap.imports(in: try map.contents(file)) {
                    if Self.system.contains(module) { continue }
                    if !allowed.contains(module) {
                        let what = ours.contains(module) ? "the \(module) layer" : "the module \(module)"
                        problems.append("\(file):\(line): \(target.name) imports \(what), which ARCHITECTURE.md does not allow")
                    }
                }
            }
        }
        return problems
    }

    /// Front-end sources that spell a standard name as a literal or cast a
    /// screen to a concrete class.
    func frontEndConventionViolations() throws -> [String] {
        let names = Set(StandardAction.all + [
            StandardParam.field, StandardParam.value, StandardParam.item, StandardParam.text, StandardParam.by,
            StandardParam.descending,
        ])
        let cast = try NSRegularExpression(pattern: #"\bas[?!]?\s+(?:any\s+)?[A-Za-z_.]*(?:ScreenModel|ViewModel)\b"#)
        var problems: [String] = []
        for target in frontEnds {
            for file in map.sources(of: target) {
                let source = try map.contents(file)
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                for (text, line) in SwiftLiterals.strings(in: source) where names.contains(text) {
                    // A word that only looks like a standard name (the arrow
                    // key "up") is marked where it stands, for reviewers to see.
                    if lines[line - 1].contains(Self.notAStandardName) { continue }
                    problems.append("\(file):\(line): the standard name \"\(text)\" as a literal (use StandardAction/StandardParam)")
                }
                for (number, lineText) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let text = String(lineText)
                    if text.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                    if cast.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                        problems.append("\(file):\(number + 1): a cast to a concrete screen class: \(text.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        return problems
    }

    @Test func theManifestIsReadWhole() {
        // A parser that silently found nothing would pass everything.
        let names = Set(map.targets.map(\.name))
        #expect(names.isSuperset(of: ["Domain", "JSONCore", "JSONRPC", "ScreenKit", "Composition", "FeatureKit", "facet",
                                      "CLIFrontEnd", "TUIFrontEnd", "JSONLFrontEnd", "LayeringTests"]))
        #expect(map.targets.first { $0.name == "JSONLFrontEnd" }?.dependencies.contains("JSONRPC") == true)
        #expect(map.targets.first { $0.name == "Persistence" }?.dependencies.contains("GRDB") == true)
        #expect(map.sources(of: map.targets.first { $0.name == "facet" }!).isEmpty == false)
    }

    @Test func everyDependencyIsAllowedByTheArchitecture() throws {
        let problems = try violations()
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    @Test func frontEndsUseStandardNamesAndNoConcreteScreens() throws {
        let problems = try frontEndConventionViolations()
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    // MARK: The checks themselves can fail

    @Test func theChecksCatchViolations() throws {
        let manifest = """
            .target(name: "Presentation", dependencies: ["Domain", "ScreenKit", "Persistence"], path: "Modules/Presentation"),
            .target(name: "JSONLFrontEnd", dependencies: ["ScreenKit", .product(name: "GRDB", package: "GRDB.swift")], path: "Apps/FrontEnds/JSONL"),
            """
        let targets = PackageMap.targets(in: manifest)
        #expect(targets.map(\.dependencies) == [["Domain", "ScreenKit", "Persistence"], ["GRDB", "ScreenKit"]])
        #expect(PackageMap.imports(in: "import Foundation\n@testable import Domain\n  @preconcurrency import CNcursesw\nimport struct GRDB.Row\n// import Nope")
            .map(\.module) == ["Foundation", "Domain", "CNcursesw", "GRDB"])
        let literals = SwiftLiterals.strings(in: #"""
            let a = "load-more" // "reload"
            /* "set-field" /* nested */ "x" */ let b = #"open"#
            let c = "say \"hi\" \(name("x"))"; let d = ""
            let e = """
                field
                """
            """#).map(\.text)
        #expect(literals == ["load-more", "open", #"say \"hi\" \(name("x"))"#, "", "\n    field\n    "])
    }
}
