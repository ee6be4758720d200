import Foundation
import ScreenKit
import Testing

/// The TUI knows the contract's conventions by name only: no standard
/// action, parameter or key spelled as a literal, no cast to a concrete
/// screen class. (The package-wide layering test checks every front end;
/// this one names the TUI file and line.)
@Suite struct ConventionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var sources: [(path: String, text: String)] {
        let folder = root.appendingPathComponent("Apps/FrontEnds/TUI")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            return (try? String(contentsOfFile: path, encoding: .utf8)).map { ("Apps/FrontEnds/TUI/" + name, $0) }
        }
    }

    static let standardNames: [String] =
        StandardAction.all
        + [StandardParam.field, StandardParam.value, StandardParam.item, StandardParam.text, StandardParam.by,
           StandardParam.descending, StandardKey.filter, StandardKey.enter]

    @Test func theTUISourcesAreFound() {
        #expect(Self.sources.count > 20)
    }

    @Test func noStandardNameIsSpelledAsALiteral() {
        for (path, text) in Self.sources {
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                for name in Self.standardNames where line.contains("\"\(name)\"") {
                    Issue.record("\(path):\(number + 1) spells \"\(name)\"; use the ScreenKit constant")
                }
            }
        }
    }

    @Test func noScreenIsCastToAConcreteClass() {
        for (path, text) in Self.sources {
            for pattern in ["as? ScreenModel", "as! ScreenModel", "as ScreenModel", "is ScreenModel", ": ScreenModel"]
            where text.contains(pattern) {
                Issue.record("\(path) uses '\(pattern)'; ask the Screen protocol (isBusy, snapshot)")
            }
        }
    }
}
