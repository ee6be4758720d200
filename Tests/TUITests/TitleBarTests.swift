import Testing
@testable import TUIFrontEnd

/// The tab bar keeps every tab (and its digit) on screen however many
/// features a build registers, shortening the other tabs' titles first.
@Suite struct TitleBarTests {
    let titles = ["Playlists", "Login", "Account", "Settings", "Folders", "Starred repositories", "Photos", "Notes"]

    func width(_ labels: [String]) -> Int { labels.map(\.count).reduce(0, +) }

    @Test func wholeTitlesWhenTheyFit() {
        let labels = TitleBar.labels(titles, active: 0, room: 200)
        #expect(labels[5] == " 6 Starred repositories ")
        #expect(labels[7] == " 8 Notes ")
    }

    @Test func otherTabsShortenFirstAndEveryDigitStays() {
        for room in [93, 80, 60] {
            let labels = TitleBar.labels(titles, active: 5, room: room)
            #expect(width(labels) <= room, "room \(room): \(labels)")
            #expect(labels.count == titles.count)
            // The active tab keeps its whole title; every tab keeps its number.
            #expect(labels[5] == " 6 Starred repositories ")
            for (index, label) in labels.enumerated() {
                #expect(label.hasPrefix(" \(index + 1)"), "\(label)")
            }
        }
        // Narrower still: the active tab's first word, the others' numbers.
        let narrow = TitleBar.labels(titles, active: 5, room: 40)
        #expect(width(narrow) <= 40 && narrow[5] == " 6 Starred " && narrow[0] == " 1 ")
        // The gentlest shortening that fits: first words only.
        #expect(TitleBar.labels(titles, active: 0, room: 93)[5] == " 6 Starred ")
    }
}
