import ScreenKit

/// The screens this process built that someone is watching, read again when
/// another process commits to the database.
///
/// A screen's own `reload` is the way back to the stored data, as a front
/// end that returns to a screen already uses it: reading again publishes a
/// change only if what the screen shows differs, so every watcher of it (a
/// TUI, a JSON-lines client, each client of a server) gets the usual change
/// notification and nothing new to learn. Only screens whose `reload`
/// merely reads (effect `view`, no arguments) are read again: one that asks
/// a web API or resets what was chosen is left alone, and so is a form,
/// whose reload would put back the stored values over what is being typed.
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
    /// commits that arrive during one are covered by a single next one).
    func readAgain() {
        for (key, entry) in entries {
            guard let screen = entry.screen else {
                entries[key] = nil
                continue
            }
            guard screen.changes.observerCount > 0, Self.rereadable(screen.snapshot) else { continue }
            if entry.running {
                entries[key]?.again = true
                continue
            }
            entries[key]?.running = true
            Task { @MainActor [weak self] in
                var more = true
                while more, let screen = self?.entries[key]?.screen {
                    self?.entries[key]?.again = false
                    _ = try? await screen.perform(StandardAction.reload, [:])
                    more = self?.entries[key]?.again ?? false
                }
                self?.entries[key]?.running = false
            }
        }
    }

    static func rereadable(_ snapshot: ScreenSnapshot) -> Bool {
        guard snapshot.content.form == nil, let reload = snapshot.action(StandardAction.reload) else { return false }
        return reload.enabled && reload.effect == .view && !reload.params.contains(where: \.required)
    }
}
