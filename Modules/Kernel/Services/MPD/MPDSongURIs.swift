import Foundation
import KernelDomain

/// How a song Facet knows by its path reaches MPD: relative to MPD's music
/// folder when it is inside it (what MPD's database holds), else a
/// `file://` URI, which MPD plays only for a client on its local socket.
///
/// Worked out on the path's UTF-8 bytes, since it runs once per song of a
/// playlist of tens of thousands: the answer is a slice of the path, never
/// a string made for it.
struct MPDSongURIs {
    let musicDirectory: String?
    let localSocket: Bool
    /// The music folder and its slash, as bytes, made once per batch.
    private let folder: [UInt8]?

    init(musicDirectory: String?, localSocket: Bool) {
        self.musicDirectory = musicDirectory
        self.localSocket = localSocket
        folder = musicDirectory.map { Array($0.utf8) + [0x2F] }
    }

    /// The URI to send, or why there is none. Only an absolute path is
    /// rewritten; anything else (a path relative to the music folder, a URL
    /// MPD reads itself such as http://) goes as it is.
    func uri(for location: String?) -> Result<Substring, MusicPlayerError> {
        guard let location, !location.isEmpty else {
            return .failure(MusicPlayerError(.notFound, "no file: the playlist does not say where its audio is"))
        }
        if location.utf8.first == 0x2F { return uri(ofPath: Substring(location)) }
        if location.utf8.starts(with: "file://".utf8) {
            return uri(ofPath: Substring(URL(string: location)?.path ?? String(location.dropFirst(7))))
        }
        return .success(Substring(location))
    }

    private func uri(ofPath path: Substring) -> Result<Substring, MusicPlayerError> {
        guard path.utf8.first == 0x2F else { return .success(path) }
        if let folder, Self.starts(path.utf8, with: folder) {
            return .success(path[path.utf8.index(path.startIndex, offsetBy: folder.count)...])
        }
        if localSocket { return .success("file://" + path) }
        let folderText = musicDirectory.map { "outside MPD's music folder \($0)" } ?? "MPD's music folder is not known"
        return .failure(MusicPlayerError(
            .notFound, "\(folderText); over TCP MPD plays only files in its music folder (set mpd-music-directory, or use its local socket)"))
    }

    /// A byte comparison of the path's start (`memcmp` on the string's own
    /// storage), the one test every song of a long playlist meets.
    static func starts(_ path: Substring.UTF8View, with prefix: [UInt8]) -> Bool {
        let compared = path.withContiguousStorageIfAvailable { bytes in
            prefix.withUnsafeBufferPointer { wanted in
                bytes.count >= wanted.count && memcmp(bytes.baseAddress!, wanted.baseAddress!, wanted.count) == 0
            }
        }
        return compared ?? path.starts(with: prefix)
    }
}

/// Sends many songs in command lists: MPD stops a list at the first song it
/// refuses, so the refused song is recorded and the list resumes after it.
enum MPDBatch {
    static let batchSize = 20_000

    /// `first`: commands sent before the songs, in the first list (a
    /// `clear`); `command`: the command and its leading arguments, the
    /// song's URI going last (`add`, or `playlistadd NAME`).
    static func send(
        _ songs: [SongReference], uris: MPDSongURIs, on connection: MPDConnection, first: [(String, [String])],
        command: (name: String, arguments: [String])
    ) throws(MusicPlayerError) -> EnqueueReport {
        var report = EnqueueReport()
        var commands = MPDCommands(capacity: songs.count * 48)
        for (name, arguments) in first { commands.append(name, arguments) }
        var names: [String] = []
        names.reserveCapacity(songs.count)
        for song in songs {
            switch uris.uri(for: song.location) {
            case .success(let uri):
                commands.append(command.name, command.arguments, last: uri.utf8)
                names.append(song.name)
            case .failure(let error):
                report.refused.append((song.name, error.detail))
            }
        }
        let prefix = first.count
        var index = prefix
        repeat {
            // The `first` commands go only with the first list.
            let end = min(commands.count, index + batchSize)
            let (done, refusal) = try connection.commandList(commands, (index == prefix ? 0 : index)..<end)
            let songsDone = index == prefix ? done - prefix : done
            if let refusal, songsDone < 0 { throw refusal }
            report.added += songsDone
            index += songsDone
            if let refusal, refusal.reason == .queueFull {
                // Every song after it would meet the same refusal: one round trip says so for all.
                report.refused += names[(index - prefix)...].map { ($0, refusal.detail) }
                index = commands.count
            } else if let refusal {
                report.refused.append((names[index - prefix], refusal.detail))
                index += 1
            }
        } while index < commands.count
        return report
    }
}
