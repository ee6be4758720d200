import Domain
import Foundation
import JSONCore
#if canImport(Glibc)
import Glibc
#endif

/// The live `FolderImporter`: reads an ncdu JSON export (`ncdu -o`, or
/// Facet's own) with JSONCore's pull parser, entry by entry into an
/// `ImportedFolderTree`: no JSON value tree of the whole file is built.
///
/// What is refused, with the line: a file that is not an ncdu export (it
/// must start `[1,`), an entry without a name, a name holding `/`, folders
/// nested deeper than `maximumDepth`, and names that are not UTF-8 (the
/// parser's rule). Unknown fields are skipped, so newer exports still load.
public struct NcduImporter: FolderImporter {
    public static let maximumDepth = 4096

    public init() {}

    public func load(_ file: String) throws -> ImportedFolderTree {
        let bytes = try Self.contents(of: file)
        do {
            let builder = try JSONParser.with(bytes) { parser throws -> ImportedFolderTree.Builder in
                var builder = ImportedFolderTree.Builder()
                try Self.readDocument(&parser, into: &builder)
                return builder
            }
            return builder.build(source: file)
        } catch let failure as JSONParser.Failure {
            throw FolderError.importFailed(file: file, reason: "line \(failure.line): \(failure.reason)")
        }
    }

    static func contents(of file: String) throws -> [UInt8] {
        guard let path = FileSystemName.cString(of: file) else { throw FolderError.invalidPath(file) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw FolderError.importFailed(file: file, reason: String(cString: strerror(errno)).lowercased())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FolderError.importFailed(file: file, reason: "it is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw FolderError.importFailed(file: file, reason: "reading it failed part-way")
            }
            offset += got
        }
        return bytes
    }

    static func readDocument(_ parser: inout JSONParser, into builder: inout ImportedFolderTree.Builder) throws {
        let notExport = "this is not an ncdu JSON export (it should start with [1,2,{…},[{\"name\":…"
        guard parser.peek() == UInt8(ascii: "[") else { throw parser.fail(notExport) }
        try parser.enterArray()
        guard try parser.nextElement(), case .int(1) = try parser.value() else { throw parser.fail(notExport) }
        guard try parser.nextElement() else { throw parser.fail(notExport) }
        _ = try parser.value()  // minor version: any 1.x is read
        guard try parser.nextElement() else { throw parser.fail(notExport) }
        try parser.skipValue()  // metadata (progname, progver, timestamp)
        guard try parser.nextElement(), parser.peek() == UInt8(ascii: "[") else {
            throw parser.fail("the export holds no folder")
        }
        try readDirectory(&parser, into: &builder, root: true)
        while try parser.nextElement() { try parser.skipValue() }
        try parser.end()
    }

    static func readDirectory(_ parser: inout JSONParser, into builder: inout ImportedFolderTree.Builder, root: Bool) throws {
        if builder.depth >= maximumDepth {
            throw parser.fail("folders are nested more than \(maximumDepth) deep")
        }
        try parser.enterArray()
        guard try parser.nextElement(), parser.peek() == UInt8(ascii: "{") else {
            throw parser.fail("a folder's array must start with its {\"name\":…} object")
        }
        builder.openDirectory(try readEntry(&parser, directory: true, root: root))
        while try parser.nextElement() {
            if parser.peek() == UInt8(ascii: "[") {
                try readDirectory(&parser, into: &builder, root: false)
            } else {
                builder.add(try readEntry(&parser, directory: false, root: false))
            }
        }
        builder.closeDirectory()
    }

    static func readEntry(_ parser: inout JSONParser, directory: Bool, root: Bool) throws -> ImportedFolderTree.Node {
        try parser.enterObject()
        var name: String?
        var node = ImportedFolderTree.Node(name: "", kind: directory ? .directory : .file)
        var linked = false
        while let key = try parser.nextKey() {
            switch key {
            case "name": name = try parser.string()
            case "asize": node.bytes = try integer(&parser, key)
            case "dsize": node.diskBytes = try integer(&parser, key)
            case "dev": node.device = UInt64(bitPattern: try integer(&parser, key))
            case "ino": node.inode = UInt64(bitPattern: try integer(&parser, key))
            case "mtime": node.modified = try integer(&parser, key)
            case "hlnkc": linked = try parser.value() == .bool(true)
            case "nlink": if try integer(&parser, key) > 1 { linked = true }
            case "read_error": node.readError = try parser.value() == .bool(true)
            case "notreg": if try parser.value() == .bool(true), !directory { node.kind = .other }
            case "excluded":
                let value = try parser.value()
                node.excluded = value.stringValue ?? (value == .bool(true) ? "pattern" : nil)
            default: try parser.skipValue()
            }
        }
        guard let name, !name.isEmpty else { throw parser.fail("an entry has no name") }
        if !root, name.contains("/") || name == "." || name == ".." {
            throw parser.fail("the name \"\(TerminalTextLite.visible(name))\" is not a file name")
        }
        node.name = name
        if !linked { node.inode = 0 }
        return node
    }

    static func integer(_ parser: inout JSONParser, _ key: String) throws -> Int64 {
        switch try parser.value() {
        case .int(let value): return Int64(value)
        case .double(let value) where value.rounded() == value && abs(value) < 9.2e18: return Int64(value)
        default: throw parser.fail("\"\(key)\" must be a whole number")
        }
    }
}

/// Control characters shown as `\u{…}` in messages (the front ends sanitise
/// again; this keeps a hostile name readable in the error text itself).
enum TerminalTextLite {
    static func visible(_ text: String) -> String {
        String(text.unicodeScalars.flatMap { scalar -> [Character] in
            scalar.value < 0x20 || scalar.value == 0x7F ? Array("\\u{\(String(scalar.value, radix: 16))}") : [Character(scalar)]
        })
    }
}
