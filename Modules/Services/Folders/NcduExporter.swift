import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderExporter`: the folder's scan (`DirectoryScanner` on one
/// thread, so entries come in the nested order the format needs) writes
/// every entry it meets into a buffer in ncdu's JSON export format (the
/// format `ncdu -o` writes and `ncdu -f` reads: `[1,2,{metadata},[{dir},…
/// entries…]]`, each directory an array whose first element describes it).
/// One walk gives both the rows on screen and the file.
///
/// Fields are ncdu's: `name`, `asize` (`st_size`), `dsize` (`st_blocks` ×
/// 512), `dev` (on the root and where it changes), `ino`/`hlnkc`/`nlink`
/// for hard-linked files, `notreg` for what is neither a file nor a
/// directory, `read_error`, and `excluded: "otherfs"` for a directory on
/// another file system (not entered unless `crossDevices`). Zero sizes are
/// left out, as ncdu does. Names are written as their bytes (a name that is
/// not UTF-8 stays as the disk has it, like ncdu), with `"`, `\` and control
/// characters escaped.
///
/// The file is written next to its final name and renamed over it only
/// once complete: a failed or interrupted export leaves what was there before.
public struct NcduExporter: FolderExporter {
    public let version: String

    public init(version: String = "1") {
        self.version = version
        _ = DirectoryScanner.raiseDescriptorLimit
    }

    public func begin(_ file: String) throws -> any FolderExport {
        try NcduExportFile(file: file, version: version)
    }

    public func scan(
        _ path: String, options: FolderScanOptions, links: FolderLinkLedger, into export: any FolderExport
    ) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        guard let file = export as? NcduExportFile else {
            return AsyncThrowingStream { $0.finish(throwing: FolderError.io(path: export.file, reason: "not an ncdu export")) }
        }
        return DirectoryScanner(threads: 1).start(path, options: options, links: links, export: file)
    }
}

/// One export file being written by a scan: the scan's single thread calls
/// the writing methods in walk order. `commit` comes after the scan's
/// stream has ended, so after its last write. `abandon` may come while a
/// superseded scan is still stopping and writing: it only unlinks the
/// partial file, and the descriptor is closed when the scan lets go of
/// this object (a descriptor closed under a writing thread could be reused
/// by another file and written into).
final class NcduExportFile: FolderExport, @unchecked Sendable {
    let file: String
    let version: String
    /// The paths by their exact bytes (a name that is not UTF-8 included).
    private let fileBytes: [CChar]
    private let temporary: [CChar]
    private var writer: NcduWriter
    /// Committed or abandoned (main actor only).
    private var closed = false
    private var descriptorClosed = false

    init(file: String, version: String) throws {
        guard let fileBytes = FileSystemName.cString(of: file),
              let temporary = FileSystemName.cString(of: file + ".facet-partial") else {
            throw FolderError.invalidPath(file)
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PosixErrors.openError(errno, path: file) }
        self.file = file
        self.version = version
        self.fileBytes = fileBytes
        self.temporary = temporary
        writer = NcduWriter(fd: fd)
    }

    deinit {
        if !closed { unlink(temporary) }
        if !descriptorClosed { close(writer.fd) }
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

    /// A file, link or other non-directory of the directory being read.
    func file(_ name: UnsafePointer<CChar>, info: stat, device: Bool) {
        writer.raw(",\n")
        writer.file(name: UnsafeRawBufferPointer(start: name, count: strlen(name)), info: info, device: device)
    }

    /// A name that could not be examined (`fstatat` failed).
    func unreadable(_ name: UnsafePointer<CChar>) {
        writer.raw(",\n{\"name\":")
        writer.string(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        writer.raw(",\"read_error\":true}")
    }

    /// A directory entered, opening its array; `closeDirectory` ends it.
    func openDirectory(_ name: [CChar], info: stat, device: Bool) {
        writer.raw(",\n[")
        writer.entry(name: Self.bytes(name), rawName: nil, info: info, device: device, readError: false)
    }

    /// A directory that could not be entered (or, without `info`, not even
    /// examined): its entry with `read_error`, nothing inside.
    func unreadableDirectory(_ name: [CChar], info: stat?, device: Bool) {
        writer.raw(",\n[")
        if let info {
            writer.entry(name: Self.bytes(name), rawName: nil, info: info, device: device, readError: true)
        } else {
            writer.raw("{\"name\":")
            writer.string(Self.bytes(name))
            writer.raw(",\"read_error\":true}")
        }
        writer.raw("]")
    }

    /// A NUL-terminated name as the bytes to write.
    private static func bytes(_ name: [CChar]) -> [UInt8] {
        name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    func closeDirectory() { writer.raw("]") }

    /// A directory on another file system, not entered (`du -x`).
    func excludedDirectory(_ name: UnsafePointer<CChar>, info: stat) {
        writer.raw(",\n[")
        let bytes = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        writer.entry(name: bytes, rawName: nil, info: info, device: true, readError: false, excluded: "otherfs")
        writer.raw("]")
    }

    func commit() throws {
        guard !closed else { throw FolderError.exportInterrupted(file) }
        closed = true
        let failed = !writer.flush()
        let writeErrno = errno
        close(writer.fd)
        descriptorClosed = true
        if failed {
            unlink(temporary)
            throw PosixErrors.openError(writeErrno, path: file)
        }
        guard rename(temporary, fileBytes) == 0 else {
            let code = errno
            unlink(temporary)
            throw PosixErrors.openError(code, path: file)
        }
    }

    func abandon() {
        guard !closed else { return }
        closed = true
        unlink(temporary)
    }
}

/// A buffered writer of ncdu JSON to a descriptor.
struct NcduWriter {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var failed = false

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(Self.chunk + 4096)
    }

    static let chunk = 256 * 1024

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.chunk { _ = flush() }
    }

    mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    mutating func number(_ value: Int64) {
        if value == 0 {
            buffer.append(0x30)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value.magnitude
        if value < 0 { buffer.append(0x2D) }
        withUnsafeMutableBytes(of: &digits) { space in
            while rest > 0 {
                space[count] = UInt8(rest % 10) + 0x30
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(space[index]) }
        }
    }

    mutating func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        buffer.append(0x22)
        for byte in bytes {
            switch byte {
            case 0x22: buffer.append(0x5C); buffer.append(0x22)
            case 0x5C: buffer.append(0x5C); buffer.append(0x5C)
            case 0..<0x20, 0x7F:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: buffer.append(byte)
            }
        }
        buffer.append(0x22)
    }

    /// A directory's own object (`{…}`), the first element of its array.
    mutating func entry(
        name: [UInt8], rawName: [UInt8]?, info: stat, device: Bool, readError: Bool, excluded: String? = nil
    ) {
        raw("{\"name\":")
        string(rawName ?? name)
        sizes(info)
        if device {
            raw(",\"dev\":")
            number(Int64(bitPattern: UInt64(info.st_dev)))
        }
        if readError { raw(",\"read_error\":true") }
        if let excluded {
            raw(",\"excluded\":\"")
            raw(excluded)
            raw("\"")
        }
        raw("}")
    }

    /// A file, link or other non-directory.
    mutating func file(name: UnsafeRawBufferPointer, info: stat, device: Bool) {
        raw("{\"name\":")
        string(name)
        sizes(info)
        if device {
            raw(",\"dev\":")
            number(Int64(bitPattern: UInt64(info.st_dev)))
        }
        if info.st_nlink > 1 {
            raw(",\"ino\":")
            number(Int64(bitPattern: UInt64(info.st_ino)))
            raw(",\"hlnkc\":true,\"nlink\":")
            number(Int64(info.st_nlink))
        }
        if (info.st_mode & S_IFMT) != S_IFREG { raw(",\"notreg\":true") }
        raw("}")
    }

    private mutating func sizes(_ info: stat) {
        if info.st_size > 0 {
            raw(",\"asize\":")
            number(Int64(info.st_size))
        }
        if info.st_blocks > 0 {
            raw(",\"dsize\":")
            number(Int64(info.st_blocks) * 512)
        }
    }

    /// Writes what is buffered; false (with `errno`) if the disk refused.
    mutating func flush() -> Bool {
        if failed { return false }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failed = true
                return false
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
        return true
    }
}
