@testable import CLIFrontEnd
import ScreenKit
import Testing

@Suite struct SnapshotRendererTests {
    func snapshot(_ items: [ListItem], status: ScreenStatus = .idle) -> ScreenSnapshot {
        ScreenSnapshot(
            screen: "x", title: "Title\u{1B}[2J", status: status,
            content: ScreenContent(
                detail: DetailContent(rows: [DetailRow("Path", "/srv/\u{1B}]0;evil\u{7}music")]),
                list: ListContent(items: items, total: 10, hasMore: true, columns: ListColumns(title: "Name", subtitle: "Artist", trailing: "Size"))),
            actions: [])
    }

    @Test func columnsAlignAndFitTheWidth() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 40)
        let text = renderer.render(snapshot([
            ListItem(id: "1", title: "A rather long title that must be cut somewhere", subtitle: "Artist", trailing: "1 KB"),
            ListItem(id: "2", title: "日本語のタイトル", subtitle: "アーティスト", trailing: "10 KB", badges: ["visited"]),
        ]))
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines { #expect(TerminalText.width(line) <= 40, "\(line)") }
        #expect(lines.contains { $0.hasPrefix("A rather") && $0.contains("…") })
        #expect(lines.contains { $0.contains("[visited]") })
        #expect(lines.last?.hasPrefix("1–2 of 10; more with") == true)
    }

    @Test func everythingFromDataIsSanitised() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        let text = renderer.render(snapshot([ListItem(id: "1", title: "bad\u{1B}[31mred\u{9B}1m", subtitle: "x\ny")],
                                            status: .error(.failed("fail\u{1B}]52;c;AAAA\u{7}ed", code: "x"))))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{9B}"))
        #expect(text.contains("badred"))
        #expect(text.contains("✗ failed"))
        #expect(text.hasPrefix("Title"))
    }

    @Test func colourOnlyWhenEnabled() {
        let plain = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80).render(snapshot([]))
        let coloured = SnapshotRenderer(style: TerminalStyle(enabled: true), width: 80).render(snapshot([]))
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}[1m"))
        #expect(!TerminalStyle(fileDescriptor: 1, environment: ["NO_COLOR": "1"]).enabled)
    }

    @Test func secretFieldsNeverShowTheirValue() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        let form = FormContent(fields: [
            FormField(id: "token", label: "Token", value: "s3cr3t", placeholder: "set", secret: true),
            FormField(id: "user", label: "User", value: "ada", message: "too short"),
        ])
        let lines = renderer.render(form)
        #expect(lines == ["Token  set", "User   ada  too short"])
    }
}
