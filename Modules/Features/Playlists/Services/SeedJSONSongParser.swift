import JSONCore
import KernelDomain
import KernelServices
import PlaylistsDomain

/// The seed's `songs.json`: `{"result": [{"title", "artist_name", "cover"}]}`,
/// with the optional `duration` (whole seconds) and `location` (a path or
/// URL) that Facet's export adds where a song has them.
///
/// Reads with JSONCore's pull parser and checks every record by hand so an
/// error names the line, record and field (the seed's errors 998/999 said
/// neither).
public struct SeedJSONSongParser: SongParser {
    public let format = "json"

    public init() {}

    public func accepts(_ material: PlaylistMaterial) -> Bool {
        guard case .file(let name, let bytes) = material else { return false }
        if name.lowercased().hasSuffix(".json") { return true }
        return bytes.first(where: { !Self.isSpace($0) }) == UInt8(ascii: "{")
    }

    public func parse(_ material: PlaylistMaterial) throws -> [Song] {
        guard case .file(let file, let bytes) = material else { return [] }
        guard bytes.contains(where: { !Self.isSpace($0) }) else {
            throw PlaylistError.parse(ParseFailure(file: file, reason: "the file is empty"))
        }
        do {
            return try JSONParser.with(bytes) { parser in try Self.songs(&parser, file: file) }
        } catch let failure as JSONParser.Failure {
            throw PlaylistError.parse(ParseFailure(file: file, location: "line \(failure.line)", reason: "not valid JSON (\(failure.reason))"))
        }
    }

    /// Walks the `result` array record by record, so a million-song file
    /// never becomes a million-node tree.
    static func songs(_ parser: inout JSONParser, file: String) throws -> [Song] {
        guard parser.peek() == UInt8(ascii: "{") else {
            _ = try parser.value()  // a syntax error is reported first, as such
            throw PlaylistError.parse(ParseFailure(file: file, reason: "the top level must be an object with a \"result\" array"))
        }
        try parser.enterObject()
        var songs: [Song]?
        while let key = try parser.nextKey() {
            guard key == "result", songs == nil else {
                try parser.skipValue()
                continue
            }
            guard parser.peek() == UInt8(ascii: "[") else {
                let found = try parser.value()
                throw PlaylistError.parse(ParseFailure(file: file, field: "result", reason: "expected an array, found \(found.typeName)"))
            }
            try parser.enterArray()
            var records: [Song] = []
            while try parser.nextElement() {
                records.append(try record(&parser, number: records.count + 1, file: file))
            }
            songs = records
        }
        try parser.end()
        guard let songs else {
            throw PlaylistError.parse(ParseFailure(file: file, field: "result", reason: "the key is missing"))
        }
        return songs
    }

    /// One `{"title", "artist_name", "cover"}` record, read field by field
    /// (no dictionary per record: this loop runs a million times).
    static func record(_ parser: inout JSONParser, number: Int, file: String) throws -> Song {
        let location = "record \(number)"
        guard parser.peek() == UInt8(ascii: "{") else {
            let found = try parser.value()
            throw PlaylistError.parse(ParseFailure(file: file, location: location, reason: "expected an object, found \(found.typeName)"))
        }
        var title: String?
        var artist: String?
        var cover: String?
        var duration: Int?
        var audio: String?
        try parser.enterObject()
        while let key = try parser.nextKey() {
            switch key {
            case "title": title = try field(&parser, key, location, file, optional: false)
            case "artist_name": artist = try field(&parser, key, location, file, optional: false)
            case "cover": cover = try field(&parser, key, location, file, optional: true)
            case "duration": duration = try seconds(&parser, location, file)
            case "location":
                if parser.peek() == UInt8(ascii: "n") {
                    try parser.skipValue()  // null: not said, as when absent
                } else {
                    audio = try field(&parser, key, location, file, optional: false)
                }
            default: try parser.skipValue()
            }
        }
        guard let title else { throw missing("title", location, file) }
        guard let artist else { throw missing("artist_name", location, file) }
        return Song(title: title, artist: artist, cover: cover ?? "", duration: duration, location: audio)
    }

    /// A length in whole seconds, or null for unknown.
    static func seconds(_ parser: inout JSONParser, _ location: String, _ file: String) throws -> Int? {
        switch try parser.value() {
        case .null: return nil
        case .int(let seconds) where seconds >= 0: return seconds
        case .double(let seconds) where seconds >= 0 && seconds < 1e9: return Int(seconds.rounded())
        case let found:
            throw PlaylistError.parse(ParseFailure(
                file: file, location: location, field: "duration", reason: "expected a number of seconds, found \(found.typeName)"))
        }
    }

    static func field(_ parser: inout JSONParser, _ key: String, _ location: String, _ file: String, optional: Bool) throws -> String {
        if parser.peek() == UInt8(ascii: "\"") {
            let text = try parser.string()
            // Stored text ends at a NUL wherever C reads it: refused, never cut.
            guard !text.utf8.contains(0) else {
                throw PlaylistError.parse(ParseFailure(
                    file: file, location: location, field: key, reason: "the text holds a NUL character (\\u0000)"))
            }
            return text
        }
        let found = try parser.value()
        if optional, found == .null { return "" }
        throw PlaylistError.parse(ParseFailure(file: file, location: location, field: key, reason: "expected a string, found \(found.typeName)"))
    }

    static func missing(_ key: String, _ location: String, _ file: String) -> PlaylistError {
        .parse(ParseFailure(file: file, location: location, field: key, reason: "the field is missing"))
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

}
