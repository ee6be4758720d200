import Foundation
import KernelDomain

/// How a song Facet knows by its path reaches MPD: relative to MPD's music
/// folder when it is inside it (what MPD's database holds), else a
/// `file://` URI, which MPD plays only for a client on its local socket.
struct MPDSongURIs {
    let musicDirectory: String?
    let localSocket: Bool

    /// The URI to send, or why there is none.
    func uri(for location: String?) -> Result<String, MusicPlayerError> {
        guard var path = location, !path.isEmpty else {
            return .failure(MusicPlayerError(.notFound, "no file: the playlist does not say where its audio is"))
        }
        if path.hasPrefix("file://") {
            path = URL(string: path)?.path ?? String(path.dropFirst(7))
        } else if path.contains("://") {
            return .success(path)
        }
        guard path.hasPrefix("/") else { return .success(path) }
        if let musicDirectory, path.hasPrefix(musicDirectory + "/") {
            return .success(String(path.dropFirst(musicDirectory.count + 1)))
        }
        if localSocket { return .success("file://" + path) }
        let folder = musicDirectory.map { "outside MPD's music folder \($0)" } ?? "MPD's music folder is not known"
        return .failure(MusicPlayerError(
            .notFound, "\(folder); over TCP MPD plays only files in its music folder (set mpd-music-directory, or use its local socket)"))
    }
}

/// Sends many songs in command lists: MPD stops a list at the first song it
/// refuses, so the refused song is recorded and the list resumes after it.
enum MPDBatch {
    static let batchSize = 20_000

    static func send(
        _ songs: [SongReference], uris: MPDSongURIs, on connection: MPDConnection, first: [String],
        command: (String) -> String
    ) throws(MusicPlayerError) -> EnqueueReport {
        var report = EnqueueReport()
        var lines: [String] = []
        var names: [String] = []
        for song in songs {
            switch uris.uri(for: song.location) {
            case .success(let uri):
                lines.append(command(uri))
                names.append(song.name)
            case .failure(let error):
                report.refused.append((song.name, error.detail))
            }
        }
        var prefix = first
        var index = 0
        repeat {
            let end = min(lines.count, index + batchSize)
            let batch = prefix + lines[index..<end]
            let (done, refusal) = try connection.commandList(batch)
            let songsDone = done - prefix.count
            if let refusal, songsDone < 0 { throw refusal }
            prefix = []
            report.added += songsDone
            index += songsDone
            if let refusal, refusal.reason == .queueFull {
                // Every song after it would meet the same refusal: one round trip says so for all.
                report.refused += names[index...].map { ($0, refusal.detail) }
                index = lines.count
            } else if let refusal {
                report.refused.append((names[index], refusal.detail))
                index += 1
            }
        } while index < lines.count
        return report
    }
}
