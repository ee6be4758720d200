import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// A buffered writer of ncdu JSON, to a descriptor or (`fd` -1) kept in
/// memory for a walker's part of an export.
struct NcduWriter {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var failed = false

    init(fd: Int32) {
        self.fd = fd
        if fd >= 0 { buffer.reserveCapacity(Self.chunk + 4096) }
    }

    static let chunk = 256 * 1024

    /// Bytes written and not yet flushed.
    var count: Int { buffer.count }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        if fd >= 0, buffer.count >= Self.chunk { _ = flush() }
    }

    /// Takes `other`'s bytes (a part of the export), leaving it empty.
    mutating func append(draining other: inout NcduWriter) {
        buffer.append(contentsOf: other.buffer)
        other.buffer.removeAll(keepingCapacity: true)
        if fd >= 0, buffer.count >= Self.chunk { _ = flush() }
    }

    // MARK: Entries, each after the one before it in its directory's array

    /// A file, link or other non-directory of the directory being read.
    mutating func listedFile(_ name: UnsafePointer<CChar>, info: stat, device: Bool) {
        raw(",\n")
        file(name: UnsafeRawBufferPointer(start: name, count: strlen(name)), info: info, device: device)
    }

    /// A name that could not be examined (`fstatat` failed).
    mutating func unreadable(_ name: UnsafePointer<CChar>) {
        raw(",\n{\"name\":")
        string(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        raw(",\"read_error\":true}")
    }

    /// A directory entered, opening its array; `closeDirectory` ends it.
    mutating func openDirectory(_ name: [CChar], info: stat, device: Bool) {
        raw(",\n[")
        entry(name: Self.bytes(name), rawName: nil, info: info, device: device, readError: false)
    }

    mutating func closeDirectory() { raw("]") }

    /// A directory that could not be entered (or, without `info`, not even
    /// examined): its entry with `read_error`, nothing inside.
    mutating func unreadableDirectory(_ name: [CChar], info: stat?, device: Bool) {
        raw(",\n[")
        if let info {
            entry(name: Self.bytes(name), rawName: nil, info: info, device: device, readError: true)
        } else {
            raw("{\"name\":")
            string(Self.bytes(name))
            raw(",\"read_error\":true}")
        }
        raw("]")
    }

    /// A directory on another file system, not entered (`du -x`).
    mutating func excludedDirectory(_ name: UnsafePointer<CChar>, info: stat) {
        raw(",\n[")
        let bytes = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        entry(name: bytes, rawName: nil, info: info, device: true, readError: false, excluded: "otherfs")
        raw("]")
    }

    /// A NUL-terminated name as the bytes to write.
    private static func bytes(_ name: [CChar]) -> [UInt8] {
        name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    // MARK: Pieces

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

    /// Sizes, then the modification time as `ncdu -e` writes it (seconds
    /// since 1970): without it an import of the file has no dates to show.
    private mutating func sizes(_ info: stat) {
        if info.st_size > 0 {
            raw(",\"asize\":")
            number(Int64(info.st_size))
        }
        if info.st_blocks > 0 {
            raw(",\"dsize\":")
            number(Int64.bytes(ofBlocks: Int64(info.st_blocks)))
        }
        raw(",\"mtime\":")
        number(max(0, Int64(info.st_mtim.tv_sec)))  // ncdu reads it unsigned
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
