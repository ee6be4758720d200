import Domain
import Testing

@Suite struct NameRulesTests {
    @Test func acceptsOrdinaryNamesAfterTrimming() {
        #expect(NameRules.problem(with: "  Road Trip  ") == nil)
        #expect(NameRules.trimmed("  Road Trip \n") == "Road Trip")
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
}
