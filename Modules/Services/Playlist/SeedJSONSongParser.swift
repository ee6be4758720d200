import Domain
import Foundation

/// The seed's `songs.json`: `{"result": [{"title", "artist_name", "cover"}]}`.
///
/// Decodes with `JSONSerialization` and checks every record by hand so an
/// error names the record and field (the seed's errors 998/999 said neither).
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
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            throw PlaylistError.parse(ParseFailure(file: file, location: Self.position(of: error, in: bytes), reason: "not valid JSON"))
        }
        guard let object = root as? [String: Any] else {
            throw PlaylistError.parse(ParseFailure(file: file, reason: "the top level must be an object with a \"result\" array"))
        }
        guard let result = object["result"] else {
            throw PlaylistError.parse(ParseFailure(file: file, field: "result", reason: "the key is missing"))
        }
        guard let records = result as? [Any] else {
            throw PlaylistError.parse(ParseFailure(file: file, field: "result", reason: "expected an array, found \(Self.kind(of: result))"))
        }
        var songs: [Song] = []
        songs.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            let location = "record \(index + 1)"
            guard let fields = record as? [String: Any] else {
                throw PlaylistError.parse(ParseFailure(file: file, location: location, reason: "expected an object, found \(Self.kind(of: record))"))
            }
            func text(_ key: String, required: Bool) throws -> String {
                guard let value = fields[key] else {
                    if required { throw PlaylistError.parse(ParseFailure(file: file, location: location, field: key, reason: "the field is missing")) }
                    return ""
                }
                if value is NSNull, !required { return "" }
                guard let string = value as? String, !(value is NSNumber) else {
                    throw PlaylistError.parse(ParseFailure(file: file, location: location, field: key, reason: "expected a string, found \(Self.kind(of: value))"))
                }
                return string
            }
            songs.append(Song(title: try text("title", required: true), artist: try text("artist_name", required: true), cover: try text("cover", required: false)))
        }
        return songs
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case let number as NSNumber: ["true", "false"].contains("\(number)") && !(value is Int) ? "a boolean" : "a number"
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "\(type(of: value))"
        }
    }

    /// Foundation reports where a syntax error is ("around line 3, column 5"
    /// or "around character 17"); turn that into a line for the user.
    static func position(of error: Error, in bytes: [UInt8]) -> String? {
        let info = (error as NSError).userInfo
        let text = (info[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        if let line = number(after: "line ", in: text) { return "line \(line)" }
        guard let offset = number(after: "character ", in: text) else { return nil }
        let index = min(offset, bytes.count)
        let line = bytes[..<index].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return "line \(line)"
    }

    static func number(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
