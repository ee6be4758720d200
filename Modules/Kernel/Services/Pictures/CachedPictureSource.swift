import Foundation
import KernelDomain

/// The process's one picture source (`PictureSource`), shared by every
/// feature: a URL's picture is fetched once through the HTTP client and
/// kept on disk (`PictureCacheFolder`), shown from there at once while it
/// is fresh, revalidated with its ETag/Last-Modified when it is not, and
/// still shown from there when the network is down. A file path is read
/// where it is. Every body is checked (`Picture(checking:)`) before it is
/// kept or handed out: an oversized, mislabelled or bomb picture is never
/// written to the cache.
public final class CachedPictureSource: PictureSource {
    let client: any HTTPClient
    let folder: PictureCacheFolder
    let bounds: PictureBounds
    /// How long a cached picture is shown without asking the server again.
    let freshFor: Double
    let now: @Sendable () -> Date

    /// Whether pictures are off, and the cache's size bound; nil: on, with
    /// the bound given at `init` (tests).
    let choice: PictureChoice?

    /// The process's cache: its bound and whether pictures are off follow
    /// `choice` (the settings, or the environment for a run).
    public convenience init(client: any HTTPClient, folder: String, choice: PictureChoice) {
        self.init(client: client, folder: folder, capacity: { choice.cacheBytes }, choice: choice)
    }

    public convenience init(
        client: any HTTPClient, folder: String, capacity: Int, bounds: PictureBounds = .standard,
        freshFor: Double = 24 * 3600, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(client: client, folder: folder, capacity: { capacity }, choice: nil, bounds: bounds, freshFor: freshFor, now: now)
    }

    init(
        client: any HTTPClient, folder: String, capacity: @escaping @Sendable () -> Int, choice: PictureChoice?,
        bounds: PictureBounds = .standard, freshFor: Double = 24 * 3600, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.folder = PictureCacheFolder(path: folder, capacity: capacity)
        self.choice = choice
        self.bounds = bounds
        self.freshFor = freshFor
        self.now = now
    }

    public var offReason: String? { choice?.offReason }

    public func picture(at reference: String) async throws(PictureError) -> Picture {
        let lowered = reference.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return try await fetch(reference) }
        if reference.hasPrefix("/") { return try file(reference) }
        if lowered.hasPrefix("file://"), let path = URL(string: reference)?.path, path.hasPrefix("/") { return try file(path) }
        throw .none("'\(reference)' is neither an http(s) URL nor an absolute path.")
    }

    public func cover(besideAudioFile path: String) async throws(PictureError) -> Picture {
        let folderPath = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        guard let name = CoverFileNames.match(in: names) else {
            throw .none("No cover.jpg, cover.png, folder.jpg or folder.png beside \(path).")
        }
        return try file(folderPath + "/" + name)
    }

    /// Reads at most one byte past the bound, so a huge file is refused
    /// without being read whole; a FIFO or device is refused unread.
    func file(_ path: String) throws(PictureError) -> Picture {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unavailable("no file \(path)") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unavailable("\(path) is not a regular file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unavailable("\(path) cannot be read") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: bounds.maxBytes + 1)) ?? Data()
        return try Picture(checking: [UInt8](data), bounds: bounds)
    }

    func fetch(_ url: String) async throws(PictureError) -> Picture {
        let cached = folder.read(url)
        let kept = cached.flatMap { try? Picture(checking: $0.bytes, bounds: bounds) }
        if let cached, let kept, now().timeIntervalSince1970 - cached.record.checkedAt < freshFor { return kept }
        var headers = HTTPHeaders()
        headers["Accept"] = "image/png, image/jpeg, image/gif, image/webp"
        if kept != nil, let record = cached?.record {
            if let etag = record.etag { headers["If-None-Match"] = etag }
            if let modified = record.lastModified { headers["If-Modified-Since"] = modified }
        }
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(.get, url: url, headers: headers, bodyLimit: bounds.maxBytes))
        } catch .bodyTooLarge {
            throw .tooLarge(limit: bounds.maxBytes)
        } catch {
            // Offline (or the server failing): the kept copy still shows.
            if let kept { return kept }
            throw .unavailable(error.message)
        }
        if response.isNotModified, let kept, var record = cached?.record {
            record.checkedAt = now().timeIntervalSince1970
            folder.write(url, record: record, bytes: nil)
            return kept
        }
        guard response.isSuccess else {
            if let kept { return kept }
            throw .unavailable("the server answered HTTP \(response.status)")
        }
        let picture = try Picture(checking: response.body, bounds: bounds)
        let record = PictureCacheFolder.Record(
            url: url, etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"],
            checkedAt: now().timeIntervalSince1970)
        folder.write(url, record: record, bytes: response.body)
        return picture
    }
}
