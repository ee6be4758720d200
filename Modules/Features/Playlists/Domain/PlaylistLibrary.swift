import KernelDomain

/// The playlist use cases: import from any source and format, and the edits
/// a user makes. Holds the rules (names, positions, format choice); storage
/// and reading are ports, so view models test against in-memory doubles.
public struct PlaylistLibrary: Sendable {
    public let store: any PlaylistStore
    public let source: any PlaylistSource
    public let parsers: [any SongParser]
    /// Writes exports; nil where nothing may be written (`export` refuses).
    public let exporter: (any PlaylistExporter)?
    public static let nameLimit = 100

    public init(
        store: any PlaylistStore, source: any PlaylistSource, parsers: [any SongParser],
        exporter: (any PlaylistExporter)? = nil
    ) {
        self.store = store
        self.source = source
        self.parsers = parsers
        self.exporter = exporter
    }

    /// Reads, parses and stores a playlist in one transaction. The name
    /// defaults to the file or directory name without extension; the stored
    /// source is the location as the source resolves it (an absolute path).
    public func importPlaylist(from typed: String, name: String? = nil) async throws -> PlaylistSummary {
        try await importReporting(from: typed, name: name).playlist
    }

    /// `importPlaylist`, also saying which folders of a directory could not
    /// be entered (a loop, permission denied): those do not fail the import.
    public func importReporting(from typed: String, name: String? = nil) async throws -> PlaylistImportReport {
        let location = source.resolve(typed)
        let chosen = (name ?? Self.defaultName(for: location)).trimmingWhiteSpace
        try Self.validate(name: chosen)
        if try await store.playlist(named: chosen) != nil { throw PlaylistError.duplicateName(chosen) }
        let read = try await readSongs(at: location)
        let stored = try await store.create(name: chosen, source: location, format: read.format, songs: read.songs)
        return PlaylistImportReport(playlist: stored, added: read.songs.count, skipped: read.skipped)
    }

    /// Fetches and parses `location` (already resolved): its songs (never
    /// none), the format that read them, and the folders and files skipped.
    func readSongs(at location: String) async throws -> (songs: [Song], format: String, skipped: SkippedFolders) {
        let material = try await source.fetch(location)
        guard let parser = parsers.first(where: { $0.accepts(material) }) else {
            throw PlaylistError.unknownFormat(path: location)
        }
        let parsed = try parser.parseReporting(material)
        guard !parsed.songs.isEmpty else { throw PlaylistError.emptySource(path: location) }
        var skipped = material.skipped
        skipped.unreadableFiles += parsed.skipped.unreadableFiles
        return (parsed.songs, parser.format, skipped)
    }

    /// Stores already-parsed material (the embedded sample) under `name`.
    public func importMaterial(_ material: PlaylistMaterial, name: String, source: String) async throws -> PlaylistSummary {
        guard let parser = parsers.first(where: { $0.accepts(material) }) else {
            throw PlaylistError.unknownFormat(path: material.name)
        }
        return try await store.create(name: name, source: source, format: parser.format, songs: parser.parse(material))
    }

    public func playlists(_ query: PlaylistListQuery = PlaylistListQuery()) async throws -> [PlaylistSummary] {
        try await store.playlists(query)
    }

    public func playlist(named name: String) async throws -> PlaylistSummary {
        guard let found = try await store.playlist(named: name.trimmingWhiteSpace) else {
            throw PlaylistError.notFound(name)
        }
        return found
    }

    public func songs(in playlist: PlaylistSummary, _ query: SongQuery) async throws -> SongPage {
        try await store.songs(in: playlist.id, query)
    }

    public func removeSong(from playlist: PlaylistSummary, at position: Int) async throws {
        try Self.check(position, count: playlist.songCount)
        try await store.removeSong(in: playlist.id, at: position)
    }

    public func moveSong(in playlist: PlaylistSummary, from: Int, to: Int) async throws {
        try Self.check(from, count: playlist.songCount)
        try Self.check(to, count: playlist.songCount)
        guard from != to else { return }
        try await store.moveSong(in: playlist.id, from: from, to: to)
    }

    public func rename(_ playlist: PlaylistSummary, to raw: String) async throws -> String {
        let name = raw.trimmingWhiteSpace
        try Self.validate(name: name)
        if name == playlist.name { return name }
        if let other = try await store.playlist(named: name), other.id != playlist.id {
            throw PlaylistError.duplicateName(name)
        }
        try await store.rename(playlist.id, to: name)
        return name
    }

    public func delete(_ playlist: PlaylistSummary) async throws { try await store.delete(playlist.id) }

    // MARK: Rules

    public static func validate(name: String) throws {
        if let problem = NameRules.problem(with: name, limit: nameLimit) {
            throw PlaylistError.invalidName(name, problem)
        }
    }

    static func check(_ position: Int, count: Int) throws {
        guard (1...max(count, 1)).contains(position), count > 0 else {
            throw PlaylistError.invalidPosition(position, count: count)
        }
    }

    /// `~/Music/Road Trip.m3u` → `Road Trip`.
    public static func defaultName(for location: String) -> String {
        var path = Substring(location)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        let last = path.split(separator: "/").last.map(String.init) ?? String(path)
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            return String(last[..<dot])
        }
        return last
    }
}
