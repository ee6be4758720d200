import ScreenKit

/// The bar screens the catalog lists (`ScreenCatalog.bars`, a player's
/// now-playing line): kept open for the whole run, observed as any screen,
/// and drawn as one line under the title line on every tab. No screen is
/// named here; what a bar says is its snapshot's `summary`.
extension TUIController {
    /// Opens every bar screen, once. Called after the first frame, so a bar
    /// whose opening waits on the network (MPD not there) never delays
    /// start-up; one that fails to open stays quiet (a bar is no place for
    /// an error dialog).
    public func openBars() async {
        guard !barsOpened else { return }
        barsOpened = true
        for descriptor in catalog.bars {
            guard running, let screen = try? await catalog.open(ScreenRequest(screen: descriptor.id)) else { continue }
            let token = screen.changes.observe { [weak self] _ in self?.barChanged(descriptor.id) }
            bars.append(OpenBar(id: descriptor.id, screen: screen, token: token, shown: screen.snapshot.summary))
            dirty = true
        }
    }

    /// Redraws only when the line drawn would change (a screen may publish
    /// for parts of it no bar shows).
    func barChanged(_ id: String) {
        guard let index = bars.firstIndex(where: { $0.id == id }) else { return }
        let summary = bars[index].screen.snapshot.summary
        guard summary != bars[index].shown else { return }
        bars[index].shown = summary
        dirty = true
    }

    /// The line to draw: each bar's summary, except the bar of the tab on
    /// screen (that screen shows it all already); nil when none has
    /// anything to say.
    var barLine: String? {
        let root = stack.first?.screen.snapshot.screen
        let parts = bars.filter { $0.id != root }.compactMap(\.shown).filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.map(TerminalText.sanitize).joined(separator: "  ")
    }

    func closeBars() {
        for bar in bars {
            bar.token.cancel()
            bar.screen.close()
        }
        bars.removeAll()
    }
}

/// A bar screen held open, and the summary last drawn from it.
struct OpenBar {
    let id: String
    let screen: any Screen
    let token: ObservationToken
    var shown: String?
}
