import Foundation
import KernelDomain

/// `MusicPlayer` over MPD's protocol. Commands go over one connection, made
/// on first use and again after any failure (a restarted server, a closed
/// idle connection); `waitForChange` holds a second one in `idle`, so the
/// screens learn of a change made by any client without polling.
///
/// The sockets are blocking-style with deadlines, so each connection's work
/// runs on a serial queue of its own and never occupies the concurrency
/// pool's threads (a two-core machine has two).
public final class MPDClient: MusicPlayer, @unchecked Sendable {
    public let address: String
    private let target: MusicPlayerAddress
    private let timeout: TimeInterval
    /// MPD's music folder when known (a setting, or `config` over a local socket).
    private var musicDirectory: String?
    private let commands = DispatchQueue(label: "facet.mpd.commands")
    private let idling = DispatchQueue(label: "facet.mpd.idle")
    private var connection: MPDConnection?
    private var idleConnection: MPDConnection?
    private let idleCancelled = LockedFlag()

    public init(_ target: MusicPlayerAddress, musicDirectory: String? = nil, timeout: TimeInterval = 5) {
        self.target = target
        self.address = target.description
        self.timeout = timeout
        self.musicDirectory = musicDirectory.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    // MARK: Running commands

    private func run<T: Sendable>(_ body: @escaping @Sendable (MPDConnection) throws(MusicPlayerError) -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            commands.async {
                continuation.resume(with: Result { try self.onQueue(body) })
            }
        }
    }

    /// On `commands`: runs `body`, reconnecting once when a connection kept
    /// from before turns out closed (MPD closes an idle client after a while,
    /// and a restarted MPD closes them all).
    private func onQueue<T>(_ body: (MPDConnection) throws(MusicPlayerError) -> T) throws(MusicPlayerError) -> T {
        let reused = connection != nil
        do {
            return try body(try current())
        } catch where error.reason == .refused || error.reason == .notFound || error.reason == .invalidInput {
            throw error
        } catch {
            connection?.close()
            connection = nil
            guard reused, error.reason == .unreachable else { throw error }
        }
        do {
            return try body(try current())
        } catch {
            if error.reason != .refused && error.reason != .notFound {
                connection?.close()
                connection = nil
            }
            throw error
        }
    }

    private func current() throws(MusicPlayerError) -> MPDConnection {
        if let connection { return connection }
        let made = try MPDConnection(target, timeout: timeout)
        connection = made
        if musicDirectory == nil, target.isLocalSocket,
           let directory = try? made.command("config").first(where: { $0.0 == "music_directory" })?.1 {
            musicDirectory = directory
        }
        return made
    }

    // MARK: MusicPlayer

    public func status() async throws -> PlayerState {
        try await run { connection throws(MusicPlayerError) in
            let status = Dictionary(try connection.command("status"), uniquingKeysWith: { first, _ in first })
            let song = try MPDAnswers.songs(try connection.command("currentsong"), base: 0).first
            return MPDAnswers.state(status, song: song)
        }
    }

    public func queue(offset: Int, limit: Int) async throws -> (songs: [QueuedSong], total: Int) {
        try await run { connection throws(MusicPlayerError) in
            let status = Dictionary(try connection.command("status"), uniquingKeysWith: { first, _ in first })
            let total = Int(status["playlistlength"] ?? "") ?? 0
            guard offset < total, limit > 0 else { return ([], total) }
            let songs = try MPDAnswers.songs(
                try connection.command("playlistinfo", ["\(offset):\(min(total, offset + limit))"]), base: offset)
            return (songs, total)
        }
    }

    public func play(position: Int?) async throws {
        try await simple("play", position.map { [String($0 - 1)] } ?? [])
    }

    public func pause(_ paused: Bool) async throws { try await simple("pause", [paused ? "1" : "0"]) }
    public func stop() async throws { try await simple("stop") }
    public func next() async throws { try await simple("next") }
    public func previous() async throws { try await simple("previous") }
    public func seek(to seconds: Double) async throws { try await simple("seekcur", [String(format: "%.3f", seconds)]) }
    public func setVolume(_ volume: Int) async throws { try await simple("setvol", [String(volume)]) }
    public func clear() async throws { try await simple("clear") }

    private func simple(_ name: String, _ arguments: [String] = []) async throws {
        _ = try await run { connection throws(MusicPlayerError) in try connection.command(name, arguments) }
    }

    public func enqueue(_ songs: [SongReference], replacing: Bool) async throws -> EnqueueReport {
        try await run { connection throws(MusicPlayerError) in
            let uris = MPDSongURIs(musicDirectory: self.musicDirectory, localSocket: self.target.isLocalSocket)
            return try MPDBatch.send(
                songs, uris: uris, on: connection, first: replacing ? [("clear", [])] : [], command: ("add", []))
        }
    }

    public func storedPlaylists() async throws -> [String] {
        try await run { connection throws(MusicPlayerError) in
            try connection.command("listplaylists").filter { $0.0 == "playlist" }.map(\.1)
        }
    }

    public func storedPlaylist(_ name: String) async throws -> [QueuedSong] {
        try await run { connection throws(MusicPlayerError) in
            try MPDAnswers.songs(try connection.command("listplaylistinfo", [name]), base: 0)
        }
    }

    public func saveStoredPlaylist(_ name: String, _ songs: [SongReference]) async throws -> EnqueueReport {
        try await run { connection throws(MusicPlayerError) in
            let existing = try connection.command("listplaylists").contains { $0.0 == "playlist" && $0.1 == name }
            let uris = MPDSongURIs(musicDirectory: self.musicDirectory, localSocket: self.target.isLocalSocket)
            return try MPDBatch.send(
                songs, uris: uris, on: connection, first: existing ? [("rm", [name])] : [], command: ("playlistadd", [name]))
        }
    }

    // MARK: Live changes

    public func waitForChange() async throws -> [String] {
        idleCancelled.set(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[String], any Error>) in
                idling.async {
                    continuation.resume(with: Result { () throws(MusicPlayerError) -> [String] in try self.idleOnQueue() })
                }
            }
        } onCancel: {
            idleCancelled.set(true)
        }
    }

    /// On `idling`: one `idle` on the second connection, waiting as long as
    /// it takes (MPD answers when something changes), until cancelled.
    private func idleOnQueue() throws(MusicPlayerError) -> [String] {
        do {
            let connection: MPDConnection
            if let open = idleConnection {
                connection = open
            } else {
                connection = try MPDConnection(target, timeout: timeout)
                idleConnection = connection
            }
            try connection.socket.write("idle\n", deadline: Date(timeIntervalSinceNow: timeout))
            let answer = try connection.readAnswer(deadline: nil, cancelled: { self.idleCancelled.value })
            return answer.filter { $0.0 == "changed" }.map(\.1)
        } catch {
            // Cancelled mid-idle or failed: the connection's state is unknown.
            idleConnection?.close()
            idleConnection = nil
            throw error
        }
    }
}

/// A flag set from a cancellation handler and read on a queue.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    var value: Bool { lock.withLock { flag } }
    func set(_ value: Bool) { lock.withLock { flag = value } }
}
