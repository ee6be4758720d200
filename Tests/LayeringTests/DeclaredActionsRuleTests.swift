import Foundation
import Testing

/// Every screen of every feature is written as declarations: each view
/// model (a final `ScreenModel` subclass under `Modules/Features`) is a
/// `DeclaredScreen`, and none dispatches on an action's name as a string
/// (an override of `perform`, `confirmation` or `typedConfirmation`, a
/// `switch action`, an `action == "…"`), so a name is written once, in its
/// declaration, and a misspelt one cannot hide in a string case.
@Suite struct DeclaredActionsRuleTests {
    static func featureSources() -> [String] {
        let root = PackageGraph.repositoryRoot
        guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent("Modules/Features").path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Modules/Features/" + $0 }.sorted()
    }

    static let stringDispatch = [
        "override func perform(", "override func confirmation(", "override func typedConfirmation(",
        "switch action", "action == \"", "case StandardAction.",
    ]

    @Test func noViewModelDispatchesOnAnActionsName() throws {
        let files = Self.featureSources()
        #expect(files.count > 50, "found \(files.count) feature sources")
        let (offending, _) = try TestSources.check(files, allowed: []) { _, _, lines, index in
            Self.stringDispatch.contains { lines[index].contains($0) }
        }
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }

    @Test func everyViewModelIsADeclaredScreen() throws {
        var screens = 0
        for file in Self.featureSources() {
            let text = try String(contentsOf: PackageGraph.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            // A screen is a final class; a shared base (the users' account
            // screens) declares no actions of its own.
            for line in text.split(separator: "\n") where line.contains("final class ") && line.contains("ScreenModel") {
                screens += 1
                #expect(line.contains("DeclaredScreen"), "\(file): \(line)")
            }
        }
        // Playlists 2, folders 3, stars 2, photos 2, users 3.
        #expect(screens >= 12)
    }
}
