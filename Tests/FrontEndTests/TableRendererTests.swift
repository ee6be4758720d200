@testable import CLIFrontEnd
import ScreenKit
import Testing

@Suite struct TableRendererTests {
    let columns = [
        ListColumn("name", "Name", priority: 0, sorts: true),
        ListColumn("items", "Items", type: .integer, priority: 2, sorts: true),
        ListColumn("modified", "Modified", type: .datetime, priority: 3),
        ListColumn("bytes", "Size", type: .bytes, priority: 1, sorts: true),
    ]

    func list(_ names: [String], sort: String? = "bytes", descending: Bool? = true) -> ListContent {
        let items = names.enumerated().map { index, name in
            ListItem(id: name, title: name).with("name", .string(name)).with("items", .int(index * 1000))
                .with("modified", .string("2026-11-22T14:05:00Z")).with("bytes", .int(index), display: "\(index) KiB")
        }
        return ListContent(items: items, sort: sort, sortDescending: descending, columns: columns)
    }

    func render(_ list: ListContent, width: Int) -> [String] {
        TableRenderer(style: TerminalStyle(enabled: false), width: width).render(list)
    }

    @Test func everyColumnWhenThereIsRoomWithHeaderAndSortMark() {
        let lines = render(list(["alpha", "beta"]), width: 100)
        // Headers are the field ids (`bytes`, not the label "Size"): what `--fields` takes.
        #expect(lines[0] == "NAME   ITEMS  MODIFIED              BYTES ▼")
        #expect(lines[1] == "alpha      0  2026-11-22T14:05:00Z    0 KiB")
        #expect(lines[2] == "beta    1000  2026-11-22T14:05:00Z    1 KiB")
    }

    @Test func ascendingSortAndUnsortedColumns() {
        #expect(render(list(["a"], sort: "name", descending: false), width: 100)[0].hasPrefix("NAME ▲"))
        #expect(!render(list(["a"], sort: nil, descending: nil), width: 100)[0].contains("▲"))
    }

