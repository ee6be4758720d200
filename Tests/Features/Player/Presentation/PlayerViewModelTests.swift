import Foundation
import KernelDomain
import PlayerPresentation
import ScreenKit
import Testing
import TestSupport

/// The player screen over an in-memory engine: what it shows, which
/// actions it offers and why not, and that a failing engine is an error
/// status (never a crash) that the next successful read clears.
@MainActor
@Suite struct PlayerViewModelTests {
    final class FakePlayer: MusicPlayer, @unchecked Sendable {
        let address = "fake:6600"
        var state = PlayerState()
        var songs: [QueuedSong] = []
        var failure: MusicPlayerError?
        var commands: [String] = []
        /// How many times the state was read (`status`).
        var statusReads = 0
        /// `waitForChange` waits, as MPD's idle does while nothing changes,
        /// until cancelled (else it fails at once, as with no MPD).
        var idlesQuietly = false

        func check() throws { if let failure { throw failure } }
        func status() async throws -> PlayerState { statusReads += 1; try check(); return state }
        func queue(offset: Int, limit: Int) async throws -> (songs: [QueuedSong], total: Int) {
            try check()
            return (Array(songs.dropFirst(offset).prefix(limit)), songs.count)
        }
        func play(position: Int?) async throws {
            try check()
            commands.append("play \(position.map(String.init) ?? "")")
            state.playback = .playing
            state.song = songs[(position ?? 1) - 1]
        }
        func pause(_ paused: Bool) async throws {
            try check()
            commands.append("pause \(paused)")
            state.playback = paused ? .paused : .playing
        }
        func stop() async throws { commands.append("stop"); state.playback = .stopped }
        func next() async throws { commands.append("next") }
        func previous() async throws { commands.append("previous") }
        func seek(to seconds: Double) async throws { commands.append("seek \(Int(seconds))") }
        func setVolume(_ volume: Int) async throws { commands.append("volume \(volume)"); state.volume = volume }
        func clear() async throws { commands.append("clear"); songs = []; state.queueLength = 0 }
        func enqueue(_ songs: [SongReference], replacing: Bool) async throws -> EnqueueReport { EnqueueReport() }
        func storedPlaylists() async throws -> [String] { [] }
        func storedPlaylist(_ name: String) async throws -> [QueuedSong] { [] }
        func saveStoredPlaylist(_ name: String, _ songs: [SongReference]) async throws -> EnqueueReport { EnqueueReport() }
        func waitForChange() async throws -> [String] {
            if idlesQuietly {
                let (stream, continuation) = AsyncStream<Never>.makeStream()
                defer { continuation.finish() }
                for await _ in stream {}
            }
            throw CancellationError()
        }
    }

    func fake(songs count: Int) -> FakePlayer {
        let player = FakePlayer()
        player.songs = (1...count).map { QueuedSong(position: $0, file: "dir/song \($0).flac", title: $0 == 2 ? nil : "Song \($0)") }
        player.state = PlayerState(volume: 50, queueLength: count)
        return player
    }

    func detail(_ model: PlayerViewModel, _ id: String) -> TypedValue? {
        model.snapshot.content.detail?.rows.first { $0.id == id }?.data
    }

    func action(_ model: PlayerViewModel, _ name: String) -> ActionDescriptor? {
        model.snapshot.actions.first { $0.name == name }
    }

    @Test func showsTheStateAndAPageOfTheQueueAndPlaysFromTheCursor() async throws {
        let player = fake(songs: 120)
        let model = PlayerViewModel(player: player, pageSize: 50, live: false)
        await model.start()
        #expect(detail(model, "state") == .string("stopped"))
        #expect(model.snapshot.content.list?.items.count == 50)
        #expect(model.snapshot.content.list?.total == 120)
        // A song without a title is called by its file's name.
        #expect(model.snapshot.content.list?.items[1].title == "song 2")
        #expect(action(model, "pause")?.disabledReason == "Nothing is playing")
        try await model.run(PlayerViewModel.playAction, [StandardParam.item: .string("3")])
        #expect(player.commands == ["play 3"])
        #expect(detail(model, "state") == .string("playing"))
        #expect(detail(model, "title") == .string("Song 3"))
        #expect(model.snapshot.content.list?.items[2].badges == ["playing"])
        try await model.run(PlayerViewModel.pauseAction)
        #expect(detail(model, "state") == .string("paused"))
        try await model.run(PlayerViewModel.pauseAction)
        #expect(player.commands == ["play 3", "pause true", "pause false"])
    }

