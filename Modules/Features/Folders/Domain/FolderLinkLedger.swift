import Foundation
import KernelDomain

/// One hard-linked file met by a scan or a measure: its identity and size.
public struct FolderLinkSighting: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var bytes: Int64
    public var diskBytes: Int64

    public init(device: UInt64, inode: UInt64, bytes: Int64, diskBytes: Int64 = 0) {
        self.device = device
        self.inode = inode
        self.bytes = bytes
        self.diskBytes = diskBytes
    }
}

/// How much a row's figures move because a linked file it is credited
/// with changed size.
public struct FolderLinkChange: Equatable, Sendable {
    public var bytes: Int64 = 0
    public var diskBytes: Int64 = 0

    public init(bytes: Int64 = 0, diskBytes: Int64 = 0) {
        self.bytes = bytes
        self.diskBytes = diskBytes
    }

    mutating func add(bytes: Int64, diskBytes: Int64) {
        self.bytes.addSize(bytes)
        self.diskBytes.addSize(diskBytes)
    }
}

/// Which row of a scanned folder each hard-linked file is counted in.
///
/// `du -sb` counts a file with several links once, in the first place it
/// meets it. A scan does the same, but a live update re-measures one child
/// on its own, and a fresh walk of that child would count a link whose bytes
/// another child already carries: the total would grow by the file's size
/// twice. The ledger keeps, for the whole scanned tree, every
/// hard-linked inode (files with `st_nlink > 1` only, so ordinary trees keep
/// almost nothing), the rows ("holders") whose subtree links to it, and the
/// one row credited with its bytes. A re-measure of a row then gives up its
/// own entries and takes the walk's sightings back: bytes already credited
/// to another row are not counted again, and links nobody is credited with
/// any more (the credited row deleted them) are handed to a row that still
/// holds them, which is re-measured.
///
/// Holders are the names of the folder's direct children; `""` stands for
/// the folder's own unlisted files. Thread-safe: scan threads record into
/// it while the model reads it on the main actor.
public final class FolderLinkLedger: @unchecked Sendable {
    private struct Key: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private struct Record {
        var bytes: Int64
        var diskBytes: Int64
        /// The holder credited with the bytes, or -1 for nobody.
        var owner: Int32
        /// Every holder with a link to it (ids, each once).
        var holders: [Int32]
    }

    private let lock = NSLock()
    private var records: [Key: Record] = [:]
    private var ids: [String: Int32] = [:]
    private var names: [String] = []
    /// Inodes each holder links to, to give them up without a full pass.
    private var held: [Int32: [Key]] = [:]

    public init() {}

    /// How many hard-linked inodes are known (for tests and memory figures).
    public var count: Int { locked { records.count } }

    /// A scan's finished row: its hard-linked files and, for each, whether
    /// the scan credited this row with its bytes (the first sighting did).
    public func record(holder: String, sightings: [FolderLinkSighting], credited: [Bool]) {
        locked {
            let id = id(of: holder)
            for (index, sighting) in sightings.enumerated() {
                add(sighting, holder: id, credit: credited[index])
            }
        }
    }

    /// A row was measured again: its old entries give way to `sightings`
    /// (each inode once, as one walk meets them). Returns the bytes among
    /// them that another row is already credited with: the walk counted
    /// them, the row must not.
    public func replace(holder: String, with sightings: [FolderLinkSighting]) -> Int64 {
        replaceCounting(holder: holder, with: sightings).bytes
    }

    /// `replace`, with the disk usage of the excess too.
    public func replaceCounting(holder: String, with sightings: [FolderLinkSighting]) -> (bytes: Int64, diskBytes: Int64) {
        let replaced = replaceReporting(holder: holder, with: sightings)
        return (replaced.excessBytes, replaced.excessDiskBytes)
    }

