import Foundation
import Testing

/// SwiftPM warns of every file in a target's folder that the target neither
/// compiles nor declares (`exclude:`, `resources:`): "found N file(s) which
/// are unhandled". Facet's targets declare every file, so no such warning
/// names one of Facet's files, and nothing hides the warning: SwiftPM
/// itself is asked, by loading the package graph as a build does (a build of
/// a target that does not exist: the graph is loaded, nothing compiles).
/// The only notes left name files inside a dependency's checkout, which
/// Facet cannot declare.
@Suite struct UnhandledFilesRuleTests {
    static let noSuchTarget = "NoTargetHasThisNameUnhandledFilesRule"

    /// The files SwiftPM's unhandled-files notes name in `output`.
    static func unhandledFiles(in output: String) -> [String] {
        var files: [String] = []
        var inNote = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("which are unhandled") {
                inNote = true
            } else if inNote, line.first?.isWhitespace == true {
                files.append(line.trimmingCharacters(in: .whitespaces))
            } else {
                inNote = false
            }
        }
        return files
    }

    /// Those outside every dependency's checkout: Facet's own.
    static func facetsOwn(_ files: [String]) -> [String] { files.filter { !$0.contains("/checkouts/") } }

    @Test func theReaderFindsEachNotesFilesAndTellsDependenciesApart() {
        let output = """
            warning: 'facet': found 2 file(s) which are unhandled; explicitly declare them as resources or exclude from the target
                /work/facet/Modules/Kernel/Domain/NOTES.md
                /work/facet/Apps/facet/notes.txt
            warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target
                /work/facet/.build/checkouts/swift-distributed-tracing/Sources/Tracing/CMakeLists.txt
            Building for debugging...
                not a note's file
            """
        #expect(Self.unhandledFiles(in: output) == [
            "/work/facet/Modules/Kernel/Domain/NOTES.md", "/work/facet/Apps/facet/notes.txt",
            "/work/facet/.build/checkouts/swift-distributed-tracing/Sources/Tracing/CMakeLists.txt",
        ])
        #expect(Self.facetsOwn(Self.unhandledFiles(in: output)) == [
            "/work/facet/Modules/Kernel/Domain/NOTES.md", "/work/facet/Apps/facet/notes.txt",
        ])
    }

    @Test func swiftPMNamesNoFileOfFacetsTargetsAsUnhandled() throws {
        let root = PackageGraph.repositoryRoot
        let build = root.appendingPathComponent(".build")
        // The dependencies as the tree's own build resolved them: linked, not
        // fetched, and never resolved again (an out-of-date Package.resolved
        // fails the command instead), so the check needs no network and
        // leaves `.build` alone.
        let output = try SwiftPMCommand.run(
            ["--manifest-cache", "none", "--disable-automatic-resolution", "--target", Self.noSuchTarget],
            command: ["build"], root: root, deadline: 300
        ) { scratch in
            for shared in ["checkouts", "repositories"] {
                let original = build.appendingPathComponent(shared)
                guard FileManager.default.fileExists(atPath: original.path) else {
                    throw PackageGraph.LoadError(description: "\(original.path) is missing: build the package first (swift build)")
                }
                try FileManager.default.createSymbolicLink(
                    at: scratch.appendingPathComponent(shared), withDestinationURL: original)
            }
            try FileManager.default.copyItem(
                at: build.appendingPathComponent("workspace-state.json"), to: scratch.appendingPathComponent("workspace-state.json"))
        }
        let text = output.stderr + String(decoding: output.stdout, as: UTF8.self)
        // The graph was loaded: SwiftPM got as far as looking for the target.
        #expect(text.contains("no target named '\(Self.noSuchTarget)'"), "\(text.suffix(2000))")
        let own = Self.facetsOwn(Self.unhandledFiles(in: text))
        #expect(own.isEmpty, """
            files in Facet's target folders that no target compiles or declares: add each to the target's \
            exclude: or resources: in Package.swift (or move it out of the target's folder):
            \(own.joined(separator: "\n"))
            """)
    }
}
