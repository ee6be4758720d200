// tui-bench: how long the TUI takes to compose a frame and to scroll, with
// no terminal in the way (the in-memory path the ncurses backend draws from).
//
// 1. Compose a fully changed 200×60 frame of a list screen (a 6-column
//    table) into the cell buffer. Goal: < 0.5 ms.
// 2. Scroll one line in a 1,000,000-item list (the screen holds a 500-item
//    window, as the playlist screen does): key handling plus the new frame.
//    Goal: < 2 ms, and the same as for a 1,000-item list.
// 3. Live filter over 1,000,000 songs: keystroke to frame — the
//    key handled and the frame with the typed text drawn, while the
//    debounced filter of earlier keys runs off the main actor, as the
//    playlist's database query does. Goal: p99 < 16 ms (one 60 Hz frame).
//    Also reported: how long the filter itself takes to come back with its
//    rows (the screen's search over every song, not on the key path).
// 4. `tui-bench picture FILE [RUNS]` (for Tools/bench/pictures.sh): a
//    cached cover drawn in 40×20 cells as the TUI draws it, median in ms.
import Foundation
import ScreenKit
import TUIFrontEnd

#if canImport(Glibc)
import Glibc
#endif

/// A list screen over a virtual list of `total` rows, holding only a window.
@MainActor
final class WindowedList: ScreenModel {
    let total: Int
    let offset: Int
    let items: [ListItem]
    var generation = 0

    init(total: Int, window: Int = 500) {
        self.total = total
        offset = max(0, total / 2 - window / 2)
        items = (0..<min(window, total)).map { index in
            let n = index + max(0, total / 2 - window / 2) + 1
            let title = "Song number \(n) with a fairly long title"
            return ListItem(
                id: String(n), title: title,
                values: [
                    "position": .int(n), "title": .string(title), "artist": .string("Artist \(n % 97)"),
                    "album": .string("Album \(n % 13)"), "duration": .int(120 + n % 300),
                    "added": .string("2026-11-\(10 + n % 20)T12:00:00Z"),
                ],
                cells: ["duration": "\((120 + n % 300) / 60):\(String(format: "%02d", (120 + n % 300) % 60))"],
                badges: n % 7 == 0 ? ["visited"] : [])
        }
    }

    /// Six columns, as the issue's frame-time figure asks.
    static let columns = [
        ListColumn("position", "#", type: .integer, priority: 1, sorts: true),
        ListColumn("title", "Title", priority: 0, sorts: true),
        ListColumn("artist", "Artist", priority: 2, sorts: true),
        ListColumn("album", "Album", priority: 3),
        ListColumn("duration", "Time", type: .seconds, priority: 2),
        ListColumn("added", "Added", type: .datetime, priority: 4),
    ]

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "bench", title: "Bench \(generation)", status: .idle,
            content: ScreenContent(
                detail: DetailContent(rows: [DetailRow("Songs", String(total)), DetailRow("Generation", String(generation))]),
                list: ListContent(
                    items: items, offset: offset, total: total, hasMore: true, filter: "", sort: "position",
                    columns: Self.columns)),
            actions: [
                ActionDescriptor(name: StandardAction.open, label: "Open", summary: "Open.", effect: .view, key: StandardKey.enter,
                                 params: [ParamDescriptor(name: StandardParam.item, label: "Item", kind: .item)]),
                ActionDescriptor(name: StandardAction.filter, label: "Filter", summary: "Filter.", effect: .view, key: StandardKey.filter,
                                 params: [ParamDescriptor(name: StandardParam.text, label: "Text")]),
            ])
    }
}

@MainActor
final class BenchCatalog: ScreenCatalog {
    let screen: WindowedList
    init(_ screen: WindowedList) { self.screen = screen }
    var screens: [ScreenDescriptor] {
        [ScreenDescriptor(id: "bench", title: "Bench", summary: "Bench", actions: [])]
    }
    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen { screen }
}

/// A playlist screen over a million songs in memory: its filter searches
/// every title off the main actor, then shows the first 500 matches.
@MainActor
final class MillionSongs: ScreenModel {
    static let count = 1_000_000
    let titles: [String]
    var filter = ""
    var total = MillionSongs.count
    var items: [ListItem] = []

    override init() {
        titles = (0..<Self.count).map { "song \($0 + 1) by artist \($0 % 997)" }
        super.init()
        show((0..<500).map { Int32($0) })
    }

