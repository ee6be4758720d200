import Testing
@testable import TUIFrontEnd

/// The tab bar keeps every tab (and its digit) on screen however many
/// features a build registers; titles are shortened only when they do not
/// fit, and then every title by the same rule.
@Suite struct TitleBarTests {
    let titles = ["Playlists", "Login", "Account", "Settings", "Folders", "Starred repositories", "Photos", "Notes"]

    func width(_ labels: [String]) -> Int { labels.map(\.count).reduce(0, +) }

    @Test func wholeTitlesWhenTheyFit() {
        let (brand, labels) = TitleBar.layout(titles, width: 200)
        #expect(brand)
        #expect(labels[5] == " 6 Starred repositories ")
        #expect(labels[7] == " 8 Notes ")
    }

    @Test func everyTitleShortensByTheSameRuleAndEveryDigitStays() {
        for room in [100, 80, 60, 40, 30] {
            let (brand, labels) = TitleBar.layout(titles, width: room)
            #expect(width(labels) + (brand ? TitleBar.brand.count : 0) <= room, "room \(room): \(labels)")
            #expect(labels.count == titles.count)
            for (index, label) in labels.enumerated() {
                #expect(label.hasPrefix(" \(index + 1)"), "\(label)")
            }
            // One rule for all: no title is longer than its first word, and
            // a title cut is cut to the same cells as every longer one.
            let shown = labels.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
            let cut = shown.filter { $0.hasSuffix("…") }.map(\.count)
            #expect(Set(cut).count <= 1, "room \(room): \(labels)")
            if let budget = cut.first {
                #expect(shown.allSatisfy { $0.count <= budget }, "room \(room): \(labels)")
            }
        }
        // At 80 cells the first words fit once the name makes room.
        let (brand80, at80) = TitleBar.layout(Array(titles.prefix(7)), width: 80)
        #expect(!brand80 && at80 == [" 1 Playlists ", " 2 Login ", " 3 Account ", " 4 Settings ", " 5 Folders ", " 6 Starred ", " 7 Photos "])
        // Narrower: all cut to one budget, with an ellipsis.
        let (_, at64) = TitleBar.layout(Array(titles.prefix(7)), width: 64)
        #expect(at64[0] == " 1 Play… " && at64[1] == " 2 Login " && at64[5] == " 6 Star… ", "\(at64)")
        // Narrowest: numbers alone.
        #expect(TitleBar.layout(titles, width: 30).labels[0] == " 1 ")
    }
}
