import KernelDomain
import KernelPresentation
import ScreenKit

/// The *player* screen: what the MPD server plays (state, song, times,
/// volume, repeat and random) and its queue as a paged list.
///
/// Live in a long-running process: a second connection waits in MPD's
/// `idle`, so a change made by any client (`mpc pause`) shows at once,
/// without polling. A server that goes away turns into an error status and
/// the screen keeps trying to reconnect.
@MainActor
public final class PlayerViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "player"

    public private(set) var state: PlayerState? {
        didSet { stateReadAt = clock.now }
    }
    /// When `state` was read: elapsed time runs on from there while playing.
    private(set) var stateReadAt: ContinuousClock.Instant?
    let clock = ContinuousClock()
    /// Moves the shown elapsed time on while playing (`PlayerViewModel+Ticking`).
    var ticker: Task<Void, Never>?
    public private(set) var status: ScreenStatus = .idle
    public var queue: [QueuedSong] { pages.window.items }
    let player: any MusicPlayer
    private let live: Bool
    private(set) lazy var pages = PagedList<QueuedSong>(
        pageSize: pageSize, read: { [unowned self] offset, limit in
            let page = try await self.player.queue(offset: offset, limit: limit)
            return (page.songs, offset, page.total)
        }, changed: { [unowned self] in self.publish() })
    private let pageSize: Int
    /// Not `launch`ed work: it never ends by itself, and `settle()` (a
    /// client's `screen.wait`) waits for launched work to end.
    private var watcher: Task<Void, Never>?

    static let firstRetry = Duration.milliseconds(250)
    static let lastRetry = Duration.seconds(8)

    /// - Parameter live: follow the server's changes (not for a one-shot command).
    public init(player: any MusicPlayer, pageSize: Int = 50, live: Bool) {
        self.player = player
        self.pageSize = pageSize
        self.live = live
    }

    public override func start() async {
        status = .loading("Asking MPD at \(player.address)…")
        publish()
        await refresh()
        if live { watch() }
    }

    /// Reads the state and the loaded part of the queue again.
    func refresh() async {
        do {
            state = try await player.status()
            try await pages.reload()
            if status.isLoading || status.kind == .error { status = .idle }
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
        if live { tick() }
        publish()
    }

    /// Waits for MPD's changes on its own connection and reads the state
    /// after each; after a failure (a restarted server) it waits a moment,
    /// reads again (which shows the error or clears it) and idles again.
    private func watch() {
        guard watcher == nil else { return }
        let player = player
        watcher = Task { @MainActor [weak self] in
            // Doubles while MPD stays away (an idle TUI with no MPD must not
            // wake often), back to the start once it answers.
            var pause = Self.firstRetry
            while !Task.isCancelled {
                do {
                    _ = try await player.waitForChange()
                    pause = Self.firstRetry
                } catch {
                    if Task.isCancelled { return }
                    // MPD never answered since the screen opened (none runs
                    // here, as on most machines): asked again only rarely,
                    // so an idle face keeping the player as its bar sleeps.
                    // One that answered before is asked again soon, as after
                    // a restart.
                    let neverAnswered = self?.state == nil
                    try? await Task.sleep(for: neverAnswered ? Self.lastRetry : pause)
                    pause = min(pause * 2, Self.lastRetry)
                }
                if Task.isCancelled { return }
                guard let self else { return }
                await self.refresh()
            }
        }
    }

    public override func close() {
        watcher?.cancel()
        watcher = nil
        ticker?.cancel()
        ticker = nil
        super.close()
    }

    /// Runs a command, then shows the state it left (also when it failed:
    /// the server's state is what the screen must show).
    func command(_ notice: String?, _ body: @Sendable (any MusicPlayer) async throws -> Void) async throws(ScreenError) {
        do {
            try await body(player)
        } catch {
            await refresh()
            throw ErrorPresentation.screenError(error)
        }
        await refresh()
        if let notice { status = .notice(notice) }
        publish()
    }

    /// `reload`: reads again, and fails as the read did.
    func reloadOrThrow() async throws(ScreenError) {
        await refresh()
        if status.kind == .error {
            throw ScreenError(kind: .failed, code: status.code ?? "player.failed", message: status.message ?? "MPD failed.")
        }
    }

    func loadMore() async throws(ScreenError) {
        do { try await pages.loadMore() } catch { throw ErrorPresentation.screenError(error) }
    }

    func loadPrevious() async throws(ScreenError) {
        do { try await pages.loadPrevious() } catch { throw ErrorPresentation.screenError(error) }
    }

    func scroll(to offset: Int) async throws(ScreenError) {
        guard offset >= 0 else { throw .invalidParams("'offset' must be 0 or more") }
        do { try await pages.scroll(to: offset) } catch { throw ErrorPresentation.screenError(error) }
        publish()
    }

    // MARK: Screen contract

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Player",
        summary: "What MPD plays and its queue (MPD_HOST/MPD_PORT, else localhost:6600); live while open.",
        actions: actionDescriptors, columns: QueueRow.columns,
        examples: [
            "facet player",
            "facet player play 3",
            "facet player pause",
            "facet player next",
            "facet player seek 90",
            "facet player volume 40",
            "facet player --json",
            "facet player clear",
        ])

    var unreachable: String? {
        if state == nil { return status.isLoading ? "Asking MPD…" : "MPD is not reachable at \(player.address)" }
        return nil
    }

    var emptyQueue: String? { (state?.queueLength ?? 0) == 0 ? "The queue is empty" : nil }

    public override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: Self.screenID, title: "Player", status: status,
            content: ScreenContent(
                detail: shownState.map { DetailContent(rows: PlayerRows.rows($0, address: player.address)) },
                list: state == nil ? nil : ListContent(
                    items: queue.map { QueueRow.item($0, current: state?.song?.position) }, offset: pages.window.offset,
                    total: pages.window.total, hasMore: pages.window.hasMore, loadingMore: pages.isLoadingMore,
                    columns: QueueRow.columns, emptyMessage: "The queue is empty: facet playlist NAME play, or mpc add.")),
            actions: availableActions, summary: summary)
    }
}
