import KernelDomain

/// Serves scans from an imported ncdu export instead of the disk, so every
/// folder screen (sizes, sorting, open, up, detail) works on it unchanged.
/// Nothing is renamed or deleted in an import.
public struct ImportedFolderScanner: FolderScanner, FolderRenamer {
    public let tree: ImportedFolderTree

    public init(tree: ImportedFolderTree) {
        self.tree = tree
    }

    public func scan(_ path: String, options: FolderScanOptions) -> AsyncThrowingStream<FolderScanEvent, any Error> {
        let tree = tree
        return AsyncThrowingStream { continuation in
            guard let index = tree.index(of: path) else {
                continuation.finish(throwing: FolderError.notFound(path))
                return
            }
            let total = tree.entry(index, path: path)
            guard total.isDirectory else {
                continuation.finish(throwing: FolderError.notADirectory(path))
                return
            }
            var folder = total
            folder.bytes = tree.ownBytes(at: index)
            folder.diskBytes = tree.ownDiskBytes(at: index)
            folder.files = 0
            folder.directories = 0
            folder.complete = false
            var children = FolderRows(parent: path)
            for child in tree.children(of: index) {
                let entry = tree.entry(child, path: FolderPath.join(path, tree.name(at: child)))
                if entry.isDirectory || options.listFiles {
                    children.append(entry)
                } else {
                    folder.bytes.addSize(entry.bytes)
                    folder.diskBytes.addSize(entry.diskBytes)
                    folder.files += 1
                }
            }
            continuation.yield(.listing(folder: folder, children: children))
            continuation.yield(.finished(total))
            continuation.finish()
        }
    }

    public func measure(_ path: String, options: FolderScanOptions) async throws -> FolderEntry {
        guard let index = tree.index(of: path) else { throw FolderError.notFound(path) }
        return tree.entry(index, path: path)
    }

    public func rename(_ path: String, to newName: String) throws -> String {
        throw FolderError.imported(path)
    }
}
