import Foundation
import ScreenKit
import Testing

@MainActor
final class CounterScreen: ScreenModel {
    var count = 0
    var label = "counter"
    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "counter", title: label, content: ScreenContent(detail: DetailContent(rows: [DetailRow("Count", "\(count)")])),
            actions: [ActionDescriptor(name: "add", label: "Add", summary: "", enabled: count < 2)])
    }
    override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        count += 1
        publish()
        return .done
    }
}

@MainActor
@Suite struct ScreenModelTests {
    @Test func publishesOnlyVisibleChangesToEveryObserver() async throws {
        let screen = CounterScreen()
        var first: [Int] = []
        var second: [Int] = []
        let a = screen.changes.observe { first.append($0) }
        let b = screen.changes.observe { second.append($0) }
        screen.publish()
        screen.publish()  // nothing changed: no second notification
        _ = try await screen.run("add")
        #expect(first == [1, 2])
        #expect(second == [1, 2])
        a.cancel()
        _ = try await screen.run("add")
        #expect(first == [1, 2])
        #expect(second == [1, 2, 3])
        _ = b
    }

    @Test func runRefusesUnknownAndDisabledActions() async throws {
        let screen = CounterScreen()
        await #expect(throws: ScreenError.self) { try await screen.run("nope") }
        screen.count = 2
        do {
            _ = try await screen.run("add")
            Issue.record("a disabled action ran")
        } catch {
            #expect(error.code == "action_disabled")
        }
        #expect(screen.count == 2)
    }

    @Test func settleWaitsForLaunchedWork() async {
        let screen = CounterScreen()
        screen.launch {
            try? await Task.sleep(nanoseconds: 50_000_000)
            screen.count = 42
        }
        #expect(screen.isWorking)
        await screen.settle()
        #expect(screen.count == 42)
        #expect(!screen.isWorking)
    }

    @Test func snapshotRoundTripsThroughJSON() throws {
        let snapshot = CounterScreen().snapshot
        let data = SnapshotJSON.data(snapshot)
        let decoded = try JSONDecoder().decode(ScreenSnapshot.self, from: data)
        #expect(decoded == snapshot)
        #expect(SnapshotJSON.string(snapshot) == SnapshotJSON.string(decoded))
    }
}
