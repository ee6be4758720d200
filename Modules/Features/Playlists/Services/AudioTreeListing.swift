import Foundation
import KernelDomain
import PlaylistsDomain

/// The regular files under a folder, its subfolders' included, as paths
/// relative to it (`sub/deep.ogg`): each folder's entries in name order,
/// a subfolder's files where the subfolder's name falls (as `cmus`'s
/// recursive `add` and a sorted `find` list them).
///
/// Symbolic links are followed (a music folder often links albums in from
/// elsewhere), but a folder already entered is not entered again: a link
/// back to it is a loop, which would otherwise never end. Such links and
/// folders that cannot be listed are reported in `skipped`, and the walk
/// goes on with the rest. The walk keeps its own stack, so a deep tree
/// cannot exhaust the thread's. Names are exact (`FileSystemName`): one
/// that is not UTF-8 is a song like any other.
enum AudioTreeListing {
    struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    static func list(_ root: String, root info: stat) -> (files: [String], skipped: SkippedFolders) {
        var files: [String] = []
        var skipped = SkippedFolders()
        var entered: Set<FolderID> = [FolderID(info)]
        // Pending relative paths, the next one last; a folder's entry is
        // expanded into its children when it comes up.
        var pending: [(path: String, isFolder: Bool)] = [("", true)]
        while let next = pending.popLast() {
            guard next.isFolder else {
                files.append(next.path)
                continue
            }
            let absolute = next.path.isEmpty ? root : FolderPath.join(root, next.path)
            guard let names = names(in: absolute) else {
                skipped.unreadable.append(absolute)
                continue
            }
            var children: [(path: String, isFolder: Bool)] = []
            for name in names.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
                let child = next.path.isEmpty ? name : next.path + "/" + name
                let childPath = FolderPath.join(root, child)
                var childInfo = stat()
                guard let bytes = FileSystemName.cString(of: childPath), stat(bytes, &childInfo) == 0 else {
                    // A link to itself or around a circle of links; a link
                    // to nothing is just not a song.
                    if errno == ELOOP { skipped.loops.append(childPath) }
                    continue
                }
                switch childInfo.st_mode & S_IFMT {
                case S_IFREG: children.append((child, false))
                case S_IFDIR:
                    if entered.insert(FolderID(childInfo)).inserted {
                        children.append((child, true))
                    } else {
                        skipped.loops.append(childPath)
                    }
                default: continue
                }
            }
            pending.append(contentsOf: children.reversed())
        }
        return (files, skipped)
    }

    /// The names in the folder at `path`, each its exact bytes as
    /// `FileSystemName` text (a name that is not UTF-8, `caf\xe9.mp3`, is
    /// listed, and names that very file again); nil when it cannot be listed.
    static func names(in path: String) -> [String]? {
        guard let bytes = FileSystemName.cString(of: path), let folder = opendir(bytes) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { FileSystemName.decode(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
