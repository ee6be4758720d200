import Foundation
import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// A song as a table row: its title, artist, length in whole seconds,
/// cover, audio file and position, typed, so a program reads `duration` as a
/// number and never parses "3:45". Unknown values (no `#EXTINF` length, no
/// cover, no file) are null.
enum SongRow {
    enum Column {
        static let position = "position"
        static let title = "title"
        static let artist = "artist"
        static let duration = "duration"
        static let cover = "cover"
        static let location = "location"
    }

    /// Title first (the row's name), the position last, where the list has
    /// always shown it ("#" column).
    static let columns: [ListColumn] = [
        ListColumn(Column.title, "Title", priority: 0, sorts: true),
        ListColumn(Column.artist, "Artist", priority: 1, sorts: true),
        ListColumn(Column.duration, "Length", type: .seconds, priority: 3, sorts: true),
        ListColumn(Column.cover, "Cover", type: .url, priority: 4),
        ListColumn(Column.location, "File", type: .path, priority: 5),
        ListColumn(Column.position, "#", type: .integer, priority: 2, sorts: true),
    ]

    static func item(_ entry: PlaylistEntry) -> ListItem {
        // Room for every column at once: the dictionary is not grown (and
        // rehashed) column by column.
        var row = ListItem(id: String(entry.position), title: entry.song.title, values: .init(minimumCapacity: columns.count))
        fill(&row, with: entry)
        return row
    }

    /// Songs added to a page for scripts (made with `columnIDs`): the same
    /// columns as `item`, written by the same `fill`, without a dictionary
    /// per row.
    static func append(_ entries: [PlaylistEntry], to page: inout ListPage) {
        for entry in entries {
            page.appendRow(id: String(entry.position), title: entry.song.title)
            fill(&page, with: entry)
        }
    }

    /// The value columns, in the order `fill` sets them (the table's).
    static let columnIDs = columns.map(\.id)

    /// A song's columns, written into a snapshot's row or a page's.
    static func fill<Row: ListRowSink>(_ row: inout Row, with entry: PlaylistEntry) {
        let song = entry.song
        row.set(Column.title, .string(song.title), display: nil)
        row.set(Column.artist, .string(song.artist), display: nil)
        // Unwrapped here rather than through the generic `TypedValue.int`,
        // which another module cannot specialise for a whole list's rows.
        let duration: TypedValue = if let seconds = song.duration { .int(seconds) } else { .null }
        row.set(Column.duration, duration, display: song.duration.map(Formatters.duration))
        // A cover that is not an absolute URL (a relative path in a JSON
        // file) is not a URL a program could fetch: null, but still shown.
        let cover = song.cover
        row.set(Column.cover, isAbsoluteURL(cover) ? .string(cover) : .null, display: cover.isEmpty ? nil : cover)
        row.set(Column.location, path(song.location), display: song.location)
        row.set(Column.position, .int(entry.position), display: nil)
    }

    /// Where the audio file is, as the absolute path the table shows (a
    /// `file://` location as its path): a path is a path in every output.
    /// A location that is no file here (an `http` stream, a relative
    /// name) is null for programs, as a cover that is no URL is, and still
    /// shown; a file whose name is not UTF-8 keeps its `file://` URL.
    static func path(_ location: String?) -> TypedValue {
        guard let location else { return .null }
        if location.hasPrefix("/") {
            // A name that is not UTF-8 has no exact path string: its own
            // bytes in a `file://` URL (`%E9`) are the one spelling that
            // names that very file.
            if FileSystemName.hasEscapes(location), let bytes = FileSystemName.bytes(of: location) {
                return .string("file://" + percentEncoded(bytes))
            }
            return .string(location)
        }
        if location.utf8.count > 7, location.prefix(7).lowercased() == "file://", let url = URL(string: location),
           url.isFileURL, url.path.hasPrefix("/") {
            return .string(url.path)
        }
        return .null
    }

    /// `scheme:` followed by something, the scheme per RFC 3986 and of two
    /// or more characters (`C:\…` is a Windows path, not a URL).
    /// (Read as UTF-8 bytes: the scheme is ASCII, and a whole playlist
    /// printed for a script asks this of every song.)
    static func isAbsoluteURL(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.distance(from: bytes.startIndex, to: colon) >= 2,
              bytes.index(after: colon) != bytes.endIndex, let first = bytes.first, isASCIILetter(first)
        else { return false }
        return bytes[..<colon].allSatisfy {
            isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// A path's bytes as a URL path: what RFC 3986 allows in one as is,
    /// every other byte as `%XX`.
    static func percentEncoded(_ bytes: [UInt8]) -> String {
        let kept = Set("/-._~!$&'()*+,;=:@".utf8)
        var out = ""
        for byte in bytes {
            if isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