    @Test func narrowTerminalsDropTheLeastImportantColumnsFirst() {
        let names = ["alpha", "beta"]
        let forty = render(list(names), width: 30)
        #expect(forty[0] == "NAME   ITEMS  BYTES ▼")  // modified (priority 3) went first
        let twenty = render(list(names), width: 16)
        #expect(twenty[0] == "NAME   BYTES ▼")  // then items (2)
        let tiny = render(list(names, sort: nil, descending: nil), width: 3)
        #expect(tiny[0] == "NAME")  // priority 0 is never dropped
        // Nor the column the rows are sorted by: without it their order is a riddle.
        #expect(render(list(names, sort: "items"), width: 16)[0] == "NAME   ITEMS ▼")
        for line in forty + twenty { #expect(TerminalText.width(line) <= 30) }
    }

    @Test func longTextIsCutWideCharactersMeasuredNumbersNever() {
        let lines = render(list(["日本語のとても長いフォルダの名前です", "a rather long folder name indeed"]), width: 30)
        for line in lines { #expect(TerminalText.width(line) <= 30, "\(line)") }
        #expect(lines[1].contains("…"))
        #expect(lines[2].hasSuffix("1 KiB"))
        // Right alignment counts cells, not characters: sizes line up.
        let ends = lines.dropFirst().map { TerminalText.width($0) }
        #expect(Set(ends).count == 1)
    }

    @Test func aColumnNoRowHasAValueForIsLeftOut() {
        var rows = list(["alpha"])
        rows.columns.insert(ListColumn("error", "Problem", priority: 2), at: 1)
        rows.items[0].set("error", .null)
        #expect(!render(rows, width: 100)[0].contains("ERROR"))
        rows.items[0].set("error", .string("unreadable"))
        #expect(render(rows, width: 100)[0].contains("ERROR"))
    }

    @Test func longTextIsCutBeforeAnyColumnGoes() {
        let songs = ListContent(
            items: [ListItem(id: "1", title: "x").with("title", .string("Smells Like Teen Spirit")).with("artist", .string("Nirvana"))
                .with("cover", .string("https://covers.example/nirvana-nevermind.jpg")).with("n", .int(1))],
            columns: [
                ListColumn("title", "Title", priority: 0), ListColumn("artist", "Artist", priority: 1),
                ListColumn("cover", "Cover", type: .url, priority: 4), ListColumn("n", "#", type: .integer, priority: 2),
            ])
        let whole = "Smells Like Teen Spirit  Nirvana  https://covers.example/nirvana-nevermind.jpg  1"
        #expect(render(songs, width: 81)[1] == whole)
        // A little short: the least important text gives up its end.
        #expect(render(songs, width: 70)[1] == "Smells Like Teen Spirit  Nirvana  https://covers.example/nirvana-n…  1")
        // Shorter: the long texts share what is left, each cut, none dropped.
        let fifty = render(songs, width: 50)
        #expect(fifty[1] == "Smells Like Teen …  Nirvana  https://covers.ex…  1", "\(fifty)")
        // Too short for even the cut texts: the least important column goes.
        #expect(render(songs, width: 40)[1] == "Smells Like Teen Spirit  Nirvana  1")
    }

    @Test func cellsAreSanitisedAndBadgesFollowTheRow() {
        var rows = list(["x"])
        rows.items[0].set("name", .string("bad\u{1B}[31mname\u{7}"))
        rows.items[0].badges = ["visited", "error"]
        let lines = render(rows, width: 80)
        #expect(lines[1].hasPrefix("badname"))
        #expect(lines[1].hasSuffix("[visited, error]"))
        #expect(!lines.joined().contains("\u{1B}"))
    }

    /// A 300-character description (the stars list) cuts its own column,
    /// never drops the columns after it, at any width.
    @Test func oneLongDescriptionDropsNothing() {
        let long = String(repeating: "A description that goes on and on ", count: 9).prefix(299) + "!"
        let columns = [
            ListColumn("full_name", "Repository", priority: 0, sorts: true),
            ListColumn("description", "Description", priority: 3),
            ListColumn("language", "Language", priority: 2),
            ListColumn("stars", "Stars", type: .integer, priority: 1),
            ListColumn("starred_at", "Starred", type: .datetime, priority: 4, sorts: true),
            ListColumn("pushed_at", "Last push", type: .datetime, priority: 5),
        ]
        let items = ["Short one", String(long), "Another"].enumerated().map { index, text in
            ListItem(id: "\(index)", title: "owner/project-\(index)").with("full_name", .string("owner/project-\(index)"))
                .with("description", .string(text)).with("language", .string("Swift")).with("stars", .int(index * 10))
                .with("starred_at", .string("2026-01-0\(index + 1)T00:00:00Z"), display: "2026-01-0\(index + 1)")
                .with("pushed_at", .string("2025-05-0\(index + 1)T00:00:00Z"), display: "2025-05-0\(index + 1)")
        }
        let list = ListContent(items: items, sort: "starred_at", sortDescending: true, columns: columns)
        for width in [80, 120, 200] {
            let lines = render(list, width: width)
            #expect(lines[0].hasPrefix("FULL_NAME") && lines[0].contains("DESCRIPTION") && lines[0].contains("STARRED_AT ▼")
                && lines[0].contains("PUSHED_AT"), "\(width): \(lines[0])")
            for line in lines { #expect(TerminalText.width(line) <= width, "\(width): \(line)") }
            #expect(lines[2].contains("…") && lines[2].hasSuffix("2026-01-02    2025-05-02"), "\(lines[2])")
            #expect(lines[1].contains("Short one"))
        }
        // So narrow that even cut texts do not fit: the least important
        // columns go, the sorted-by one stays.
        let narrow = render(list, width: 60)
        #expect(narrow[0].contains("STARRED_AT ▼") && !narrow[0].contains("PUSHED_AT"), "\(narrow[0])")
    }
}
