import KernelDomain

/// The folder use cases and the registry of shared folder models.
///
/// Every screen asks the library for the model of a path and gets the one
/// already open, if any: that is what makes a rename or a new size visible in
/// every screen at once. The library also keeps models consistent with each
/// other — a child's scan updates its parent's row and the other way round,
/// and a rename moves the renamed folder's model and everything below it.
@MainActor
public final class FolderLibrary {
    public let scanner: any FolderScanner
    public let renamer: any FolderRenamer
    /// Nil turns live updates off (one-shot use, tests).
    public let watcher: (any FolderWatcher)?
    /// Longest a progress change waits before observers hear of it: keeps a
    /// fast scan from redrawing screens thousands of times a second.
    public let notifyInterval: Duration
    /// Writes ncdu JSON exports; nil where there is no disk to export from.
    public let exporter: (any FolderExporter)?
    /// Set when every folder comes from an imported export (browsed
    /// without the disk): its root is as high as `up` goes.
    public let imported: ImportedFolderTree?
    /// Deletes entries; nil where nothing may be deleted (imports, tests).
    public let remover: (any FolderRemover)?
    /// The user's home folder: deleting it needs a second confirmation.
    public let homeFolder: String?
    private var models: [String: WeakModel] = [:]

    public init(
        scanner: any FolderScanner, renamer: any FolderRenamer, watcher: (any FolderWatcher)?,
        notifyInterval: Duration = .milliseconds(100), exporter: (any FolderExporter)? = nil,
        imported: ImportedFolderTree? = nil, remover: (any FolderRemover)? = nil, homeFolder: String? = nil
    ) {
        self.remover = remover
        self.homeFolder = homeFolder.map { FolderPath.normalize($0) }
        self.scanner = scanner
        self.renamer = renamer
        self.watcher = watcher
        self.notifyInterval = notifyInterval
        self.exporter = exporter
        self.imported = imported
    }

    /// A library over an imported export: no disk, no watcher, nothing renamed.
    public convenience init(importing tree: ImportedFolderTree) {
        let scanner = ImportedFolderScanner(tree: tree)
        self.init(scanner: scanner, renamer: scanner, watcher: nil, notifyInterval: .zero, imported: tree)
    }

    /// Measures what deleting `path` would remove (the question's figures).
    /// Refuses `/`, a folder being scanned, and mount points.
    public func planDeletion(_ path: String) async throws -> FolderDeletionPlan {
        let path = FolderPath.normalize(path)
        guard let remover else { throw FolderError.imported(path) }
        if path == "/" { throw FolderError.protected(path, reason: "is the root of the system and is never deleted") }
        if let model = live(path), model.isScanning { throw FolderError.busy(path) }
        if let parent = FolderPath.parent(path), let model = live(parent), model.isScanning,
           let row = model.children.firstIndex(named: FolderPath.name(path)), !model.children.isComplete(at: row) {
            throw FolderError.busy(path)
        }
        return try await remover.plan(path)
    }

    /// Whether deleting `path` needs the second confirmation (the home folder).
    public func needsSecondConfirmation(_ path: String) -> Bool {
        FolderPath.normalize(path) == homeFolder
    }

    /// Deletes what `plan` measured (if it is still what is there), then
    /// updates every open screen at once: the row goes, the sizes above it
    /// shrink, a screen of the deleted folder says it is gone.
    public func delete(_ plan: FolderDeletionPlan) async throws {
        guard let remover else { throw FolderError.imported(plan.path) }
        if plan.path == "/" { throw FolderError.protected(plan.path, reason: "is the root of the system and is never deleted") }
        if let model = live(plan.path), model.isScanning { throw FolderError.busy(plan.path) }
        try await remover.remove(plan)
        vanished(plan.path)
    }

