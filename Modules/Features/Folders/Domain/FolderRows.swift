import Foundation
import KernelDomain

/// The rows of one folder listing, kept column by column.
///
/// A folder listed with its files can hold a million rows, and each kept as a
/// `FolderEntry` costs several times what its figures need, plus a heap
/// string for its path. Here a row is its name, two sizes, a date and one
/// byte of kind and state. A row's path is its
/// folder's path joined with its name, so it is made when the row is read,
/// not stored; the figures only directories and troubled rows have (counts
/// inside, issues) live in a shared box that plain files leave empty.
///
/// Reading a row builds a `FolderEntry` (with its path), which is right for a
/// page of rows and for single lookups; loops over every row use the column
/// accessors (`name(at:)`, `bytes(at:)`, …) and build nothing.
public struct FolderRows: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// The folder the rows are in: each row's path is this joined with its name.
    public var parent: String {
        didSet { if parent != oldValue { dropPathOverrides() } }
    }
    private var names: [String] = []
    private var sizes: [Int64] = []
    private var diskSizes: [Int64] = []
    private var dates: [Date] = []
    /// The kind's index in `kinds` in the low bits, `completeBit` above.
    private var flags: [UInt8] = []
    private var extras: [Extra?] = []

    private static let kinds: [FolderEntry.Kind] = [.directory, .file, .symlink, .other]
    private static let completeBit: UInt8 = 0x10

    /// What few rows have: never mutated once made, so copies of the rows
    /// may share it.
    private final class Extra: Sendable {
        let files: Int
        let directories: Int
        let issue: FolderIssue?
        let issueCount: Int
        /// A path that is not `parent` joined with the name (rows made
        /// elsewhere and put in a listing as they are).
        let path: String?

        init(files: Int, directories: Int, issue: FolderIssue?, issueCount: Int, path: String?) {
            self.files = files
            self.directories = directories
            self.issue = issue
            self.issueCount = issueCount
            self.path = path
        }
    }

    public init(parent: String) {
        self.parent = parent
    }

    /// Rows as given; the folder is the first row's parent.
    public init(_ entries: some Collection<FolderEntry>) {
        parent = entries.first.flatMap { FolderPath.parent($0.path) } ?? "/"
        reserveCapacity(entries.count)
        for entry in entries { append(entry) }
    }

    public init(arrayLiteral elements: FolderEntry...) {
        self.init(elements)
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { names.count }

    public subscript(index: Int) -> FolderEntry {
        get {
            let extra = extras[index]
            let flag = flags[index]
            return FolderEntry(
                name: names[index], path: extra?.path ?? FolderPath.join(parent, names[index]),
                kind: Self.kinds[Int(flag & 0x3)], bytes: sizes[index], files: extra?.files ?? 0,
                directories: extra?.directories ?? 0, modified: dates[index],
                complete: flag & Self.completeBit != 0, issue: extra?.issue, issueCount: extra?.issueCount ?? 0,
                diskBytes: diskSizes[index])
        }
        set {
            names[index] = newValue.name
            sizes[index] = newValue.bytes
            diskSizes[index] = newValue.diskBytes
            dates[index] = newValue.modified
            flags[index] = Self.flag(newValue)
            extras[index] = extra(newValue)
        }
    }

    // MARK: Columns

    public func name(at index: Int) -> String { names[index] }
    public func bytes(at index: Int) -> Int64 { sizes[index] }
    public func diskBytes(at index: Int) -> Int64 { diskSizes[index] }
    public func isDirectory(at index: Int) -> Bool { flags[index] & 0x3 == 0 }
    func isComplete(at index: Int) -> Bool { flags[index] & Self.completeBit != 0 }
    /// Files inside (0 for a file).
    func files(at index: Int) -> Int { extras[index]?.files ?? 0 }
    /// Directories inside (not counting itself).
    func directories(at index: Int) -> Int { extras[index]?.directories ?? 0 }
    public func issueCount(at index: Int) -> Int { extras[index]?.issueCount ?? 0 }
    /// Everything inside: files plus directories.
    public func items(at index: Int) -> Int { extras[index].map { $0.files + $0.directories } ?? 0 }

    /// The row called `name`, by a pass over the names (no row is built).
    func firstIndex(named name: String) -> Int? {
        names.firstIndex(of: name)
    }

    // MARK: Changing

    public mutating func append(_ entry: FolderEntry) {
        names.append(entry.name)
        sizes.append(entry.bytes)
        diskSizes.append(entry.diskBytes)
        dates.append(entry.modified)
        flags.append(Self.flag(entry))
        extras.append(extra(entry))
    }

    /// Appends a row with nothing inside and no issue (a listed file), the
    /// scanner's way: no path is built for it.
    public mutating func appendFile(
        name: String, kind: FolderEntry.Kind, bytes: Int64, diskBytes: Int64, modified: Date
    ) {
        names.append(name)
        sizes.append(bytes)
        diskSizes.append(diskBytes)
        dates.append(modified)
        flags.append(Self.flag(kind: kind, complete: true))
        extras.append(nil)
    }

    /// Appends a directory row whose path is `parent` joined with `name`
    /// (a scanner's finished child): no path is built or compared.
    public mutating func appendDirectory(
        name: String, bytes: Int64, diskBytes: Int64, modified: Date, files: Int, directories: Int,
        issue: FolderIssue?, issueCount: Int, complete: Bool
    ) {
        names.append(name)
        sizes.append(bytes)
        diskSizes.append(diskBytes)
        dates.append(modified)
        flags.append(Self.flag(kind: .directory, complete: complete))
        extras.append(
            files != 0 || directories != 0 || issue != nil || issueCount != 0
                ? Extra(files: files, directories: directories, issue: issue, issueCount: issueCount, path: nil) : nil)
    }

    /// Row `index` becomes `other`'s row `source` (appended when `index` is
    /// `count`), column by column: no entry or path is built. The rows must
    /// be in the same folder.
    mutating func setRow(_ index: Int, from other: FolderRows, at source: Int) {
        guard other.parent == parent else {
            if index == count { append(other[source]) } else { self[index] = other[source] }
            return
        }
        if index == count {
            names.append(other.names[source])
            sizes.append(other.sizes[source])
            diskSizes.append(other.diskSizes[source])
            dates.append(other.dates[source])
            flags.append(other.flags[source])
            extras.append(other.extras[source])
            return
        }
        names[index] = other.names[source]
        sizes[index] = other.sizes[source]
        diskSizes[index] = other.diskSizes[source]
        dates[index] = other.dates[source]
        flags[index] = other.flags[source]
        extras[index] = other.extras[source]
    }

    /// Moves `other`'s rows to the end of these, leaving it empty. Each of
    /// its columns is freed as soon as it is copied, so joining two halves of
    /// a million-row listing holds one column twice, not every row.
    public mutating func append(draining other: inout FolderRows) {
        guard other.parent == parent || other.isEmpty else {
            for entry in other { append(entry) }
            other = FolderRows(parent: other.parent)
            return
        }
        Self.move(&other.names, onto: &names)
        Self.move(&other.sizes, onto: &sizes)
        Self.move(&other.diskSizes, onto: &diskSizes)
        Self.move(&other.dates, onto: &dates)
        Self.move(&other.flags, onto: &flags)
        Self.move(&other.extras, onto: &extras)
    }

    /// One column appended, then freed, before the next is copied: the
    /// peak holds one column twice, not every column.
    private static func move<Element>(_ source: inout [Element], onto target: inout [Element]) {
        target += source
        source = []
    }

    mutating func remove(at index: Int) {
        names.remove(at: index)
        sizes.remove(at: index)
        diskSizes.remove(at: index)
        dates.remove(at: index)
        flags.remove(at: index)
        extras.remove(at: index)
    }

    public mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        sizes.reserveCapacity(count)
        diskSizes.reserveCapacity(count)
        dates.reserveCapacity(count)
        flags.reserveCapacity(count)
        extras.reserveCapacity(count)
    }

    public static func == (lhs: FolderRows, rhs: FolderRows) -> Bool {
        lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[$0] }
    }

    // MARK: Packing

    private static func flag(_ entry: FolderEntry) -> UInt8 {
        flag(kind: entry.kind, complete: entry.complete)
    }

    private static func flag(kind: FolderEntry.Kind, complete: Bool) -> UInt8 {
        let bits: UInt8
        switch kind {
        case .directory: bits = 0
        case .file: bits = 1
        case .symlink: bits = 2
        case .other: bits = 3
        }
        return bits | (complete ? completeBit : 0)
    }

    private func extra(_ entry: FolderEntry) -> Extra? {
        let path = FolderPath.isJoined(entry.path, parent, entry.name) ? nil : entry.path
        guard entry.files != 0 || entry.directories != 0 || entry.issue != nil || entry.issueCount != 0 || path != nil
        else { return nil }
        return Extra(
            files: entry.files, directories: entry.directories, issue: entry.issue, issueCount: entry.issueCount,
            path: path)
    }

    /// After a move every row lives in the new folder (as a rename moves
    /// everything below it).
    private mutating func dropPathOverrides() {
        for index in extras.indices {
            guard let extra = extras[index], extra.path != nil else { continue }
            extras[index] = Extra(
                files: extra.files, directories: extra.directories, issue: extra.issue,
                issueCount: extra.issueCount, path: nil)
        }
    }
}
