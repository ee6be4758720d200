import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// What one thread writes of an export: the entries of the subtree it
/// walks (or the root's own entries, for the scan's thread), kept in memory
/// and delivered to the file whole when the subtree is done.
///
/// Subtrees are appended as they finish, in any order, which the format
/// allows (every entry is `,` plus itself inside its parent's array). A part
/// that grows past the file's `streamAbove` takes the file for itself and writes
/// straight into it until `finish`, while other parts wait to deliver:
/// memory stays at a few MB a thread even when one subtree is the whole tree.
final class NcduExportPart: @unchecked Sendable {
    private let target: NcduExportFile
    private var writer = NcduWriter(fd: -1)

    init(into target: NcduExportFile) {
        self.target = target
    }

    func file(_ name: UnsafePointer<CChar>, info: stat, device: Bool) {
        writer.listedFile(name, info: info, device: device)
        streamIfLarge()
    }

    func unreadable(_ name: UnsafePointer<CChar>) {
        writer.unreadable(name)
        streamIfLarge()
    }

    func openDirectory(_ name: [CChar], info: stat, device: Bool) {
        writer.openDirectory(name, info: info, device: device)
        streamIfLarge()
    }

    func closeDirectory() { writer.closeDirectory() }

    func unreadableDirectory(_ name: [CChar], info: stat?, device: Bool) {
        writer.unreadableDirectory(name, info: info, device: device)
    }

    func excludedDirectory(_ name: UnsafePointer<CChar>, info: stat) {
        writer.excludedDirectory(name, info: info)
    }

    /// The subtree is done (or the scan stopped): its last bytes go to the
    /// file and the file is free for the other parts.
    func finish() {
        target.deliver(&writer, from: ObjectIdentifier(self), keep: false)
    }

    private func streamIfLarge() {
        guard writer.count >= target.streamAbove else { return }
        target.deliver(&writer, from: ObjectIdentifier(self), keep: true)
    }
}
