import ScreenKit
import Testing

@Suite struct SuggestionTests {
    @Test func editDistanceCountsEditsAndSwaps() {
        #expect(Suggestion.editDistance("import", "import") == 0)
        #expect(Suggestion.editDistance("improt", "import") == 1)  // a swap of neighbours
        #expect(Suggestion.editDistance("playlsts", "playlists") == 1)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }

    @Test func closestNameIsSuggestedOnlyWhenNear() {
        let screens = ["playlists", "playlist", "login", "whoami", "settings", "folders", "folder", "folder-rename"]
        #expect(Suggestion.closest(to: "playlsts", in: screens) == "playlists")
        #expect(Suggestion.closest(to: "Folders", in: screens) == "folders")
        #expect(Suggestion.closest(to: "setings", in: screens) == "settings")
        #expect(Suggestion.closest(to: "who", in: screens) == "whoami")  // the one name it starts
        #expect(Suggestion.closest(to: "zebra", in: screens) == nil)
        #expect(Suggestion.closest(to: "", in: screens) == nil)
        #expect(Suggestion.hint(for: "srot", in: ["sort", "filter"]) { "--\($0)" } == " (did you mean --sort?)")
        #expect(Suggestion.hint(for: "xyzzy", in: ["sort"]).isEmpty)
    }
}
