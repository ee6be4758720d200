import KernelDomain
import KernelPresentation
import ScreenKit

/// The player's state as detail rows, each typed (seconds as numbers,
/// repeat and random as booleans) with the text people read beside it.
enum PlayerRows {
    static func rows(_ state: PlayerState, address: String) -> [DetailRow] {
        let song = state.song
        var rows = [
            DetailRow("State", state.playback.rawValue, id: "state"),
            DetailRow("Title", song?.displayTitle ?? "", id: "title", data: .text(song?.displayTitle)),
            DetailRow("Artist", song?.artist ?? "", id: "artist", data: .text(song?.artist)),
            DetailRow("Album", song?.album ?? "", id: "album", data: .text(song?.album)),
            DetailRow("File", song?.file ?? "", id: "file", data: .text(song?.file), type: .path),
            seconds("Elapsed", "elapsed", state.elapsed),
            seconds("Duration", "duration", state.duration),
            DetailRow(
                "Volume", state.volume.map { "\($0)%" } ?? "n/a", id: "volume", data: .int(state.volume), type: .integer),
            DetailRow("Repeat", state.repeats ? "on" : "off", id: "repeat", data: .bool(state.repeats), type: .boolean),
            DetailRow("Random", state.random ? "on" : "off", id: "random", data: .bool(state.random), type: .boolean),
            DetailRow("Queue", Formatters.count(state.queueLength, "song"), id: "queue", data: .int(state.queueLength), type: .integer),
            DetailRow("Server", address, id: "server"),
        ]
        if let error = state.error { rows.append(DetailRow("MPD error", error, id: "error")) }
        return rows
    }

    static func seconds(_ label: String, _ id: String, _ value: Double?) -> DetailRow {
        guard let value else { return DetailRow(label, "", id: id, data: .null, type: .seconds) }
        return DetailRow(label, Formatters.duration(Int(value)), id: id, data: .double((value * 1000).rounded() / 1000), type: .seconds)
    }
}

/// A queue entry as a table row; the song playing now carries the badge `playing`.
enum QueueRow {
    static let columns: [ListColumn] = [
        ListColumn("title", "Title", priority: 0),
        ListColumn("artist", "Artist", priority: 1),
        ListColumn("album", "Album", priority: 3),
        ListColumn("duration", "Length", type: .seconds, priority: 4),
        ListColumn("file", "File", type: .path, priority: 5),
        ListColumn("position", "#", type: .integer, priority: 2),
    ]

    static func item(_ song: QueuedSong, current: Int?) -> ListItem {
        var item = ListItem(id: String(song.position), title: song.displayTitle, badges: song.position == current ? ["playing"] : [])
            .with("title", .string(song.displayTitle))
            .with("artist", .text(song.artist))
            .with("album", .text(song.album))
            .with("file", .string(song.file))
            .with("position", .int(song.position))
        if let duration = song.duration {
            item = item.with("duration", .int(Int(duration)), display: Formatters.duration(Int(duration)))
        } else {
            item = item.with("duration", .null)
        }
        return item
    }
}
