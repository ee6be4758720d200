import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderExporter`: the folder's scan writes every entry it meets
/// in ncdu's JSON export format (the format `ncdu -o` writes and `ncdu -f`
/// reads: `[1,2,{metadata},[{dir},…entries…]]`, each directory an array
/// whose first element describes it). One walk gives both the rows on
/// screen and the file.
///
/// The scan runs on all its threads: each top-level child's subtree is
/// written by the thread that walks it into a part of its own (entries of
/// one array may come in any order, so whole subtrees are appended as they
/// finish). A part that grows past a few MB takes the file for itself and
/// writes straight into it until its subtree is done, so memory stays
/// bounded however the tree is shaped.
///
/// Fields are ncdu's: `name`, `asize` (`st_size`), `dsize` (`st_blocks` ×
/// 512), `mtime` (as `ncdu -e` writes it, so an import shows real dates),
/// `dev` (on the root and where it changes), `ino`/`hlnkc`/`nlink` for
/// hard-linked files, `notreg` for what is neither a file nor a
/// directory, `read_error`, and `excluded: "otherfs"` for a directory on
/// another file system (not entered unless `crossDevices`). Zero sizes are
/// left out, as ncdu does. Names are written as their bytes (a name that is
/// not UTF-8 stays as the disk has it, like ncdu), with `"`, `\` and control
/// characters escaped.
///
/// The file is written next to its final name and renamed over it only
/// once complete (`ReplacingFile`): a failed or interrupted export leaves
/// what was there before, and nothing planted at the path is written through.
public struct NcduExporter: FolderExporter {
    public let version: String
    /// Threads of the exporting scan (as the folder's scanner has).
    public let threads: Int
    /// Bytes a thread's part holds before it writes straight into the file.
    public let streamAbove: Int

    public init(version: String = "1", threads: Int = 2, streamAbove: Int = 4 << 20) {
        self.version = version
        self.threads = max(1, threads)
        self.streamAbove = max(1, streamAbove)
        _ = DirectoryScanner.raiseDescriptorLimit
    }

    public func begin(_ file: String, replacing: Bool) throws -> any FolderExport {
        try NcduExportFile(file: file, replacing: replacing, version: version, streamAbove: streamAbove)
    }

    public func existing(_ file: String) -> Int64? {
        ReplacingFile.existingRegularFileSize(file)
    }

    public func scan(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger, into export: any FolderExport
    ) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        guard let file = export as? NcduExportFile else {
            return AsyncThrowingStream { $0.finish(throwing: FolderError.io(path: export.file, reason: "not an ncdu export")) }
        }
        return DirectoryScanner(threads: threads).start(path, options: options, links: links, export: file)
    }
}

/// One export file being written by a scan. The scan's thread writes the
/// header, then the root's own entries (through a part), and the trailer
/// once every walker is done; walkers deliver their parts in between, one
/// at a time. `commit` comes after the scan's stream has ended, so after its
/// last write. `abandon` may come while a superseded scan is still stopping
/// and writing: it only unlinks the partial file, and the descriptor is
/// closed when the scan lets go of this object (a descriptor closed under
/// a writing thread could be reused by another file and written into).
final class NcduExportFile: FolderExport, @unchecked Sendable {
    let file: String
    let version: String
    private let output: ReplacingFile
    private var writer: NcduWriter
    /// Guards `writer` and `streamer` while walkers deliver parts.
    private let condition = NSCondition()
    /// The part writing straight into the file until its subtree ends.
    private var streamer: ObjectIdentifier?
    /// Committed or abandoned (main actor only).
    private var closed = false

    /// See `NcduExporter.streamAbove`.
    let streamAbove: Int

    init(file: String, replacing: Bool, version: String, streamAbove: Int = 4 << 20) throws {
        output = try ReplacingFile(path: file, replacing: replacing)
        self.file = file
        self.version = version
        self.streamAbove = streamAbove
        writer = NcduWriter(fd: output.descriptor)
    }

    /// `[1,2,{metadata},` and the folder's own entry, opening its array.
    func header(root path: String, info: stat) {
        writer.raw("[1,2,{\"progname\":\"facet\",\"progver\":\"")
        writer.raw(version)
        writer.raw("\",\"timestamp\":")
        writer.number(Int64(time(nil)))
        writer.raw("},\n[")
        writer.entry(name: FileSystemName.bytes(of: path) ?? Array(path.utf8), rawName: nil, info: info, device: true, readError: false)
    }

    /// Closes the folder's array and the document.
    func trailer() { writer.raw("]]\n") }

    /// Appends a part's bytes once no other part is streaming; `keep`: the
    /// part goes on writing straight into the file (its subtree is not
    /// done), so others wait until it delivers without `keep`.
    func deliver(_ part: inout NcduWriter, from owner: ObjectIdentifier, keep: Bool) {
        condition.lock()
        while let streamer, streamer != owner { condition.wait() }
        writer.append(draining: &part)
        streamer = keep ? owner : nil
        if !keep { condition.broadcast() }
        condition.unlock()
    }

    func commit() throws {
        guard !closed else { throw FolderError.exportInterrupted(file) }
        closed = true
        guard writer.flush() else {
            let code = errno
            output.abandon()
            throw FileWriteError.io(path: file, reason: String(cString: strerror(code)).lowercased())
        }
        try output.commit()
    }

    /// The scan did not finish: the temporary file goes now; its
    /// descriptor when the scan lets go of this object (`ReplacingFile`).
    func abandon() {
        guard !closed else { return }
        closed = true
        output.abandon()
    }
}
