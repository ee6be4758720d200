import Foundation
import JSONCore
import KernelDomain
import KernelServices
import PlaylistsDomain

/// M3U and M3U8 playlists: one path or URL per line; `#EXTINF:<seconds>,<Artist> - <Title>`
/// before an entry gives its length, title and artist, otherwise the title is
/// the file name. A length of `-1` (or any negative one) means "unknown".
/// Each entry's location is kept: a URL as written, a relative path made
/// absolute against the playlist file's folder (where players look for it).
/// A title from a file name drops a leading track number (`SongFileName`).
/// A `#FACET-SONG:{…}` line (written by Facet's export where the plain lines
/// cannot say it all) gives the next entry's song exactly. The text is
/// UTF-8; a `.m3u` that is not is read as Latin-1 (`latin1`).
public struct M3USongParser: SongParser {
    public let format = "m3u"

    public init() {}

    public func accepts(_ material: PlaylistMaterial) -> Bool {
        guard case .file(let name, let bytes) = material else { return false }
        let lower = name.lowercased()
        return lower.hasSuffix(".m3u") || lower.hasSuffix(".m3u8") || bytes.starts(with: Array("#EXTM3U".utf8))
    }

    public func parse(_ material: PlaylistMaterial) throws -> [Song] {
        guard case .file(let file, var bytes) = material else { return [] }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) ?? Self.latin1(bytes, file: file) else {
            let line = Self.firstInvalidLine(bytes)
            let latin1 = Self.isLatin1ByConvention(file) ? ", nor Latin-1 text" : ""
            throw PlaylistError.parse(ParseFailure(
                file: file, location: "line \(line)", reason: "the text is not valid UTF-8\(latin1) (is this a binary file?)"))
        }
        // Stored text ends at a NUL wherever C reads it: refused, never cut.
        if let nul = bytes.firstIndex(of: 0) {
            let line = bytes[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw PlaylistError.parse(ParseFailure(file: file, location: "line \(line)", reason: "the text holds a NUL character"))
        }
        var songs: [Song] = []
        var pending: (title: String, artist: String, duration: Int?, line: Int)?
        var exact: (song: Song, line: Int)?
        var lineNumber = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.trimmingWhiteSpace  // a CRLF file's "\r" goes too
            if line.isEmpty { continue }
            if line.hasPrefix("#EXTINF:") {
                let info = line.dropFirst("#EXTINF:".count)
                guard let comma = info.firstIndex(of: ",") else {
                    throw PlaylistError.parse(ParseFailure(file: file, location: "line \(lineNumber)", field: "#EXTINF", reason: "expected \"#EXTINF:<seconds>,<title>\""))
                }
                let duration = info[..<comma].split(separator: " ").first.map(String.init) ?? ""
                guard let seconds = Double(duration) else {
                    throw PlaylistError.parse(ParseFailure(file: file, location: "line \(lineNumber)", field: "duration", reason: "\"\(duration)\" is not a number of seconds"))
                }
                let (artist, title) = Self.splitArtist(String(info[info.index(after: comma)...]).trimmingWhiteSpace)
                pending = (title, artist, Self.wholeSeconds(seconds), lineNumber)
                continue
            }
            if line.hasPrefix(Self.exactPrefix) {
                exact = (try Self.exactSong(line.dropFirst(Self.exactPrefix.count), file: file, line: lineNumber), lineNumber)
                continue
            }
            if line.hasPrefix("#") { continue }
            let location = Self.location(of: line, in: file)
            if let exact {
                songs.append(exact.song)
            } else if let info = pending {
                songs.append(Song(
                    title: info.title.isEmpty ? Self.title(fromPath: line) : info.title, artist: info.artist, cover: "",
                    duration: info.duration, location: location))
            } else {
                let (artist, title) = SongFileName.artistAndTitle(ofPath: line)
                songs.append(Song(title: title, artist: artist, cover: "", location: location))
            }
            pending = nil
            exact = nil
        }
        if let exact {
            throw PlaylistError.parse(ParseFailure(file: file, location: "line \(exact.line)", field: "#FACET-SONG", reason: "no entry follows this line"))
        }
        if let info = pending {
            throw PlaylistError.parse(ParseFailure(file: file, location: "line \(info.line)", field: "#EXTINF", reason: "no entry follows this #EXTINF line"))
        }
        return songs
    }

    static let exactPrefix = "#FACET-SONG:"

    /// `{"title","artist","cover","duration","location"}`: title and artist
    /// strings, the rest optional (null or absent).
    static func exactSong(_ text: Substring, file: String, line: Int) throws -> Song {
        func failure(_ field: String?, _ reason: String) -> PlaylistError {
            .parse(ParseFailure(file: file, location: "line \(line)", field: field ?? "#FACET-SONG", reason: reason))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw failure(nil, "not valid JSON (\(error.reason))")
        }
        guard case .object = value else { throw failure(nil, "expected a JSON object") }
        for field in ["title", "artist", "cover", "location"] where value[field]?.stringValue?.utf8.contains(0) == true {
            throw failure(field, "the text holds a NUL character (\\u0000)")
        }
        guard let title = value["title"]?.stringValue else { throw failure("title", "expected a string") }
        guard let artist = value["artist"]?.stringValue else { throw failure("artist", "expected a string") }
        var duration: Int?
        switch value["duration"] {
        case nil, .null?: duration = nil
        case .int(let seconds)? where seconds >= 0: duration = seconds
        default: throw failure("duration", "expected a whole number of seconds or null")
        }
        var location: String?
        switch value["location"] {
        case nil, .null?: location = nil
        case .string(let text)?: location = text
        default: throw failure("location", "expected a string or null")
        }
        var cover = ""
        switch value["cover"] {
        case nil, .null?: cover = ""
        case .string(let text)?: cover = text
        default: throw failure("cover", "expected a string or null")
        }
        return Song(title: title, artist: artist, cover: cover, duration: duration, location: location)
    }

    /// An entry as an absolute location: URLs (`http://…`, `file:///…`) and
    /// absolute paths as written, a relative path joined to the folder of
    /// `playlist` when that is absolute (else kept as written).
    static func location(of entry: String, in playlist: String) -> String {
        if entry.hasPrefix("/") || hasScheme(entry) { return entry }
        guard playlist.hasPrefix("/"), let folder = FolderPath.parent(playlist) else { return entry }
        return FolderPath.normalize(entry, relativeTo: folder)
    }

    /// `scheme:` with a scheme of two or more letters (one letter is a
    /// Windows drive, `C:\…`).
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return scheme.count >= 2 && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// 215.6 → 216; negative (M3U's "unknown"), not finite or absurd → nil.
    static func wholeSeconds(_ seconds: Double) -> Int? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        return Int(seconds.rounded())
    }

    /// `Artist - Title` → ("Artist", "Title"); otherwise ("", whole).
    static func splitArtist(_ text: String) -> (String, String) {
        guard let range = text.range(of: " - ") else { return ("", text) }
        return (String(text[..<range.lowerBound]).trimmingWhiteSpace, String(text[range.upperBound...]).trimmingWhiteSpace)
    }

    /// `Music/01 Song.mp3` → `01 Song`.
    static func title(fromPath path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// `.m3u` is Latin-1 by convention (`.m3u8` was named for being UTF-8):
    /// one that is not UTF-8 is read as Latin-1, each byte its character,
    /// when it is text (no control characters but tab, CR and LF: binary
    /// bytes are refused, not read as accented letters).
    static func latin1(_ bytes: [UInt8], file: String) -> String? {
        guard isLatin1ByConvention(file),
              !bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F })
        else { return nil }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(scalars)
    }

    static func isLatin1ByConvention(_ file: String) -> Bool { file.lowercased().hasSuffix(".m3u") }

    static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
        var line = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
