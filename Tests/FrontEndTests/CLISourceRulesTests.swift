import Foundation
import ScreenKit
import Testing

/// The CLI is an interpreter of the screen contract: it names standard
/// actions and parameters through ScreenKit's constants, never as string
/// literals of its own, and never casts a screen to a concrete type.
@Suite struct CLISourceRulesTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Apps/FrontEnds/CLI")
    }

    static func sources() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func noStandardNameIsSpelledAsALiteral() throws {
        let sources = try Self.sources()
        #expect(sources.count >= 5)
        let names = StandardAction.all + [StandardParam.field, StandardParam.value, StandardParam.item, StandardParam.text,
                                          StandardParam.by, StandardParam.descending]
        for (file, text) in sources {
            for name in names {
                #expect(!text.contains("\"\(name)\""), "\(file) spells \"\(name)\": use StandardAction/StandardParam")
                #expect(!text.contains("'\(name)'"), "\(file) spells '\(name)' in a message: interpolate the constant")
            }
        }
    }

    @Test func noScreenIsCastToAConcreteType() throws {
        for (file, text) in try Self.sources() {
            for pattern in [" as! ", " as? ", "ScreenModel", "ViewModel"] {
                #expect(!text.contains(pattern), "\(file) contains \(pattern)")
            }
            #expect(!text.contains("legacy"), "\(file) still uses the contract-1 list slots")
        }
    }
}
