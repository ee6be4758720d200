import Foundation
import Testing
import TestSupport

/// docs/ARCHITECTURE.md's module graph is the one Package.swift gives
/// (Tools/module-graph.py asks SwiftPM), so a new target or dependency
/// shows in the document or fails here.
@Suite struct ModuleGraphTests {
    static let root = FixtureServer.repositoryRoot
    static let script = root + "/Tools/module-graph.py"

    @Test func theCommittedGraphIsTheManifests() throws {
        let check = try BoundedProcess.run("/usr/bin/env", ["python3", Self.script, "--check"], timeout: 300)
        #expect(check.status == 0, "\(check.stderr)")
        let document = try String(contentsOfFile: Self.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        // Every feature's layers are drawn, found by Package.swift in Modules/Features.
        for target in ["PlaylistsPresentation", "FoldersServices", "StarsPersistence", "UsersServices", "KernelDomain"] {
            #expect(document.contains("    \(target)\n"), "\(target) is not in the graph")
        }
        #expect(document.contains("  PlaylistsPresentation --> PlaylistsDomain"))
    }

    @Test func aStaleGraphIsRefused() throws {
        let scratch = TemporaryDirectory("facet-module-graph")
        let copy = scratch.path + "/ARCHITECTURE.md"
        let document = try String(contentsOfFile: Self.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        try document.replacingOccurrences(of: "  PlaylistsPresentation --> PlaylistsDomain\n", with: "")
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let check = try BoundedProcess.run("/usr/bin/env", ["python3", Self.script, "--check", "--doc", copy], timeout: 300)
        #expect(check.status == 1)
        #expect(check.stderr.contains("is stale"))
    }
}