    /// The shared model of `path` (absolute, normalised), created on first
    /// use and seeded with what its parent's scan already knows of it.
    /// `options` nil keeps an open model's options (or the defaults); other
    /// options rescan it.
    public func model(for path: String, options: FolderScanOptions? = nil) -> FolderModel {
        let path = FolderPath.normalize(path)
        if let existing = live(path) {
            if let options, existing.options != options {
                existing.options = options
                if existing.state != .notScanned { existing.restart() }
            }
            return existing
        }
        let model = FolderModel(path: path, options: options ?? FolderScanOptions(), library: self)
        if models.count >= 64 { models = models.filter { $0.value.model != nil } }
        models[path] = WeakModel(model)
        if let parentPath = FolderPath.parent(path), let parent = live(parentPath),
           let row = parent.children.firstIndex(named: FolderPath.name(path)), parent.children.isComplete(at: row) {
            model.adopt(parent.children[row])
        }
        return model
    }

    /// Renames the folder at `path` to `newName` in the same parent, then
    /// moves every open model so all screens show the new name at once.
    /// Returns the new path. An unchanged name does nothing.
    @discardableResult
    public func rename(_ path: String, to newName: String) throws -> String {
        if let problem = FolderNameRules.problem(with: newName) {
            throw FolderError.invalidName(newName, problem)
        }
        let path = FolderPath.normalize(path)
        guard FolderPath.parent(path) != nil else { throw FolderError.noParent(path) }
        if FolderPath.name(path) == newName { return path }
        let newPath = try renamer.rename(path, to: newName)
        moved(from: path, to: newPath)
        return newPath
    }

    // MARK: Keeping models consistent

    /// `old` is now `new` (renamed here, or seen by a watcher).
    func moved(from old: String, to new: String) {
        guard old != new else { return }
        let affected = models.compactMap { key, box -> (String, FolderModel)? in
            guard let model = box.model, let target = FolderPath.rebase(key, from: old, to: new) else { return nil }
            return (target, model)
        }
        for (target, model) in affected {
            models[model.path] = nil
            models[target] = WeakModel(model)
        }
        for (target, model) in affected { model.relocate(to: target) }
        if let parentPath = FolderPath.parent(old), let parent = live(parentPath) {
            parent.renameChild(from: old, to: new)
        }
        if let newParent = FolderPath.parent(new), newParent != FolderPath.parent(old), let parent = live(newParent) {
            parent.renameChild(from: old, to: new)
        }
    }

    /// `path` is gone: its row disappears and its own screens say so.
    func vanished(_ path: String) {
        if let parentPath = FolderPath.parent(path), let parent = live(parentPath) {
            parent.childVanished(path)
            if parent.state == .done, let entry = parent.entry { reportUp(entry) }
        }
        for (key, box) in models where FolderPath.rebase(key, from: path, to: path) != nil {
            box.model?.markVanished()
        }
    }

    /// A parent measured one of its children: tell the child's model.
    func reportDown(_ child: FolderEntry) {
        live(child.path)?.adopt(child)
    }

    /// A scan listed its folder's children: tell the open models of those
    /// that are final already (files, folders not crossed into). Asked per
    /// open model, not per row: a listing can be a million rows.
    func reportDown(listing rows: FolderRows) {
        for (key, box) in models where FolderPath.parent(key) == rows.parent {
            guard let model = box.model, let row = rows.firstIndex(named: FolderPath.name(key)),
                  rows.isComplete(at: row) else { continue }
            model.adopt(rows[row])
        }
    }

    /// A folder measured itself: tell its parent's row.
    func reportUp(_ entry: FolderEntry) {
        guard let parentPath = FolderPath.parent(entry.path), let parent = live(parentPath) else { return }
        parent.updateChild(entry)
    }

    private func live(_ path: String) -> FolderModel? {
        guard let box = models[path] else { return nil }
        if let model = box.model { return model }
        models[path] = nil
        return nil
    }
}

/// Holds a model without keeping it alive: a model lives as long as some
/// screen holds it.
private struct WeakModel {
    weak var model: FolderModel?
    init(_ model: FolderModel) { self.model = model }
}
