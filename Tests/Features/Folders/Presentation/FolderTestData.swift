import FoldersDomain
import Foundation
import KernelDomain

/// Entries for folder view-model tests.
enum FolderTestData {
    static let time = Date(timeIntervalSince1970: 1_700_000_000)

    static func dir(_ path: String, _ bytes: Int64, files: Int = 0, dirs: Int = 0, complete: Bool = true) -> FolderEntry {
        FolderEntry(
            name: FolderPath.name(path), path: path, kind: .directory, bytes: bytes, files: files, directories: dirs,
            modified: time, complete: complete)
    }

    static func file(_ path: String, _ bytes: Int64) -> FolderEntry {
        FolderEntry(name: FolderPath.name(path), path: path, kind: .file, bytes: bytes, modified: time)
    }
}
