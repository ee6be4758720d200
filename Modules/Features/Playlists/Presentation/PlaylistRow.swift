import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// A stored playlist as a table row: name, song count, source (an absolute
/// path), format and import time, typed. A source that is not a path (the
/// built-in sample's `embedded:songs.json`, or a relative path stored before
/// paths were made absolute) has a null value and is shown as stored.
enum PlaylistRow {
    enum Column {
        static let name = "name"
        static let songs = "songs"
        static let source = "source"
        static let format = "format"
        static let imported = "imported"
    }

    static let columns: [ListColumn] = [
        ListColumn(Column.name, "Playlist", priority: 0, sorts: true),
        ListColumn(Column.songs, "Songs", type: .integer, priority: 1, sorts: true),
        ListColumn(Column.source, "Source", type: .path, priority: 3, sorts: true),
        ListColumn(Column.format, "Format", priority: 4, sorts: true),
        ListColumn(Column.imported, "Imported", type: .datetime, priority: 2, sorts: true),
    ]

    static func item(_ playlist: PlaylistSummary) -> ListItem {
        var row = ListItem(id: playlist.name, title: playlist.name)
        row.set(Column.name, .string(playlist.name))
        row.set(Column.songs, .int(playlist.songCount), display: Formatters.count(playlist.songCount, "song"))
        row.set(Column.source, source(playlist), display: playlist.source)
        row.set(Column.format, .string(playlist.format))
        let imported = Formatters.datetime(playlist.importedAt)
        row.set(Column.imported, imported.value, display: imported.display)
        return row
    }

    /// The source as a typed path, null when it is not an absolute path.
    static func source(_ playlist: PlaylistSummary) -> TypedValue {
        playlist.source.hasPrefix("/") ? .string(playlist.source) : .null
    }
}
