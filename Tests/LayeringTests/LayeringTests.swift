import Foundation
import ScreenKit
import Testing

/// The dependency rules of docs/ARCHITECTURE.md (`LayeringRules`), checked
/// on the package graph SwiftPM evaluates and on the `import` lines of every
/// product source, plus the front-end conventions (no standard names as
/// literals, no casts to screen classes).
@Suite struct LayeringTests {
    /// A comment marking a literal that only looks like a standard name.
    static let notAStandardName = "layering: not a standard name"

    let graph: PackageGraph
    /// Every product target's Swift sources, by path relative to the root.
    let sources: [String: String]

    init() throws {
        graph = try PackageGraph.current.get()
        sources = try PackageGraph.sources(of: graph.targets.filter { Role.of($0) != .exempt })
    }

    @Test func theGraphIsSwiftPMsWholeGraph() throws {
        // A reader that silently found nothing would pass everything.
        let names = Set(graph.targets.map(\.name))
        #expect(names.isSuperset(of: [
            "KernelDomain", "KernelServices", "KernelPersistence", "KernelPresentation", "ScreenKit", "FeatureKit",
            "JSONCore", "JSONRPC", "Composition", "facet", "CLIFrontEnd", "TUIFrontEnd", "JSONLFrontEnd", "LayeringTests",
        ]))
        // Features exist only as the manifest lists Modules/Features: one
        // module per layer folder of each feature folder.
        let features = try FileManager.default.contentsOfDirectory(
            atPath: PackageGraph.repositoryRoot.appendingPathComponent(LayeringRules.featuresFolder).path
        ).filter { !$0.hasPrefix(".") }
        #expect(features.count >= 5)
        for feature in features {
            let layers = try FileManager.default.contentsOfDirectory(
                atPath: PackageGraph.repositoryRoot.appendingPathComponent(LayeringRules.featuresFolder + feature).path)
            for layer in layers where LayeringRules.featureLayer[layer] != nil {
                #expect(names.contains(feature + layer), "no target for \(LayeringRules.featuresFolder)\(feature)/\(layer)")
            }
            // Its wiring is a module of its own, which the composition root
            // links (and sees only through the Feature API).
            if layers.contains(LayeringRules.wiringFolder) {
                let wiring = feature + LayeringRules.wiringSuffix
                #expect(names.contains(wiring), "no target for \(LayeringRules.featuresFolder)\(feature)/Feature")
                #expect(graph.target("Composition")?.dependencies.contains(wiring) == true)
            }
        }
        #expect(graph.target("Composition")?.path == "Modules/Composition")
        #expect(sources.keys.contains("Modules/Composition/" + LayeringRules.featuresListFile))
        #expect(graph.target("JSONLFrontEnd")?.dependencies.contains("JSONRPC") == true)
        #expect(graph.target("KernelPersistence")?.dependencies.contains("GRDB") == true)
        #expect(sources.keys.contains { $0.hasPrefix("Apps/facet/") })
        #expect(sources.keys.contains { $0.hasPrefix("Modules/Features/Folders/Feature/") })
    }

    @Test func everyDependencyIsAllowedByTheArchitecture() {
        let problems = violations(graph: graph, sources: sources)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    @Test func frontEndsUseStandardNamesAndNoConcreteScreens() throws {
        let problems = try frontEndConventionViolations()
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    /// Front-end sources that spell a standard name as a literal or cast a
    /// screen to a concrete class.
    func frontEndConventionViolations() throws -> [String] {
        let names = Set(StandardAction.all + [
            StandardParam.field, StandardParam.value, StandardParam.item, StandardParam.text, StandardParam.by,
            StandardParam.descending,
        ])
        let cast = try NSRegularExpression(pattern: #"\bas[?!]?\s+(?:any\s+)?[A-Za-z_.]*(?:ScreenModel|ViewModel)\b"#)
        let frontEnds = graph.targets.filter { LayeringRules.frontEnds[$0.name] != nil }
        #expect(frontEnds.count == LayeringRules.frontEnds.count)
        var problems: [String] = []
        for target in frontEnds {
            for file in sources.keys.sorted() where target.owns(file) {
                let source = sources[file]!
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                for (text, line) in SwiftLiterals.strings(in: source) where names.contains(text) {
                    // A word that only looks like a standard name (the arrow
                    // key "up") is marked where it stands, for reviewers to see.
                    if lines[line - 1].contains(Self.notAStandardName) { continue }
                    problems.append("\(file):\(line): the standard name \"\(text)\" as a literal (use StandardAction/StandardParam)")
                }
                for (number, lineText) in lines.enumerated() {
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

    // MARK: The readers themselves can fail

    @Test func theReadersFindWhatTheyMust() throws {
        #expect(SwiftImports.imports(in: "import Foundation\n@testable import KernelDomain\n  @preconcurrency import CNcursesw\nimport struct GRDB.Row\n// import Nope")
            .map(\.module) == ["Foundation", "KernelDomain", "CNcursesw", "GRDB"])
        let literals = SwiftLiterals.strings(in: #"""
            let a = "load-more" // "reload"
            /* "set-field" /* nested */ "x" */ let b = #"open"#
            let c = "say \"hi\" \(name("x"))"; let d = ""
            let e = """
                field
                """
            """#).map(\.text)
        #expect(literals == ["load-more", "open", #"say \"hi\" \(name("x"))"#, "", "\n    field\n    "])
        let json = #"""
            {"targets": [{"name": "Composition", "type": "regular", "path": "Modules", "exclude": [],
              "sources": ["Composition", "Features/A/Feature"],
              "dependencies": [{"byName": ["ScreenKit", null]}, {"target": ["ADomain", null]},
                               {"product": ["GRDB", "GRDB.swift", null, null]}]}]}
            """#
        let target = try #require(try PackageGraph.decode(Data(json.utf8)).targets.first)
        #expect(target.dependencies == ["ScreenKit", "ADomain", "GRDB"])
        #expect(target.owns("Modules/Features/A/Feature/AFeature.swift"))
        #expect(!target.owns("Modules/Features/A/Domain/A.swift"))
        #expect(!target.owns("Modules/CompositionX/A.swift"))
    }
}
