import Foundation
import KernelDomain
import PlaylistsDomain

/// A `PlaylistSource` that serves fixed material by location.
public struct StubPlaylistSource: PlaylistSource {
    public var files: [String: PlaylistMaterial]
    /// Relative locations resolve against this, when set (else they stay as given).
    public var currentDirectory: String?

    public init(_ files: [String: PlaylistMaterial] = [:], currentDirectory: String? = nil) {
        self.files = files
        self.currentDirectory = currentDirectory
    }

    public func resolve(_ location: String) -> String {
        guard let currentDirectory, !location.hasPrefix("/") else { return location }
        return currentDirectory + "/" + location
    }

    public static func json(_ location: String, _ songs: [(String, String)]) -> (String, PlaylistMaterial) {
        let records = songs.map { #"{"title":"\#($0.0)","artist_name":"\#($0.1)","cover":""}"# }
        return (location, .file(name: location, bytes: Array(#"{"result":[\#(records.joined(separator: ","))]}"#.utf8)))
    }

    public func fetch(_ location: String) async throws -> PlaylistMaterial {
        guard let material = files[location] else {
            throw PlaylistError.unreadable(path: location, reason: "no such file or directory")
        }
        return material
    }
}

/// A parser that turns each line of a file into a song "title|artist": a
/// format under test's control, independent of the real parsers.
public struct LineSongParser: SongParser {
    public let format = "lines"
    public init() {}

    public func accepts(_ material: PlaylistMaterial) -> Bool {
        if case .file = material { return true }
        return false
    }

    public func parse(_ material: PlaylistMaterial) throws -> [Song] {
        guard case .file(let name, let bytes) = material else { return [] }
        if bytes.first == UInt8(ascii: "{") {
            // Enough of the seed format for tests: "title":"…","artist_name":"…"
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.components(separatedBy: #""title":""#).dropFirst()
            return parts.map { part in
                let title = String(part.prefix { $0 != "\"" })
                let artist = part.components(separatedBy: #""artist_name":""#).dropFirst().first.map { String($0.prefix { $0 != "\"" }) } ?? ""
                return Song(title: title, artist: artist)
            }
        }
        return try String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated().map { index, line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                throw PlaylistError.parse(ParseFailure(file: name, location: "line \(index + 1)", reason: "expected title|artist"))
            }
            return Song(title: String(fields[0]), artist: String(fields[1]))
        }
    }
}
