@testable import CLIFrontEnd
import ScreenKit
import Testing

@Suite struct SnapshotRendererTests {
    let columns = [
        ListColumn("name", "Name", priority: 0),
        ListColumn("artist", "Artist", priority: 2),
        ListColumn("bytes", "Size", type: .bytes, priority: 1),
    ]

    func row(_ id: String, _ name: String, _ artist: String, _ bytes: Int, badges: [String] = []) -> ListItem {
        ListItem(id: id, title: name, badges: badges).with("name", .string(name)).with("artist", .string(artist))
            .with("bytes", .int(bytes), display: "\(bytes / 1024) KiB")
    }

    func snapshot(_ items: [ListItem], status: ScreenStatus = .idle, actions: [ActionDescriptor] = []) -> ScreenSnapshot {
        ScreenSnapshot(
            screen: "x", title: "Title\u{1B}[2J", status: status,
            content: ScreenContent(
                detail: DetailContent(rows: [DetailRow("Path", "/srv/\u{1B}]0;evil\u{7}music")]),
                list: ListContent(items: items, total: 10, hasMore: true, columns: columns)),
            actions: actions)
    }

    @Test func theListIsATableThatFitsTheWidthWithAFooter() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 40)
        let loadMore = ActionDescriptor(name: StandardAction.loadMore, label: "More", summary: "", effect: .view)
        let text = renderer.render(snapshot([
            row("1", "A rather long title that must be cut somewhere", "Artist", 1024),
            row("2", "日本語のタイトル", "アーティスト", 10240, badges: ["visited"]),
        ], actions: [loadMore]))
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines { #expect(TerminalText.width(line) <= 40, "\(line)") }
        #expect(lines.contains { $0.hasPrefix("A rather") && $0.contains("…") })
        #expect(lines.contains { $0.contains("[visited]") })
        #expect(lines.contains { $0.hasPrefix("NAME") && $0.contains("BYTES") })
        #expect(lines.last == "1–2 of 10; more with '\(StandardAction.loadMore)'")
    }

    @Test func everythingFromDataIsSanitised() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        let snapshot = snapshot([row("1", "bad\u{1B}[31mred\u{9B}1m", "x\ny", 1)])
        let text = renderer.render(snapshot) + (renderer.statusLine(.error(.failed("fail\u{1B}]52;c;AAAA\u{7}ed", code: "x"))) ?? "")
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{9B}"))
        #expect(text.contains("badred"))
        #expect(text.contains("x y"))
        #expect(text.contains("✗ failed"))
        #expect(text.hasPrefix("Title"))
    }

    @Test func statusGlyphsMatchTheKind() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        #expect(renderer.statusLine(.notice("Imported 3 songs.")) == "✓ Imported 3 songs.")
        #expect(renderer.statusLine(.warning("15 folders could not be read.")) == "! 15 folders could not be read.")
        #expect(renderer.statusLine(.error(.notFound("Nobody is signed in."))) == "✗ Nobody is signed in.")
        #expect(renderer.statusLine(.loading("Scanning")) == "… Scanning")
        #expect(renderer.statusLine(.idle) == nil)
    }

    @Test func colourOnlyWhenEnabled() {
        let plain = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80).render(snapshot([]))
        let coloured = SnapshotRenderer(style: TerminalStyle(enabled: true), width: 80).render(snapshot([]))
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}[1m"))
        #expect(!TerminalStyle(fileDescriptor: 1, environment: ["NO_COLOR": "1"]).enabled)
    }

    @Test func formDetailAndListAreAllShown() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        let snapshot = ScreenSnapshot(
            screen: "folder-rename", title: "Rename",
            content: ScreenContent(
                form: FormContent(fields: [FormField(id: "name", label: "New name", value: "pics")], submitAction: "rename"),
                detail: DetailContent(rows: [DetailRow("Folder", "/srv/photos")]),
                list: ListContent(items: [row("1", "one", "a", 1)], columns: columns)),
            actions: [])
        let lines = renderer.render(snapshot).split(separator: "\n").map(String.init)
        #expect(lines == ["Rename", "New name  name  pics", "Folder  /srv/photos", "NAME  ARTIST  BYTES", "one   a       0 KiB", "1–1 of 1"])
    }

    /// A detail row that repeats a form field (its saved value) is not a
    /// second line: the settings table is printed once.
    @Test func aDetailRowRepeatingAFieldIsShownOnce() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        let snapshot = ScreenSnapshot(
            screen: "settings", title: "Settings",
            content: ScreenContent(
                form: FormContent(fields: [FormField(id: "page-size", label: "Page size", value: "25")]),
                detail: DetailContent(rows: [DetailRow("Settings of", "Ada"), DetailRow("Page size (saved)", "25", id: "page-size")])),
            actions: [])
        let lines = renderer.render(snapshot).split(separator: "\n").map(String.init)
        #expect(lines == ["Settings", "Page size  page-size  25", "Settings of  Ada"])
    }

    @Test func secretFieldsNeverShowTheirValue() {
        let renderer = SnapshotRenderer(style: TerminalStyle(enabled: false), width: 80)
        let form = FormContent(fields: [
            FormField(id: "token", label: "Token", value: "s3cr3t", placeholder: "set", secret: true),
            FormField(id: "user", label: "User", value: "ada", message: "too short"),
        ])
        let lines = renderer.render(form)
        #expect(lines == ["Token  token  set", "User   user   ada  too short"])
    }
}
