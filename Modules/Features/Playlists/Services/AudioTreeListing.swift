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
/// cannot exhaust the thread's.
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
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else {
                skipped.unreadable.append(absolute)
                continue
            }
            var children: [(path: String, isFolder: Bool)] = []
            for name in names.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
                let child = next.path.isEmpty ? name : next.path + "/" + name
                let childPath = FolderPath.join(root, child)
                var childInfo = stat()
                guard stat(childPath, &childInfo) == 0 else {
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
}
