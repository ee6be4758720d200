import ScreenKit

/// The screens this process built that someone is watching, brought up to
/// date when another process commits to the database.
///
/// Each is asked to `catchUpWithStore` (its own cache read, or a `reload`
/// that only reads), which publishes a change only if what the screen shows
/// differs, so every watcher of it (a TUI, a JSON-lines client, each client
/// of a server) gets the usual change notification and nothing new to learn.
@MainActor
final class WatchedScreens {
    private struct Entry {
        weak var screen: (any Screen)?
        /// A reload of it is running; another commit meanwhile asks for one more.
        var running = false
        var again = false
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    func track(_ screen: any Screen) {
        entries = entries.filter { $0.value.screen != nil }
        entries[ObjectIdentifier(screen)] = Entry(screen: screen)
    }

    /// Reads every watched screen again (one reload at a time per screen;
    /// commits that arrive during one are covered by a single next one),
    /// a few screens at a time (see `ScreensInTurns`).
    func readAgain() {
        var due: [ObjectIdentifier] = []
        for (key, entry) in entries {
            guard let screen = entry.screen else {
                entries[key] = nil
                continue
            }
            guard screen.changes.observerCount > 0 else { continue }
            if entry.running {
                entries[key]?.again = true
                continue
            }
            entries[key]?.running = true
            due.append(key)
        }
        guard !due.isEmpty else { return }
        Task { @MainActor [weak self] in
            await ScreensInTurns.run(due) { key in await self?.catchUp(key) }
        }
    }

    /// Has every watched screen publish its snapshot again, with no reading.
    func publishAgain() {
        for entry in entries.values {
            guard let model = entry.screen as? ScreenModel, model.changes.observerCount > 0 else { continue }
            model.publish()
        }
    }

    private func catchUp(_ key: ObjectIdentifier) async {
        var more = true
        while more, let screen = entries[key]?.screen {
            entries[key]?.again = false
            await screen.catchUpWithStore()
            more = entries[key]?.again ?? false
        }
        entries[key]?.running = false
    }
}
