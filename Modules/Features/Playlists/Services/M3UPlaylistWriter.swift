import JSONCore
import KernelDomain
import PlaylistsDomain

/// Writes songs as an extended M3U8 playlist that players read and that
/// Facet imports back to the same songs in the same order.
///
/// Each song is `#EXTINF:<seconds>,<Artist> - <Title>` (`-1` seconds when
/// unknown, just the title without an artist) and then its path or URL.
/// Those two lines cannot carry everything: a newline in a title would end
/// the line, the first ` - ` is taken as the artist's end, a cover has no
/// place, a song without a location needs some entry line, an escape
/// sequence is not shown (`sanitize`), a path that is not UTF-8 cannot be
/// written in UTF-8. So where the two
/// lines would not read back to the very same song (`M3USongParser` is run
/// on them to check), a `#FACET-SONG:` line goes before them with the song
/// as one JSON object; players skip it as a comment, Facet's import takes
/// the song from it. Line breaks in what the `#EXTINF` and entry lines show
/// become spaces (players split lines at any of them).
struct M3UPlaylistWriter {
    static let header = Array("#EXTM3U\n".utf8)
    static let exactPrefix = "#FACET-SONG:"

    /// The export's absolute path: relative entries would be read against
    /// its folder.
    let file: String
    /// What a line may show of outside text: the terminal front ends' own
    /// cleaning (control characters and escape sequences gone), handed in
    /// by the feature, so a player showing the file shows no raw escape.
    let sanitize: @Sendable (String) -> String

    func append(_ song: Song, to out: inout [UInt8]) {
        let shown = song.artist.isEmpty ? song.title : song.artist + " - " + song.title
        let info = "#EXTINF:\(song.duration ?? -1)," + sanitize(Self.oneLine(Self.carried(shown)))
        let entry = Self.entryLine(sanitize(Self.carried(song.location ?? shown)))
        if Self.reads(info: info, entry: entry, in: file) != song {
            out += Array(Self.exactPrefix.utf8)
            Self.writeExact(song, into: &out)
            out.append(0x0A)
        }
        out += Array(info.utf8)
        out.append(0x0A)
        out += Array(entry.utf8)
        out.append(0x0A)
    }

    /// The song an importer reads from these two lines alone.
    static func reads(info: String, entry: String, in file: String) -> Song? {
        let material = PlaylistMaterial.file(name: file, bytes: Array((info + "\n" + entry + "\n").utf8))
        return (try? M3USongParser().parse(material))?.first
    }

    /// A path's bytes that are not UTF-8 (`FileSystemName`'s escapes) as
    /// U+FFFD: an M3U8 line is UTF-8 and cannot hold them (the exact path
    /// goes in the `#FACET-SONG:` line).
    static func carried(_ location: String) -> String {
        guard FileSystemName.hasEscapes(location) else { return location }
        return String(String.UnicodeScalarView(location.unicodeScalars.map { FileSystemName.hasEscapes(String($0)) ? "\u{FFFD}" : $0 }))
    }

    /// Any line break (LF, CR, NEL, the Unicode separators, VT, FF) as a space.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// An entry line that is one non-empty line and not a comment.
    static func entryLine(_ location: String) -> String {
        let line = oneLine(location).trimmingWhiteSpace
        if line.isEmpty { return "untitled" }
        return line.hasPrefix("#") ? "./" + line : line
    }

    /// `{"title":…,"artist":…,"cover":…,"duration":…,"location":…}`.
    static func writeExact(_ song: Song, into out: inout [UInt8]) {
        out += Array(#"{"title":"#.utf8)
        JSONWriter.writeString(song.title, into: &out)
        out += Array(#","artist":"#.utf8)
        JSONWriter.writeString(song.artist, into: &out)
        out += Array(#","cover":"#.utf8)
        JSONWriter.writeString(song.cover, into: &out)
        out += Array(#","duration":"#.utf8)
        out += Array((song.duration.map(String.init) ?? "null").utf8)
        out += Array(#","location":"#.utf8)
        if let location = song.location {
            JSONWriter.writeString(location, into: &out)
        } else {
            out += Array("null".utf8)
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// Writes songs in the seed's JSON format, one record a line:
/// `{"result": [{"title", "artist_name", "cover"}, …]}`, plus `duration`
/// and `location` when the song has them (fields the seed's readers skip
/// and Facet's import reads back).
struct SeedJSONPlaylistWriter {
    static let header = Array("{\"result\": [\n".utf8)
    static let trailer = Array("\n]}\n".utf8)

    func append(_ song: Song, first: Bool, to out: inout [UInt8]) {
        if !first { out += Array(",\n".utf8) }
        out += Array(#"{"title": "#.utf8)
        JSONWriter.writeString(song.title, into: &out)
        out += Array(#", "artist_name": "#.utf8)
        JSONWriter.writeString(song.artist, into: &out)
        out += Array(#", "cover": "#.utf8)
        JSONWriter.writeString(song.cover, into: &out)
        if let duration = song.duration {
            out += Array(#", "duration": "#.utf8)
            out += Array(String(duration).utf8)
        }
        if let location = song.location {
            out += Array(#", "location": "#.utf8)
            JSONWriter.writeString(location, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
