import FoldersDomain
import Foundation
import JSONCore
import KernelDomain
import KernelServices
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
/// parser's rule); sizes that are negative or add up past a byte count;
/// more than `maximumEntries` entries. Unknown fields are skipped, so newer
/// exports still load.
///
/// Memory: the file is mapped and its pages given back as they are read
/// (`MappedExport`), so what stays is the tree, in proportion to its
/// entries; `maximumEntries` bounds that, so an import cannot take a shared
/// server's memory.
public struct NcduImporter: FolderImporter {
    public static let maximumDepth = 4096
    /// A tree this large takes about a gigabyte to browse; ncdu exports of
    /// real file systems this size are better browsed with ncdu itself.
    public static let maximumEntries = 5_000_000

    public init() {}

    public func load(_ file: String) throws -> ImportedFolderTree {
        let mapped = try MappedExport(file)
        do {
            let builder = try JSONParser.with(unsafeBytes: mapped.bytes) { parser throws -> ImportedFolderTree.Builder in
                // An entry takes at least a few dozen bytes of JSON.
                var builder = ImportedFolderTree.Builder(expectedEntries: min(mapped.bytes.count / 32, Self.maximumEntries))
                try Self.readDocument(&parser, into: &builder) { mapped.release(upTo: $0) }
                return builder
            }
            return try builder.build(source: file)
        } catch let failure as JSONParser.Failure {
            throw FolderError.importFailed(file: file, reason: "line \(failure.line): \(failure.reason)")
        }
    }

    /// `read(offset)`: every byte before `offset` has been read for good.
    static func readDocument(
        _ parser: inout JSONParser, into builder: inout ImportedFolderTree.Builder, read: (Int) -> Void = { _ in }
    ) throws {
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
        try readDirectory(&parser, into: &builder, root: true, read: read)
        while try parser.nextElement() { try parser.skipValue() }
        try parser.end()
    }

    static func readDirectory(
        _ parser: inout JSONParser, into builder: inout ImportedFolderTree.Builder, root: Bool, read: (Int) -> Void
    ) throws {
        if builder.depth >= maximumDepth {
            throw parser.fail("folders are nested more than \(maximumDepth) deep")
        }
        try parser.enterArray()
        guard try parser.nextElement(), parser.peek() == UInt8(ascii: "{") else {
            throw parser.fail("a folder's array must start with its {\"name\":…} object")
        }
        builder.openDirectory(try readEntry(&parser, directory: true, root: root))
        while try parser.nextElement() {
            if builder.count >= maximumEntries {
                throw parser.fail("it holds more than \(maximumEntries) entries, the most Facet imports")
            }
            if parser.peek() == UInt8(ascii: "[") {
                try readDirectory(&parser, into: &builder, root: false, read: read)
            } else {
                builder.add(try readEntry(&parser, directory: false, root: false))
            }
        }
        builder.closeDirectory()
        read(parser.index)
    }

    static func readEntry(_ parser: inout JSONParser, directory: Bool, root: Bool) throws -> ImportedFolderTree.Node {
        try parser.enterObject()
        var name: String?
        var node = ImportedFolderTree.Node(name: "", kind: directory ? .directory : .file)
        var linked = false
        while let key = try parser.nextKey() {
            switch key {
            case "name": name = try parser.string()
            case "asize": node.bytes = try size(&parser, key)
            case "dsize": node.diskBytes = try size(&parser, key)
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

    /// A size: a whole number that is not negative.
    static func size(_ parser: inout JSONParser, _ key: String) throws -> Int64 {
        let value = try integer(&parser, key)
        guard value >= 0 else { throw parser.fail("\"\(key)\" must not be negative (it is \(value))") }
        return value
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