    @Test func aFailingEngineIsAnErrorStatusThatTheNextReadClears() async throws {
        let player = fake(songs: 3)
        player.failure = MusicPlayerError(.unreachable, "No MPD at fake:6600: start mpd or set mpd-host.")
        let model = PlayerViewModel(player: player, live: false)
        await model.start()
        #expect(model.snapshot.status.kind == .error)
        #expect(model.snapshot.status.code == "player.unreachable")
        #expect(model.snapshot.status.message == "No MPD at fake:6600: start mpd or set mpd-host.")
        #expect(action(model, "play")?.disabledReason == "MPD is not reachable at fake:6600")
        player.failure = nil
        try await model.run(PlayerViewModel.reloadAction)
        #expect(model.snapshot.status.kind == .idle)
        #expect(action(model, "play")?.enabled == true)
    }

    @Test func badArgumentsAreRefusedByNameAndTheEmptyQueueSaysWhy() async throws {
        let player = fake(songs: 1)
        let model = PlayerViewModel(player: player, live: false)
        await model.start()
        await #expect(throws: ScreenError.self) {
            try await model.run(PlayerViewModel.playAction, [StandardParam.item: .string("three")])
        }
        try await model.run(PlayerViewModel.clearAction)
        #expect(action(model, "play")?.disabledReason == "The queue is empty")
        #expect(player.commands == ["clear"])
    }

    @Test func elapsedTimeRunsOnWhilePlayingWithoutAskingMPDAgain() async throws {
        let player = fake(songs: 2)
        player.idlesQuietly = true
        // A song long enough that the shown time cannot reach its end (where
        // it stops moving) however long a loaded machine keeps this test waiting.
        player.state = PlayerState(
            playback: .playing, song: player.songs[0], elapsed: 10, duration: 3600, volume: 80, queueLength: 2)
        let model = PlayerViewModel(player: player, live: true)
        defer { model.close() }
        await model.start()
        let reads = player.statusReads
        // 0:10, or later on a machine so loaded that starting took a while.
        let first = model.snapshot.summary ?? ""
        #expect(first.hasPrefix("playing · Song 1 · ") && first.hasSuffix(" / 1:00:00 · vol 80"), "\(first)")
        var published = 0
        let token = model.changes.observe { _ in published += 1 }
        defer { token.cancel() }
        // The next whole second is drawn with no read of MPD's state.
        // The tick comes on the main actor, which the whole run's main-actor
        // tests share: a generous wait, which only a failure waits out.
        #expect(await eventually(timeout: .seconds(240)) { published > 0 && model.snapshot.summary != first })
        let moved = model.snapshot.summary ?? ""
        #expect(moved.hasPrefix("playing · Song 1 · ") && moved.hasSuffix(" / 1:00:00 · vol 80"), "\(moved)")
        if case .double(let elapsed)? = detail(model, "elapsed") { #expect(elapsed >= 11) } else { Issue.record("no elapsed") }
        #expect(player.statusReads == reads)
        // Paused, the time stands: the summary says so and nothing ticks on.
        try await model.run(PlayerViewModel.pauseAction)
        let paused = model.snapshot
        #expect(paused.summary?.hasPrefix("paused · Song 1 · 0:1") == true, "\(paused.summary ?? "nil")")
        #expect(detail(model, "elapsed") == .double(10))
    }

    @Test func theSummaryIsQuietWhenStoppedOrUnreachable() async throws {
        let player = fake(songs: 2)
        let model = PlayerViewModel(player: player, live: false)
        await model.start()
        #expect(model.snapshot.summary == nil)
        player.failure = MusicPlayerError(.unreachable, "No MPD at fake:6600: start mpd or set mpd-host.")
        let absent = PlayerViewModel(player: player, live: false)
        await absent.start()
        #expect(absent.snapshot.summary == nil)
    }
}