    func show(_ indexes: [Int32]) {
        items = indexes.map { index in
            let n = Int(index) + 1
            let title = titles[Int(index)]
            return ListItem(
                id: String(n), title: title,
                values: [
                    "position": .int(n), "title": .string(title), "artist": .string("Artist \(n % 997)"),
                    "album": .string("Album \(n % 13)"), "duration": .int(120 + n % 300),
                    "added": .string("2026-11-\(10 + n % 20)T12:00:00Z"),
                ])
        }
    }

    /// Indexes of the titles containing `text` (already lower-case): all of
    /// them are counted, the first 500 kept.
    nonisolated static func search(_ titles: [String], _ text: String) -> (total: Int, first: [Int32]) {
        var total = 0
        var first: [Int32] = []
        let needle = Array(text.utf8)
        for (index, title) in titles.enumerated() {
            var title = title
            let found = needle.isEmpty || title.withUTF8 { contains($0, needle) }
            guard found else { continue }
            total += 1
            if first.count < 500 { first.append(Int32(index)) }
        }
        return (total, first)
    }

    /// Byte substring search (the text is lower-case ASCII here).
    nonisolated static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard hay.count >= needle.count, let head = needle.first else { return false }
        var start = 0
        while start <= hay.count - needle.count {
            if hay[start] == head {
                var matched = 1
                while matched < needle.count, hay[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "bench", title: "A million songs", status: .idle,
            content: ScreenContent(
                list: ListContent(
                    items: items, offset: 0, total: total, hasMore: total > items.count, filter: filter, sort: "position",
                    columns: WindowedList.columns)),
            actions: [
                ActionDescriptor(name: StandardAction.filter, label: "Filter", summary: "Filter.", effect: .view, key: StandardKey.filter,
                                 params: [ParamDescriptor(name: StandardParam.text, label: "Text")]),
            ])
    }

    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        guard action == StandardAction.filter else { return try await super.perform(action, arguments) }
        let text = (arguments.string(StandardParam.text) ?? "").lowercased()
        let titles = titles
        let found = await Task.detached { Self.search(titles, text) }.value
        filter = text
        total = found.total
        show(found.first)
        publish()
        return .done
    }
}

