import FoldersDomain
import FoldersServices
import Foundation
import KernelDomain
import KernelServices
import TestSupport

/// Real trees and the real `du`, for scanner integration tests.
enum FolderTreeFixtures {
    /// `du -sb PATH` in bytes, run now, like the comparison a user would make.
    static func du(_ path: String, extra: [String] = []) throws -> Int64 {
        try DiskUsage.apparentBytes(path, extra: extra)
    }

    /// Collects a whole scan.
    struct Result {
        var listing: [FolderEntry] = []
        var children: [String: FolderEntry] = [:]
        var total: FolderEntry?
        var progress = 0
    }

    static func scan(
        _ path: String, options: FolderScanOptions = FolderScanOptions(), threads: Int = 2,
        afterListing: ScanListingHook? = nil
    ) async throws -> Result {
        var result = Result()
        for try await event in DirectoryScanner(threads: threads, afterListing: afterListing).scan(path, options: options) {
            switch event {
            case .listing(_, let children): result.listing = Array(children)
            case .progress: result.progress += 1
            case .child(let child): result.children[child.name] = child
            case .children(let children): for child in children { result.children[child.name] = child }
            case .finished(let total): result.total = total
            }
        }
        return result
    }

    /// A varied tree: nested folders, files of known sizes, an empty folder.
    static func varied(in dir: TemporaryDirectory) {
        dir.file("a/one.txt", String(repeating: "1", count: 1000))
        dir.file("a/deep/er/two.bin", bytes: [UInt8](repeating: 2, count: 70_000))
        dir.file("b/three", "333")
        dir.directory("empty")
        dir.file("top.txt", "top")
        for index in 0..<50 { dir.file("many/f\(index)", String(repeating: "m", count: index * 10)) }
    }
}
