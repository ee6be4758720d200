import Domain
import ScreenKit

/// A song as a table row: its position, title, artist, length in whole
/// seconds and cover, typed, so a program reads `duration` as a number and
/// never parses "3:45". Unknown values (no `#EXTINF` length, no cover) are
/// null.
enum SongRow {
    enum Column {
        static let position = "position"
        static let title = "title"
        static let artist = "artist"
        static let duration = "duration"
        static let cover = "cover"
    }

    /// Title first (the row's name), the position last, where the list has
    /// always shown it ("#" column).
    static let columns: [ListColumn] = [
        ListColumn(Column.title, "Title", priority: 0, sortKey: SongSort.title.rawValue),
        ListColumn(Column.artist, "Artist", priority: 1, sortKey: SongSort.artist.rawValue),
        ListColumn(Column.duration, "Length", type: .seconds, priority: 3),
        ListColumn(Column.cover, "Cover", type: .url, priority: 4),
        ListColumn(Column.position, "#", type: .integer, priority: 2, sortKey: SongSort.position.rawValue),
    ]

    static func item(_ entry: PlaylistEntry) -> ListItem {
        let song = entry.song
        var row = ListItem(id: String(entry.position), title: song.title)
        row.set(Column.position, .int(entry.position))
        row.set(Column.title, .string(song.title))
        row.set(Column.artist, .string(song.artist))
        row.set(Column.duration, .int(song.duration), display: song.duration.map(Formatters.duration))
        // A cover that is not an absolute URL (a relative path in a JSON
        // file) is not a URL a program could fetch: null, but still shown.
        let cover = song.cover
        row.set(Column.cover, isAbsoluteURL(cover) ? .string(cover) : .null, display: cover.isEmpty ? nil : cover)
        return row
    }

    /// `scheme:` followed by something, the scheme per RFC 3986.
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex,
              let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
