/// Work over many screens at once (every client's screen reading its data
/// again after a commit), a few at a time.
///
/// A task per screen, all started together, puts a job per screen on the
/// main actor's queue before anything else: a client that connects
/// meanwhile waits behind all of them at each of its own steps (accept,
/// read, open, answer), so with a thousand clients a newcomer stalled for
/// the whole fan-out. A few at a time keep that queue short, and the
/// fan-out itself is no slower: the database serves only a few readers at
/// once anyway, and the rest of each screen's work is on the main actor.
public enum ScreensInTurns {
    /// How many run at once.
    public static let width = 4

    /// Runs `body` on every item, at most `width` at once; returns when all have run.
    @MainActor
    public static func run<Item: Sendable>(
        _ items: [Item], width: Int = ScreensInTurns.width, _ body: @escaping @Sendable @MainActor (Item) async -> Void
    ) async {
        let pending = Pending(items)
        // Each worker takes the next item when it is done with one.
        let workers = (0..<min(max(1, width), items.count)).map { _ in
            Task { @MainActor in
                while let item = pending.next() { await body(item) }
            }
        }
        for worker in workers { await worker.value }
    }

    @MainActor
    private final class Pending<Item: Sendable> {
        private let items: [Item]
        private var index = 0
        init(_ items: [Item]) { self.items = items }
        func next() -> Item? {
            guard index < items.count else { return nil }
            defer { index += 1 }
            return items[index]
        }
    }
}
