import ScreenKit
import Testing
@testable import ServeFrontEnd

/// One view model per screen request across every client, closed when its
/// last viewer closes.
@MainActor
@Suite struct SharedScreensTests {
    final class Counter: ScreenModel {
        var count = 0
        var closed = false
        var starts = 0
        override var snapshot: ScreenSnapshot {
            ScreenSnapshot(
                screen: "counter", title: "\(count)", content: ScreenContent(detail: DetailContent(rows: [])),
                actions: [ActionDescriptor(name: "bump", label: "Bump", summary: "Adds one", effect: .changes)])
        }
        override func start() async { starts += 1 }
        override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
            count += 1
            publish()
            return .done
        }
        override func close() {
            closed = true
            super.close()
        }
    }

    final class Catalog: ScreenCatalog {
        var made: [Counter] = []
        var screens: [ScreenDescriptor] {
            [ScreenDescriptor(id: "counter", title: "Counter", summary: "", params: [ParamDescriptor(name: "n", label: "N", kind: .int)],
                              actions: [ActionDescriptor(name: "bump", label: "Bump", summary: "Adds one", effect: .changes)])]
        }
        func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
            let screen = Counter()
            made.append(screen)
            return screen
        }
    }

    @Test func twoOpensOfOneRequestShareOneViewModel() async throws {
        let base = Catalog()
        let shared = SharedScreens(base: base)
        let first = try await shared.open(ScreenRequest(screen: "counter", params: ["n": .int(1)]))
        let second = try await shared.open(ScreenRequest(screen: "counter", params: ["n": .string("1")]))
        let other = try await shared.open(ScreenRequest(screen: "counter", params: ["n": .int(2)]))
        #expect(base.made.count == 2)
        #expect(base.made[0].starts == 1)
        var seen: [Int] = []
        let token = second.changes.observe { seen.append($0) }
        _ = try await first.run("bump")
        #expect(second.snapshot.title == "1")
        #expect(seen == [1])
        #expect(other.snapshot.title == "0")
        token.cancel()

        first.close()
        first.close()  // a second close of one viewer gives up nothing more
        #expect(!base.made[0].closed)
        second.close()
        #expect(base.made[0].closed)
        #expect(shared.openCount == 1)
        // Opening it again makes a fresh one.
        _ = try await shared.open(ScreenRequest(screen: "counter", params: ["n": .int(1)]))
        #expect(base.made.count == 3)
    }
}
