import Foundation
import KernelDomain
import Testing

@Suite struct NameRulesTests {
    @Test func acceptsOrdinaryNamesAfterTrimming() {
        #expect(NameRules.problem(with: "  Road Trip  ") == nil)
        #expect("  Road Trip \n".trimmingWhiteSpace == "Road Trip")
        #expect(NameRules.problem(with: "日本語のプレイリスト 🎵") == nil)
    }

    @Test func rejectsEmptyAndWhitespace() {
        #expect(NameRules.problem(with: "") == .empty)
        #expect(NameRules.problem(with: " \t\n ") == .empty)
    }

    @Test func rejectsTooLong() {
        #expect(NameRules.problem(with: String(repeating: "a", count: 101)) == .tooLong(limit: 100))
        #expect(NameRules.problem(with: String(repeating: "a", count: 100)) == nil)
        #expect(NameRules.problem(with: String(repeating: "x", count: 10_000)) == .tooLong(limit: 100))
    }

    @Test func rejectsControlCharactersAndEscapes() {
        #expect(NameRules.problem(with: "evil\u{1B}[31mred") == .controlCharacters)
        #expect(NameRules.problem(with: "two\nlines") == .controlCharacters)
        #expect(NameRules.problem(with: "nul\u{0}") == .controlCharacters)
        #expect(NameRules.problem(with: "c1\u{9B}") == .controlCharacters)
    }

    /// `trimmed` is written without Foundation; it must trim exactly what
    /// Foundation's `whitespacesAndNewlines` trims, for every white-space
    /// scalar and for the scalars next to them.
    @Test func trimsWhatFoundationTrims() {
        let edges: [Unicode.Scalar] = (0...0x3001).compactMap(Unicode.Scalar.init).filter {
            $0.properties.isWhitespace || CharacterSet.whitespacesAndNewlines.contains($0)
        }
        #expect(edges.count > 20)
        var samples = ["", "a", "Road Trip", "  Road Trip \n", "\u{3000}全角\u{3000}", "e\u{301} ", " \u{301}x"]
        for scalar in edges + ["x", "\u{200B}", "\u{FEFF}", "\u{1F3B5}"] {
            let s = String(scalar)
            samples += [s, s + "name" + s, "name" + s, s + "na" + s + "me", s + s]
        }
        for sample in samples {
            #expect(sample.trimmingWhiteSpace == sample.trimmingCharacters(in: .whitespacesAndNewlines), "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
