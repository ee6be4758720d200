import Foundation
import KernelDomain
import KernelServices
import PlaylistsDomain
#if canImport(Glibc)
import Glibc
#endif

/// The live `PlaylistExporter`: writes M3U8 or seed JSON through a
/// `ReplacingFile`, so nothing planted at the path (a symbolic link, a FIFO)
/// is written through, only a regular file is ever replaced, and a failed
/// export leaves what was there before.
public struct PlaylistFileExporter: PlaylistExporter {
    /// Cleans the text an M3U line shows (see `M3UPlaylistWriter.sanitize`).
    public let sanitize: @Sendable (String) -> String

    public init(sanitize: @escaping @Sendable (String) -> String) { self.sanitize = sanitize }

    public func begin(_ file: String, format: PlaylistFileFormat, replacing: Bool) throws -> any PlaylistExportFile {
        try PlaylistExportOutput(
            file: file, format: format, output: ReplacingFile(path: file, replacing: replacing), sanitize: sanitize)
    }

    public func existing(_ file: String) -> Int64? {
        ReplacingFile.existingRegularFileSize(file)
    }
}

/// One export: the header on the first write, each batch encoded and
/// written as it comes, the trailer and the rename on commit.
final class PlaylistExportOutput: PlaylistExportFile, @unchecked Sendable {
    let file: String
    let format: PlaylistFileFormat
    private let output: ReplacingFile
    private let sanitize: @Sendable (String) -> String
    private var written = 0
    private var started = false

    init(file: String, format: PlaylistFileFormat, output: ReplacingFile, sanitize: @escaping @Sendable (String) -> String) {
        self.file = file
        self.format = format
        self.output = output
        self.sanitize = sanitize
    }

    func write(_ songs: [Song]) throws {
        var out: [UInt8] = []
        out.reserveCapacity(songs.count * 160)
        startIfNeeded(&out)
        switch format {
        case .m3u:
            let writer = M3UPlaylistWriter(file: file, sanitize: sanitize)
            for song in songs { writer.append(song, to: &out) }
        case .json:
            let writer = SeedJSONPlaylistWriter()
            for song in songs {
                writer.append(song, first: written == 0, to: &out)
                written += 1
            }
        }
        try put(out)
    }

    func commit() throws {
        var out: [UInt8] = []
        startIfNeeded(&out)
        if format == .json { out += SeedJSONPlaylistWriter.trailer }
        try put(out)
        try output.commit()
    }

    func abandon() { output.abandon() }

    private func startIfNeeded(_ out: inout [UInt8]) {
        guard !started else { return }
        started = true
        out += format == .m3u ? M3UPlaylistWriter.header : SeedJSONPlaylistWriter.header
    }

    /// All of `bytes`, however many calls the kernel takes.
    private func put(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(output.descriptor, raw.baseAddress! + done, raw.count - done)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                output.abandon()
                throw FileWriteError.io(path: file, reason: String(cString: strerror(code)).lowercased())
            }
            done += count
        }
    }
}