@MainActor
final class MillionCatalog: ScreenCatalog {
    let screen = MillionSongs()
    var screens: [ScreenDescriptor] { [ScreenDescriptor(id: "bench", title: "Bench", summary: "Bench", actions: [])] }
    func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen { screen }
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

/// Types filter text key by key as a person would (a key every 30 ms, so
/// the debounce fires between words): per key, the time from the key to
/// its frame; per filter, the time from sending it to the frame with its rows.
@MainActor
func liveFilter() async -> (keyP50: Double, keyP99: Double, resultP50: Double, resultMax: Double, keys: Int, filters: Int) {
    let catalog = MillionCatalog()
    let controller = TUIController(catalog: catalog)
    try? await controller.start(ScreenRequest(screen: "bench"))
    _ = controller.render(width: 200, height: 60)
    let clock = ContinuousClock()
    var keySamples: [Double] = []
    var resultSamples: [Double] = []
    let words = ["artist 5", "song 12", "by artist 99", "song 999", "artist 1", "song 4242", "by", "song 77"]
    for round in 0..<6 {
        for word in words {
            controller.handle([.character("/")])
            controller.handle([.ctrl("u")])
            for character in word {
                let elapsed = clock.measure {
                    controller.handle([.character(character)])
                    controller.tick()  // the run loop's poll; the debounce is not due yet
                    _ = controller.render(width: 200, height: 60)
                }
                if round > 0 { keySamples.append(milliseconds(elapsed)) }
                try? await Task.sleep(for: .milliseconds(30))
            }
            // Enter keeps the filter: it is sent now; its rows come back.
            let sent = clock.now
            controller.handle([.enter])
            await controller.settle()
            _ = controller.render(width: 200, height: 60)
            if round > 0 { resultSamples.append(milliseconds(clock.now - sent)) }
            precondition(catalog.screen.filter == word)
        }
    }
    return (percentile(keySamples, 0.5), percentile(keySamples, 0.99), percentile(resultSamples, 0.5),
            resultSamples.max() ?? 0, keySamples.count, resultSamples.count)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

@MainActor
func controller(total: Int) async -> TUIController {
    let controller = TUIController(catalog: BenchCatalog(WindowedList(total: total)))
    try? await controller.start(ScreenRequest(screen: "bench"))
    return controller
}

@MainActor
func composeFrame() async -> Double {
    let controller = await controller(total: 1_000_000)
    let clock = ContinuousClock()
    var samples: [Double] = []
    var checksum = 0
    for round in 0..<400 {
        // Every frame differs from the last in every row: the cursor and
        // the top row move by a page each time.
        controller.handle([round % 2 == 0 ? .pageDown : .pageUp])
        let elapsed = clock.measure {
            let frame = controller.render(width: 200, height: 60)
            checksum &+= frame.buffer.cells.count
        }
        samples.append(milliseconds(elapsed))
    }
    precondition(checksum > 0)
    return median(Array(samples.dropFirst(50)))
}

@MainActor
func scrollOneLine(total: Int) async -> Double {
    let controller = await controller(total: total)
    _ = controller.render(width: 200, height: 60)
    // Move to the bottom of the view so every further line scrolls.
    controller.handle(Array(repeating: .down, count: 60))
    _ = controller.render(width: 200, height: 60)
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<300 {
        let elapsed = clock.measure {
            controller.handle([.down])
            _ = controller.render(width: 200, height: 60)
        }
        samples.append(milliseconds(elapsed))
    }
    return median(Array(samples.dropFirst(30)))
}

/// `tui-bench picture FILE [RUNS] [symbols|sixel|kitty]`: a cached cover
/// drawn in 40×20 cells as the TUI draws it (decode with stb_image, then
/// libchafa's symbols, or its sixel or kitty bytes for cells of 10×20
/// pixels), the median of RUNS draws in milliseconds, on one line (for
/// Tools/bench/pictures.sh).
func pictureDraw(_ file: String, runs: Int, kind: TerminalGraphics.Kind) -> Double? {
    guard let data = FileManager.default.contents(atPath: file) else { return nil }
    let picture = PictureContent(mimeType: "image/jpeg", width: 0, height: 0, bytes: [UInt8](data))
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        var drawn = false
        let elapsed = clock.measure {
            if kind == .symbols {
                drawn = (try? SymbolArt.draw(picture, columns: 40, rows: 20)) != nil
            } else {
                drawn = (try? PixelArt.draw(picture, columns: 40, rows: 20, graphics: TerminalGraphics(kind: kind))) != nil
            }
        }
        guard drawn else { return nil }
        samples.append(milliseconds(elapsed))
    }
    return median(samples)
}

@MainActor
func main() async {
    if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "picture" {
        let runs = CommandLine.arguments.count >= 4 ? Int(CommandLine.arguments[3]) ?? 50 : 50
        let kind = CommandLine.arguments.count >= 5 ? TerminalGraphics.Kind(rawValue: CommandLine.arguments[4]) ?? .symbols : .symbols
        guard let figure = pictureDraw(CommandLine.arguments[2], runs: runs, kind: kind) else {
            print("tui-bench: \(CommandLine.arguments[2]) could not be drawn (libchafa and stb_image installed?)")
            exit(1)
        }
        print(String(format: "%.4f", figure))
        return
    }
    let compose = await composeFrame()
    let scrollSmall = await scrollOneLine(total: 1_000)
    let scrollMillion = await scrollOneLine(total: 1_000_000)
    let filter = await liveFilter()
    let goal = 2.0
    print(String(format: "compose 200x60 6-column table:    %.3f ms (median of 350; goal < 0.5 ms)", compose))
    print(String(format: "scroll one line, 1,000 items:     %.3f ms", scrollSmall))
    print(String(format: "scroll one line, 1,000,000 items: %.3f ms", scrollMillion))
    print(String(format: "million/thousand scroll ratio:    %.2f (1.0 = independent of list length)", scrollMillion / scrollSmall))
    print(String(format: "ratio to goal (2 ms): compose %.2f, scroll %.2f (below 1.0 meets the goal)", compose / goal, scrollMillion / goal))
    print(String(format: "live filter, 1,000,000 songs, keystroke to frame: p50 %.3f ms, p99 %.3f ms over %d keys (goal p99 < 16 ms)",
                 filter.keyP50, filter.keyP99, filter.keys))
    print(String(format: "live filter, 1,000,000 songs, filter to frame with its rows: p50 %.1f ms, max %.1f ms over %d filters (off the key path)",
                 filter.resultP50, filter.resultMax, filter.filters))
}

await main()
