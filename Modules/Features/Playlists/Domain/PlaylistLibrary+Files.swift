import Foundation
import KernelDomain

/// Moving songs between a stored playlist and files: `add` appends a file's
/// or folder's songs, `export` writes the playlist as a file import reads.
extension PlaylistLibrary {
    /// Songs read from the store per batch while exporting: enough to keep
    /// the writes large, small enough that a huge playlist is never held whole.
    public static let exportBatch = 5_000

    /// Appends the songs of a playlist file or a folder of audio files
    /// (recursively) after the playlist's last song, in one transaction: a
    /// source that fails to read or parse, or a failed write, adds nothing.
    public func add(to playlist: PlaylistSummary, from typed: String) async throws -> PlaylistImportReport {
        let location = source.resolve(typed)
        let read = try await readSongs(at: location)
        let stored = try await store.append(read.songs, to: playlist.id)
        return PlaylistImportReport(playlist: stored, added: read.songs.count, skipped: read.skipped)
    }

    /// Writes the playlist, every song in position order, to `typed` in the
    /// format its extension names (`.m3u`/`.m3u8`, `.json`). An existing
    /// file is replaced only with `replacing`; a failed export leaves the
    /// path as it was.
    /// The path an export to `typed` writes and the size of the file it
    /// would replace, when there is one.
    public func exportTarget(_ typed: String) -> (file: String, replacing: Int64?) {
        let file = source.resolve(typed)
        return (file, exporter?.existing(file))
    }

    public func export(_ playlist: PlaylistSummary, to typed: String, replacing: Bool) async throws -> PlaylistExportSummary {
        let file = source.resolve(typed)
        guard let format = PlaylistFileFormat(exportPath: file) else { throw PlaylistError.unknownExportFormat(path: file) }
        guard let exporter else {
            throw PlaylistError.unreadable(path: file, reason: "this Facet cannot write files")
        }
        let output = try exporter.begin(file, format: format, replacing: replacing)
        let counter = SongCounter()
        do {
            try await store.forEachBatch(of: playlist.id, batch: Self.exportBatch) { songs in
                try output.write(songs)
                counter.add(songs.count)
            }
            try output.commit()
        } catch {
            output.abandon()
            throw error
        }
        return PlaylistExportSummary(file: file, format: format, songs: counter.value)
    }
}

/// Counts the songs an export's batches wrote (the batches arrive on the
/// store's thread).
private final class SongCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ more: Int) { lock.withLock { count += more } }
    var value: Int { lock.withLock { count } }
}
