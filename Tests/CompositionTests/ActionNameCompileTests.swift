import Foundation
import TestSupport
import Testing

/// An action a view model declares is a typed member, so naming one that
/// does not exist is caught by the compiler, not by a user at run time.
/// Proved with the compiler itself: a few lines that run a declared action
/// type-check against the modules this build made, and the same lines with
/// the name misspelt, or with another screen's action, do not.
@Suite struct ActionNameCompileTests {
    /// Where `swift build` put the modules, beside the `facet` it built.
    static let modules = URL(fileURLWithPath: FacetProcess.binary).deletingLastPathComponent()
        .appendingPathComponent("Modules").path

    static func typecheck(_ source: String) throws -> (status: Int32?, errors: String) {
        let dir = TemporaryDirectory()
        let file = dir.path + "/UsesAction.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try withExtendedLifetime(dir) {
            try BoundedProcess.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules, file], timeout: 120)
        }
        return (result.status, result.stderr)
    }

    static func program(running action: String) -> String {
        """
        import PlaylistsPresentation
        import ScreenKit

        @MainActor func deleteOne(_ model: PlaylistsViewModel) async throws {
            _ = try await model.run(\(action), [StandardParam.item: .string("Road Trip")])
        }
        """
    }

    @Test func aDeclaredActionCompiles() throws {
        let result = try Self.typecheck(Self.program(running: "PlaylistsViewModel.deleteAction"))
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test func aMisspeltActionDoesNotCompile() throws {
        let result = try Self.typecheck(Self.program(running: "PlaylistsViewModel.delteAction"))
        #expect(result.status != 0)
        #expect(result.errors.contains("has no member 'delteAction'"), "\(result.errors)")
    }

    @Test func anotherScreensActionDoesNotCompile() throws {
        let result = try Self.typecheck(Self.program(running: "PlaylistViewModel.renameAction"))
        #expect(result.status != 0)
        #expect(result.errors.contains("PlaylistViewModel"), "\(result.errors)")
    }
}
