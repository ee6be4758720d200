import Foundation
import KernelDomain

#if canImport(Glibc)
import Glibc
#endif

/// The files of the picture cache: per URL a body file (the exact bytes
/// fetched, checked) and a small record beside it (the URL, its validators,
/// when it was last checked). Named by the SHA-256 of the URL, so no URL
/// text ever becomes a path. A body's modification time is when it was
/// last used: eviction removes the least recently used first.
struct PictureCacheFolder: Sendable {
    let path: String
    /// The most the bodies may take together, in bytes, as the setting
    /// says at the time of a write (it may change while the process runs).
    let capacity: @Sendable () -> Int

    struct Record: Codable, Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
        /// When the server last confirmed (or sent) these bytes, seconds since 1970.
        var checkedAt: Double
    }

    static func key(_ url: String) -> String {
        SHA256.hex(data: url.utf8)
    }

    func bodyPath(_ url: String) -> String { path + "/" + Self.key(url) + ".pic" }
    func recordPath(_ url: String) -> String { path + "/" + Self.key(url) + ".json" }

    /// The cached bytes and their record, if both are there and the record
    /// is this URL's; marks the body used now.
    func read(_ url: String) -> (record: Record, bytes: [UInt8])? {
        guard let data = FileManager.default.contents(atPath: recordPath(url)),
            let record = try? JSONDecoder().decode(Record.self, from: data), record.url == url,
            let body = FileManager.default.contents(atPath: bodyPath(url))
        else { return nil }
        touch(bodyPath(url))
        return (record, [UInt8](body))
    }

    /// Writes body then record, each moved into place whole
    /// (`ReplacingFile`), so a reader never sees a half-written body under a
    /// whole record, and nothing planted in the folder is written through.
    /// A cache that cannot be written (a full disk) only means fetching again.
    func write(_ url: String, record: Record, bytes: [UInt8]?) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let bytes { replace(bodyPath(url), with: bytes) }
        if let data = try? JSONEncoder().encode(record) { replace(recordPath(url), with: [UInt8](data)) }
        if bytes != nil { evict(keeping: Self.key(url)) }
    }

    private func replace(_ file: String, with bytes: [UInt8]) {
        guard !bytes.isEmpty, let output = try? ReplacingFile(path: file, replacing: true) else { return }
        let complete = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(output.descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        if complete, (try? output.commit()) != nil { return }
        output.abandon()
    }

    private func touch(_ file: String) { utimes(file, nil) }

    /// Removes the least recently used bodies (and their records) until the
    /// rest fit in `capacity`; never the one just written.
    func evict(keeping key: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        var bodies: [(key: String, size: Int, used: Double)] = []
        var total = 0
        for name in names where name.hasSuffix(".pic") {
            var info = stat()
            guard stat(path + "/" + name, &info) == 0 else { continue }
            let size = Int(info.st_size)
            total += size
            bodies.append((String(name.dropLast(4)), size, Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
        }
        let capacity = capacity()
        guard total > capacity else { return }
        for body in bodies.sorted(by: { $0.used < $1.used }) where body.key != key {
            unlink(path + "/" + body.key + ".pic")
            unlink(path + "/" + body.key + ".json")
            total -= body.size
            if total <= capacity { break }
        }
    }
}
