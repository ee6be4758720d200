import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderExporter`: one walk of the tree with the raw system
/// calls (`openat`, `getdents64`, `fstatat`), written straight into a
/// buffer in ncdu's JSON export format (the format `ncdu -o` writes and
/// `ncdu -f` reads: `[1,2,{metadata},[{dir},…entries…]]`, each directory an
/// array whose first element describes it).
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
/// once complete: a failed export leaves what was there before.
public struct NcduExporter: FolderExporter {
    public let version: String

    public init(version: String = "1") {
        self.version = version
        _ = DirectoryScanner.raiseDescriptorLimit
    }

    public func export(_ path: String, to file: String, options: FolderScanOptions) async throws -> FolderExportSummary {
        let version = version
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try NcduExport(path: path, file: file, options: options, version: version).run()
                })
            }
        }
    }
}

/// One export in progress (on its own thread).
struct NcduExport {
    let path: String
    let file: String
    let options: FolderScanOptions
    let version: String

    func run() throws -> FolderExportSummary {
        guard let pathBytes = FileSystemName.cString(of: path) else { throw FolderError.invalidPath(path) }
        guard let fileBytes = FileSystemName.cString(of: file) else { throw FolderError.invalidPath(file) }
        let rootFD = open(pathBytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw PosixErrors.openError(errno, path: path) }
        var info = stat()
        guard fstat(rootFD, &info) == 0 else {
            close(rootFD)
            throw PosixErrors.openError(errno, path: path)
        }
        let temporary = FileSystemName.cString(of: file + ".facet-partial")!
        let out = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard out >= 0 else {
            let code = errno
            close(rootFD)
            throw PosixErrors.openError(code, path: file)
        }
        var writer = NcduWriter(fd: out)
        var walk = NcduWalk(rootDevice: UInt64(info.st_dev), crossDevices: options.crossDevices)
        let now = Int(time(nil))
        writer.raw("[1,2,{\"progname\":\"facet\",\"progver\":\"")
        writer.raw(version)
        writer.raw("\",\"timestamp\":")
        writer.number(Int64(now))
        writer.raw("},\n[")
        writer.entry(name: FileSystemName.bytes(of: path) ?? Array(path.utf8), rawName: nil, info: info, device: true, readError: false)
        walk.walk(rootFD, into: &writer)
        writer.raw("]]\n")
        let failed = !writer.flush()
        let writeErrno = errno
        close(out)
        if failed {
            unlink(temporary)
            throw PosixErrors.openError(writeErrno, path: file)
        }
        guard rename(temporary, fileBytes) == 0 else {
            let code = errno
            unlink(temporary)
            throw PosixErrors.openError(code, path: file)
        }
        return FolderExportSummary(file: file, entries: walk.entries + 1, bytes: walk.bytes + Int64(info.st_size))
    }
}

/// The depth-first walk, with an explicit stack (a 50,000-level chain must
/// not overflow a thread's stack). Each directory is read whole: its files
/// are written at once, its subdirectories entered one after another.
struct NcduWalk {
    let rootDevice: UInt64
    let crossDevices: Bool
    var entries = 0
    var bytes: Int64 = 0
    private var seen = InodeTable()
    private let reader = DirectoryReader()

    init(rootDevice: UInt64, crossDevices: Bool) {
        self.rootDevice = rootDevice
        self.crossDevices = crossDevices
    }

    private struct Frame {
        var fd: Int32
        var device: UInt64
        var subdirectories: [[CChar]]
        var next = 0
    }

    /// Writes everything below the open directory `fd` (which it closes);
    /// the directory's own entry is already written.
    mutating func walk(_ fd: Int32, into writer: inout NcduWriter) {
        var frames = [Frame(fd: fd, device: rootDevice, subdirectories: [])]
        frames[0].subdirectories = read(fd, device: rootDevice, into: &writer)
        while let top = frames.indices.last {
            if frames[top].next < frames[top].subdirectories.count {
                let name = frames[top].subdirectories[frames[top].next]
                frames[top].next += 1
                let parentFD = frames[top].fd
                var info = stat()
                let got = name.withUnsafeBufferPointer { fstatat(parentFD, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) }
                guard got == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }  // gone or replaced meanwhile
                entries += 1
                bytes += Int64(info.st_size)
                let device = UInt64(info.st_dev)
                let rawName = name.dropLast().map { UInt8(bitPattern: $0) }
                writer.raw(",\n[")
                if device != rootDevice && !crossDevices {
                    writer.entry(name: rawName, rawName: nil, info: info, device: true, readError: false, excluded: "otherfs")
                    writer.raw("]")
                    continue
                }
                let childFD = name.withUnsafeBufferPointer {
                    openat(parentFD, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                writer.entry(
                    name: rawName, rawName: nil, info: info, device: device != frames[top].device, readError: childFD < 0)
                if childFD < 0 {
                    writer.raw("]")
                    continue
                }
                let subdirectories = read(childFD, device: device, into: &writer)
                frames.append(Frame(fd: childFD, device: device, subdirectories: subdirectories))
                continue
            }
            let finished = frames.removeLast()
            close(finished.fd)
            if !frames.isEmpty { writer.raw("]") }
        }
    }

    /// Writes a directory's non-directories; returns its subdirectories' names.
    private mutating func read(_ fd: Int32, device: UInt64, into writer: inout NcduWriter) -> [[CChar]] {
        var subdirectories: [[CChar]] = []
        var info = stat()
        // Moved out for the closure (swapped, not copied: the set can be big).
        var seen = InodeTable()
        swap(&seen, &self.seen)
        var entries = self.entries
        var bytes = self.bytes
        _ = reader.forEach(fd) { namePointer in
            if namePointer[0] == 0x2E && (namePointer[1] == 0 || (namePointer[1] == 0x2E && namePointer[2] == 0)) {
                return
            }
            guard fstatat(fd, namePointer, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                subdirectories.append(Array(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer) + 1)))
                return
            }
            entries += 1
            let linked = info.st_nlink > 1
            if !linked || seen.insert(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) {
                bytes += Int64(info.st_size)
            }
            let name = UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer))
            writer.raw(",\n")
            writer.file(name: name, info: info, device: UInt64(info.st_dev) != device)
        }
        self.entries = entries
        self.bytes = bytes
        swap(&seen, &self.seen)
        return subdirectories
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
