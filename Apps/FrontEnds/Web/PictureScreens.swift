import ScreenKit

/// The screens `/picture` runs picture actions on, kept open a while: a
/// page's fifty rows ask for fifty pictures of one list at once, and that
/// list is opened (and does its opening work, a refresh from the network)
/// once, not fifty times. The few most recently used stay open; the rest
/// are closed.
@MainActor
final class PictureScreens {
    static let kept = 4

    /// One screen, from the moment its opening starts: the requests that
    /// arrive meanwhile wait for it instead of opening their own.
    final class Slot {
        var screen: (any Screen)?
        var failure: ScreenError?
        var opened = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var closed = false
    }

    /// Least recently used first.
    private var open: [(key: String, slot: Slot)] = []

    /// The open screen for `request`, opened now if it is not.
    func screen(_ request: ScreenRequest, catalog: any ScreenCatalog) async throws(ScreenError) -> any Screen {
        let key = SnapshotJSON.string(request)
        let slot: Slot
        if let index = open.firstIndex(where: { $0.key == key }) {
            let entry = open.remove(at: index)
            open.append(entry)
            slot = entry.slot
            if !slot.opened { await withCheckedContinuation { slot.waiting.append($0) } }
        } else {
            slot = Slot()
            open.append((key, slot))
            while open.count > Self.kept { Self.close(open.removeFirst().slot) }
            do { slot.screen = try await catalog.open(request) } catch { slot.failure = error }
            slot.opened = true
            for waiter in slot.waiting { waiter.resume() }
            slot.waiting = []
            if slot.closed { slot.screen?.close() }
        }
        guard let screen = slot.screen, !slot.closed else {
            // Not kept: the next request tries again.
            open.removeAll { $0.slot === slot }
            throw slot.failure ?? .failed("The screen was closed.", code: "closed")
        }
        return screen
    }

    func closeAll() {
        for entry in open { Self.close(entry.slot) }
        open.removeAll()
    }

    private static func close(_ slot: Slot) {
        slot.closed = true
        if slot.opened { slot.screen?.close() }
    }
}
