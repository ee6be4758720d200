import Foundation
import JSONRPC
import ScreenKit
import Testing

/// `screen.wait` with `sinceVersion`: at once when the screen is newer, else
/// at its next change (or after `timeoutMs`); never a missed change.
@MainActor
@Suite struct ScreenWaitTests {
    final class Ticker: ScreenModel {
        var count = 0
        override var snapshot: ScreenSnapshot {
            ScreenSnapshot(screen: "ticker", title: "\(count)", content: ScreenContent(detail: DetailContent(rows: [])), actions: [])
        }
        func tick() {
            count += 1
            publish()
        }
    }

    final class OneScreen: ScreenCatalog {
        let ticker = Ticker()
        var screens: [ScreenDescriptor] { [ScreenDescriptor(id: "ticker", title: "Ticker", summary: "", actions: [])] }
        func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen { ticker }
    }

    let sink = CollectingSink()
    let catalog = OneScreen()

    func call(_ session: RPCSession, _ line: String) async -> String {
        sink.messages.removeAll()
        await session.receive(line: Array(line.utf8))
        return sink.messages.last ?? ""
    }

    @Test func sinceVersionReturnsAtOnceWhenNewerElseAtTheNextChange() async {
        let session = RPCSession(catalog: catalog, home: ScreenRequest(screen: "ticker"), version: "test", sink: sink)
        _ = await call(session, #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"ticker"}}"#)
        catalog.ticker.tick()
        catalog.ticker.tick()  // version 2
        let newer = await call(session, #"{"jsonrpc":"2.0","id":2,"method":"screen.wait","params":{"handle":"h1","sinceVersion":1}}"#)
        #expect(newer.contains(#""version":2}"#), "\(newer)")

        // Not newer: it waits for the change that comes later.
        let ticker = catalog.ticker
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(50))
            ticker.tick()
        }
        let started = ContinuousClock.now
        let woke = await call(session, #"{"jsonrpc":"2.0","id":3,"method":"screen.wait","params":{"handle":"h1","sinceVersion":2,"timeoutMs":600000}}"#)
        #expect(woke.contains(#""id":3"#) && woke.contains(#""version":3}"#), "\(woke)")
        // Woken by the change, not the ten-minute timeout (the bound is
        // generous: the main actor is shared with every other test of the
        // run, some of which wait on child processes).
        #expect(ContinuousClock.now - started < .seconds(300))

        // Nothing changes: it gives up after timeoutMs with the same version.
        let quiet = await call(session, #"{"jsonrpc":"2.0","id":4,"method":"screen.wait","params":{"handle":"h1","sinceVersion":3,"timeoutMs":30}}"#)
        #expect(quiet.contains(#""id":4"#) && quiet.contains(#""version":3}"#), "\(quiet)")

        let bad = await call(session, #"{"jsonrpc":"2.0","id":5,"method":"screen.wait","params":{"handle":"h1","timeoutMs":-1}}"#)
        #expect(bad.contains("-32602"), "\(bad)")
    }
}
