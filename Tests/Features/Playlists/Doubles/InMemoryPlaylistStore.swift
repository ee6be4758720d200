import Foundation
import KernelDomain
import PlaylistsDomain

/// A `PlaylistStore` in memory, for view-model and use-case unit tests.
/// It follows the port's contract (contiguous positions, unique names,
/// filter/sort/paging) so tests of one layer do not depend on SQLite.
public final class InMemoryPlaylistStore: PlaylistStore, @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [Int64: (summary: PlaylistSummary, songs: [Song])] = [:]
    private var nextID: Int64 = 0
    /// When set, the next call throws it (then it is cleared).
    public var failNext: (any Error)?
    /// Suspends `create` until `resumeCreate()` is called, to observe an
    /// import in progress.
    public var holdCreate = false
    private var heldContinuations: [CheckedContinuation<Void, Never>] = []
    public private(set) var pageRequests: [SongQuery] = []

    public init() {}

    public func resumeCreate() {
        lock.lock()
        let held = heldContinuations
        heldContinuations = []
        holdCreate = false
        lock.unlock()
        held.forEach { $0.resume() }
    }

    private func checkFailure() throws {
        lock.lock()
        let failure = failNext
        failNext = nil
        lock.unlock()
        if let failure { throw failure }
    }

    public func playlists(_ query: PlaylistListQuery) async throws -> [PlaylistSummary] {
        try checkFailure()
        let needle = CaseFolding.fold(query.filter)
        let found = locked {
            lists.values.map(\.summary).filter {
                needle.isEmpty || [$0.name, $0.source, $0.format].contains { CaseFolding.contains($0, foldedNeedle: needle) }
            }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        }
        let ordered: [PlaylistSummary] = switch query.sort {
        case .name: found
        case .songs: found.sorted { $0.songCount < $1.songCount }
        case .imported: found.sorted { $0.importedAt < $1.importedAt }
        case .source: found.sorted { $0.source.lowercased() < $1.source.lowercased() }
        case .format: found.sorted { $0.format.lowercased() < $1.format.lowercased() }
        }
        return query.descending ? ordered.reversed() : ordered
    }

    public func playlist(named name: String) async throws -> PlaylistSummary? {
        try checkFailure()
        return locked { lists.values.first { CaseFolding.fold($0.summary.name) == CaseFolding.fold(name) }?.summary }
    }

    public func create(name: String, source: String, format: String, songs: [Song]) async throws -> PlaylistSummary {
        if locked({ holdCreate }) {
            await withCheckedContinuation { continuation in locked { heldContinuations.append(continuation) } }
        }
        try checkFailure()
        return try locked {
            if lists.values.contains(where: { CaseFolding.fold($0.summary.name) == CaseFolding.fold(name) }) {
                throw PlaylistError.duplicateName(name)
            }
            nextID += 1
            let summary = PlaylistSummary(
                id: nextID, name: name, songCount: songs.count, source: source, format: format,
                importedAt: Date(timeIntervalSince1970: 1_700_000_000))
            lists[nextID] = (summary, songs)
            return summary
        }
    }

    public func songs(in playlist: Int64, _ query: SongQuery) async throws -> SongPage {
        try checkFailure()
        return locked {
            pageRequests.append(query)
            let songs = lists[playlist]?.songs ?? []
            var entries = songs.enumerated().map { PlaylistEntry(position: $0.offset + 1, song: $0.element) }
            if !query.filter.isEmpty {
                let needle = CaseFolding.fold(query.filter)
                entries = entries.filter {
                    CaseFolding.contains($0.song.title, foldedNeedle: needle)
                        || CaseFolding.contains($0.song.artist, foldedNeedle: needle)
                }
            }
            switch query.sort {
            case .position: break
            case .title: entries.sort { ($0.song.title.lowercased(), $0.position) < ($1.song.title.lowercased(), $1.position) }
            case .artist: entries.sort { ($0.song.artist.lowercased(), $0.position) < ($1.song.artist.lowercased(), $1.position) }
            case .duration: entries.sort { ($0.song.duration ?? -1, $0.position) < ($1.song.duration ?? -1, $1.position) }
            }
            if query.descending { entries.reverse() }
            let page = Array(entries.dropFirst(query.offset).prefix(query.limit))
            return SongPage(entries: page, total: entries.count, offset: query.offset)
        }
    }

    public func removeSong(in playlist: Int64, at position: Int) async throws {
        try checkFailure()
        locked {
            lists[playlist]?.songs.remove(at: position - 1)
            lists[playlist]?.summary.songCount -= 1
        }
    }

    public func moveSong(in playlist: Int64, from: Int, to: Int) async throws {
        try checkFailure()
        locked {
            guard var songs = lists[playlist]?.songs else { return }
            let song = songs.remove(at: from - 1)
            songs.insert(song, at: to - 1)
            lists[playlist]?.songs = songs
        }
    }

    public func removeSongs(in playlist: Int64, at positions: [Int]) async throws {
        try checkFailure()
        locked {
            for position in positions.sorted(by: >) { lists[playlist]?.songs.remove(at: position - 1) }
            lists[playlist]?.summary.songCount -= positions.count
        }
    }

    public func reorder(in playlist: Int64, pick: [Int], place: [Int]) async throws {
        try checkFailure()
        locked {
            guard var songs = lists[playlist]?.songs else { return }
            let picked = pick.map { songs[$0 - 1] }
            for position in pick.sorted(by: >) { songs.remove(at: position - 1) }
            for (song, position) in zip(picked, place) { songs.insert(song, at: position - 1) }
            lists[playlist]?.songs = songs
        }
    }

    /// The double keeps no journal: nothing is ever undoable.
    public func lastChange(of playlist: Int64?) async throws -> PlaylistChange? { nil }

    public func undoLast(of playlist: Int64?) async throws -> (change: PlaylistChange, playlist: PlaylistSummary) {
        throw PlaylistError.nothingToUndo
    }

    public func rename(_ playlist: Int64, to name: String) async throws {
        try checkFailure()
        try locked {
            if lists.contains(where: { $0.key != playlist && CaseFolding.fold($0.value.summary.name) == CaseFolding.fold(name) }) {
                throw PlaylistError.duplicateName(name)
            }
            lists[playlist]?.summary.name = name
        }
    }

    public func delete(_ playlist: Int64) async throws {
        try checkFailure()
        _ = locked { lists.removeValue(forKey: playlist) }
    }

    public func append(_ songs: [Song], to playlist: Int64) async throws -> PlaylistSummary {
        try checkFailure()
        return try locked {
            guard var list = lists[playlist] else { throw PlaylistError.notFound("#\(playlist)") }
            list.songs += songs
            list.summary.songCount = list.songs.count
            lists[playlist] = list
            return list.summary
        }
    }

    public func forEachBatch(
        of playlist: Int64, batch: Int, _ body: @escaping @Sendable ([Song]) throws -> Void
    ) async throws {
        try checkFailure()
        let songs = locked { lists[playlist]?.songs ?? [] }
        var start = 0
        while start < songs.count {
            try body(Array(songs[start..<min(songs.count, start + batch)]))
            start += batch
        }
    }

    public func songReferences(of playlist: Int64) async throws -> [SongReference] {
        try checkFailure()
        return locked { lists[playlist]?.songs ?? [] }.map { SongReference(location: $0.location, name: $0.title) }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
