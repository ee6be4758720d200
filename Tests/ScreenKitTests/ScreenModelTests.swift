import Foundation
import ScreenKit
import Synchronization
import Testing

/// A task executor that counts the jobs it is given and runs them on a
/// global queue: a screen's `workExecutor` for launched work.
final class CountingExecutor: TaskExecutor {
    let jobs = Mutex(0)

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.withLock { $0 += 1 }
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }
}

/// Nonisolated async work, which runs on the task's preferred executor.
nonisolated func nonisolatedWork() async -> Int {
    await Task.yield()
    return 7
}

@MainActor
final class CounterScreen: ScreenModel {
    var count = 0
    var label = "counter"
    override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: "counter", title: label, content: ScreenContent(detail: DetailContent(rows: [DetailRow("Count", "\(count)")])),
            actions: [ActionDescriptor(name: "add", label: "Add", summary: "", effect: .changes, enabled: count < 2)])
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

    /// Background work started by `launch` runs its nonisolated awaits on
    /// the screen's `workExecutor` (a one-shot command's main-thread
    /// executor), and on the pool when there is none.
    @Test func launchedWorkRunsOnTheScreensWorkExecutor() async {
        let counting = CountingExecutor()
        let screen = CounterScreen()
        screen.workExecutor = counting
        screen.launch { screen.count = await nonisolatedWork() }
        screen.workExecutor = nil
        await screen.settle()
        #expect(screen.count == 7)
        let preferred = counting.jobs.withLock { $0 }
        #expect(preferred > 0)
        screen.launch { screen.count = await nonisolatedWork() + 1 }
        await screen.settle()
        #expect(screen.count == 8)
        #expect(counting.jobs.withLock { $0 } == preferred)
    }
}