    /// What a re-measured row's sightings did to the ledger.
    public struct Replacement: Equatable, Sendable {
        /// Bytes the walk counted that another row is credited with.
        public var excessBytes: Int64 = 0
        public var excessDiskBytes: Int64 = 0
        /// Rows credited with a file that changed size since they were
        /// measured (the file was written through another of its names):
        /// how much each row's figures must move to stay exact.
        public var ownerChanges: [String: FolderLinkChange] = [:]
    }

    /// `replace`, also telling which other rows carry a linked file whose
    /// size the walk found changed: a file appended to through one name
    /// grows in the row credited with it, which no event of its own names.
    public func replaceReporting(holder: String, with sightings: [FolderLinkSighting]) -> Replacement {
        locked {
            let id = id(of: holder)
            release(id)
            var result = Replacement()
            for sighting in sightings {
                let key = Key(device: sighting.device, inode: sighting.inode)
                let before = records[key]
                let record = add(sighting, holder: id, credit: true)
                guard record.owner != id else { continue }
                result.excessBytes.addSize(sighting.bytes)
                result.excessDiskBytes.addSize(sighting.diskBytes)
                if let before, before.owner >= 0, before.owner == record.owner,
                   before.bytes != sighting.bytes || before.diskBytes != sighting.diskBytes {
                    result.ownerChanges[names[Int(record.owner)], default: FolderLinkChange()].add(
                        bytes: sighting.bytes - before.bytes, diskBytes: sighting.diskBytes - before.diskBytes)
                }
            }
            return result
        }
    }

    /// `holder` is gone (deleted, moved away): what it was credited with
    /// goes to nobody until `orphanedHolders` hands it on.
    public func remove(holder: String) {
        locked {
            guard let id = ids[holder] else { return }
            release(id)
        }
    }

    /// A row was renamed: its links keep their credit under the new name.
    public func rename(holder old: String, to new: String) {
        locked {
            guard let id = ids.removeValue(forKey: old) else { return }
            if let other = ids[new] { release(other) }
            ids[new] = id
            names[Int(id)] = new
        }
    }

    /// Rows that hold links nobody is credited with: measured again, the
    /// first of them takes the bytes.
    public func orphanedHolders() -> Set<String> {
        locked {
            var result: Set<String> = []
            for record in records.values where record.owner < 0 {
                if let first = record.holders.first { result.insert(names[Int(first)]) }
            }
            return result
        }
    }

    /// Whether any of `holder`'s links is also linked from another row
    /// (its own scan's total would then count bytes this folder credits
    /// elsewhere).
    public func sharesLinks(_ holder: String) -> Bool {
        locked {
            guard let id = ids[holder] else { return false }
            return held[id, default: []].contains { records[$0].map { $0.holders.count > 1 || $0.owner != id } ?? false }
        }
    }

    // MARK: Internals (lock held)

    private func id(of holder: String) -> Int32 {
        if let id = ids[holder] { return id }
        let id = Int32(names.count)
        names.append(holder)
        ids[holder] = id
        return id
    }

    @discardableResult
    private func add(_ sighting: FolderLinkSighting, holder id: Int32, credit: Bool) -> Record {
        let key = Key(device: sighting.device, inode: sighting.inode)
        var record = records[key] ?? Record(bytes: sighting.bytes, diskBytes: sighting.diskBytes, owner: -1, holders: [])
        record.bytes = sighting.bytes
        record.diskBytes = sighting.diskBytes
        if !record.holders.contains(id) {
            record.holders.append(id)
            held[id, default: []].append(key)
        }
        if credit, record.owner < 0 { record.owner = id }
        records[key] = record
        return record
    }

    private func release(_ id: Int32) {
        guard let keys = held.removeValue(forKey: id) else { return }
        for key in keys {
            guard var record = records[key] else { continue }
            record.holders.removeAll { $0 == id }
            if record.owner == id { record.owner = -1 }
            if record.holders.isEmpty {
                records[key] = nil
            } else {
                records[key] = record
            }
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
