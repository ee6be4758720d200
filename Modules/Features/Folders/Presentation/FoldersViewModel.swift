import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// The *folders* screen (seed 002, made real, like ncdu): a directory's
/// subfolders (and optionally files) with their recursive sizes, sorted,
/// navigable into and out of, with progress while the scan runs and rows
/// filling in as each child directory finishes.
///
/// It observes the shared `FolderModel` of its path, so a rename or a new
/// size made on any other screen (or by another program, through the model's
/// watcher) shows here at once.
///
/// Inputs: `setSort`, `rescan`, `cancel`, `loadMore`, `rename(child:to:)`,
/// and the navigation actions `open`, `up`, `detail`, and `rename` without
/// a name (to the rename screen).
/// Outputs: `rows`, `total`, `status`, `notice`, `sort`, and the derived
/// `snapshot` (a table: see `FolderRow`).
@MainActor
public final class FoldersViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "folders"

    /// Each raw value is the id of the column it sorts by, the one name
    /// `--sort` takes.
    public enum Sort: String, CaseIterable, Sendable {
        case size = "bytes", name, count = "items"
    }

    public private(set) var folder: FolderModel
    let library: FolderLibrary
    public private(set) var sort: Sort
    public private(set) var showFiles: Bool
    /// The other way round from the sort's natural direction (size and
    /// count: largest first; name: A→Z), like ncdu's reverse order.
    public private(set) var reversed: Bool
    /// Only names containing this text are listed, case ignored (they
    /// count in the sizes either way). The rows come from the file system,
    /// not from a store, so the screen filters what it holds.
    public private(set) var filter: String
    /// Whether names starting with "." are listed (they count in the sizes either way).
    public private(set) var showHidden: Bool
    /// Sizes as disk usage (`du`, blocks allocated) instead of apparent
    /// sizes (`du -b`): what the size sort and the share column use.
    public private(set) var diskUsage: Bool
    public let crossDevices: Bool
    /// Names left out of the rows and the sizes (`du --exclude`).
    public let exclude: FolderExcludePatterns
    /// The ncdu export this screen browses (kept when navigating), or nil for the disk.
    public let importFile: String?
    /// Rows shown at most; `load-more` raises it (a folder may hold a million entries).
    public private(set) var limit: Int
    public let pageSize: Int
    private var observation: ObservationToken?
    /// Display order as indices into the model's children with the sort
    /// keys it was built from (see `order`).
    private var cache: FolderOrderCache?

    public init(
        library: FolderLibrary, path: String, sort: Sort = .size, showFiles: Bool = false, crossDevices: Bool = false,
        pageSize: Int = 1000, importFile: String? = nil, reversed: Bool = false, showHidden: Bool = true,
        diskUsage: Bool = false, filter: String = "", exclude: FolderExcludePatterns = .none
    ) {
        self.exclude = exclude
        self.filter = filter
        self.diskUsage = diskUsage
        self.importFile = importFile
        self.reversed = reversed
        self.showHidden = showHidden
        self.library = library
        self.folder = library.model(for: path, options: FolderScanOptions(crossDevices: crossDevices, listFiles: showFiles, exclude: exclude))
        self.sort = sort
        self.showFiles = showFiles
        self.crossDevices = crossDevices
        self.pageSize = max(1, pageSize)
        self.limit = max(1, pageSize)
    }

    // MARK: Outputs

    /// The rows in display order (all of them; the snapshot shows `limit`).
    public var rows: [FolderEntry] {
        let children = folder.children
        return displayOrder.map { children[$0] }
    }

    /// `order` as shown: reversed if asked, hidden names and names without
    /// the filter's text left out if asked.
    var displayOrder: [Int] {
        var shown = reversed ? Array(order.reversed()) : order
        if !showHidden || !filter.isEmpty {
            let children = folder.children
            let needle = CaseFolding.fold(filter)
            shown = shown.filter {
                let name = children.name(at: $0)
                return (showHidden || !name.hasPrefix(".")) && (needle.isEmpty || CaseFolding.contains(name, foldedNeedle: needle))
            }
        }
        return shown
    }

    /// Size: largest first; name: A→Z ignoring case; count: most items
    /// first. Ties fall back to the name so the order is stable.
    ///
    /// Built by one sort, then kept up to date: when a few rows change (a
    /// scan finishing child after child) only those are taken out and merged
    /// back in, so an update costs one pass over the rows, not a re-sort of
    /// a folder that may hold hundreds of thousands of subfolders.
    private var order: [Int] {
        let revision = folder.childrenRevision
        if let cache, cache.revision == revision, cache.sort == sort, cache.disk == diskUsage { return cache.order }
        let children = folder.children
        if var cache, cache.sort == sort, cache.disk == diskUsage, let changed = folder.changedChildren(since: cache.revision) {
            self.cache = nil  // so the update changes its arrays in place, not copies
            cache.update(changed, in: children, showFiles: showFiles)
            cache.revision = revision
            self.cache = cache
            return cache.order
        }
        let fresh = FolderOrderCache(children: children, sort: sort, showFiles: showFiles, revision: revision, disk: diskUsage)
        cache = fresh
        return fresh.order
    }

    /// The folder's total (partial while scanning).
    public var total: FolderEntry? { folder.entry }

    public var status: ScreenStatus {
        if case .done = folder.state, let entry = folder.entry, !entry.isDirectory {
            return .error(ErrorPresentation.screenError(FolderError.notADirectory(folder.path)))
        }
        return FolderFormat.status(folder, notice: notice, exclude: exclude)
    }

    /// What the last rename did, until the next rescan.
    public private(set) var notice: String?
    /// The deletion the user was asked about (`delete` without `--yes`):
    /// `confirm-delete` carries it out if the same entry is still there.
    public private(set) var pendingDeletion: FolderDeletionPlan?
    /// The marked rows a `delete a,b,c` without `--yes` asked about.
    public private(set) var pendingMarked: [FolderDeletionPlan]?

    func askAboutMarked(_ plans: [FolderDeletionPlan], names: [String]) {
        pendingDeletion = nil
        pendingMarked = plans
        let home = plans.first { library.needsSecondConfirmation($0.path) }
        notice = Self.deleteAction.descriptor.effect.question(Self.markedQuestion(plans))
            + " Nothing is deleted until you confirm: 'confirm-delete'"
            + " (or delete \(names.joined(separator: ",")) --yes)."
            + (home.map { " It holds your home folder: also give --confirm-path \($0.path)." } ?? "")
        publish()
    }

    func forgetMarked() {
        pendingMarked = nil
        pendingDeletion = nil
    }

    /// What a marked deletion did, shown in the status.
    func tell(_ text: String) {
        notice = text
        publish()
    }

    // MARK: Inputs

    public override func start() async {
        observation = ObservationToken(folder.observe { [weak self] _ in self?.publish() })
        await folder.begin()
        publish()
        launch { [folder] in await folder.finished() }
    }

    public func setSort(_ newSort: Sort, descending: Bool? = nil) {
        sort = newSort
        if let descending { reversed = descending != (newSort != .name) }
        publish()
    }

    public func reverse() {
        reversed.toggle()
        publish()
    }

    public func setFilter(_ text: String) {
        filter = text
        publish()
    }

    public func toggleUsage() {
        diskUsage.toggle()
        publish()
    }

    public func toggleHidden() {
        showHidden.toggle()
        publish()
    }

    /// Lists files as rows too, or folders only again (ncdu's files toggle):
    /// the folder is measured again with the other option.
    public func toggleFiles() async {
        showFiles.toggle()
        observation?.cancel()
        cache = nil
        folder = library.model(for: folder.path, options: FolderScanOptions(crossDevices: crossDevices, listFiles: showFiles, exclude: exclude))
        observation = ObservationToken(folder.observe { [weak self] _ in self?.publish() })
        await folder.begin()
        publish()
        launch { [folder] in await folder.finished() }
    }

    public func rescan() {
        notice = nil
        folder.restart()
        launch { [folder] in await folder.finished() }
    }

    public func cancel() {
        folder.cancelScan()
    }

    /// Renames the child row `name` on disk at once (a one-shot
    /// `folders PATH rename CHILD NAME`); every screen of it follows.
    public func rename(child name: String, to newName: String) throws(ScreenError) {
        try rename(try row(name), to: newName)
    }

    func rename(_ child: FolderEntry, to newName: String) throws(ScreenError) {
        do {
            try library.rename(child.path, to: newName)
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        notice = child.name == newName ? "The name is unchanged." : "Renamed \"\(child.name)\" to \"\(newName)\"."
        publish()
    }

    /// Writes this folder's whole tree to `file` in ncdu's JSON export
    /// format (`ncdu -f FILE` opens it; so does `--import FILE`). The export
    /// is the folder's scan: the rows are measured by the same walk. An
    /// existing file is replaced only with `replacing` (`--yes`).
    public func export(to file: String, replacing: Bool = false) async throws(ScreenError) {
        do {
            let summary = try await folder.export(to: file, replacing: replacing)
            notice = "Exported \(Formatters.count(summary.entries, "entry", "entries")) (\(FolderFormat.size(summary.bytes))) to "
                + "\(summary.file) in ncdu's JSON format; open it with: ncdu -f \(summary.file)"
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        publish()
    }

    /// Asks about deleting `name` (a row) or, with nil, this folder: measures
    /// it and says what and how much; with `confirmed` deletes at once.
    /// The home folder also needs `confirmPath` equal to its path.
    public func delete(_ name: String?, confirmed: Bool, confirmPath: String?) async throws(ScreenError) {
        if let name, let marked = try markedNames(name) {
            try await deleteMarked(marked, confirmed: confirmed, confirmPath: confirmPath)
            return
        }
        var target = folder.path
        if let name { target = try await deletionTarget(name) }
        do {
            if folder.isScanning { throw FolderError.busy(folder.path) }
            let plan = try await library.planDeletion(target)
            // This screen lists a folder: when its path names a file, the
            // screen shows an error and deletes nothing in its own name.
            if name == nil, plan.kind != .directory { throw FolderError.notADirectory(target) }
            guard confirmed else {
                pendingMarked = nil
                pendingDeletion = plan
                notice = Self.deleteAction.descriptor.effect.question(Self.question(plan))
                    + " Nothing is deleted until you confirm: 'confirm-delete'"
                    + " (or delete\(name.map { " " + $0 } ?? "") --yes)."
                    + (library.needsSecondConfirmation(target) ? " It is your home folder: also give --confirm-path \(target)." : "")
                publish()
                return
            }
            try await carryOut(plan, confirmPath: confirmPath)
        } catch let error as ScreenError {
            throw error
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    /// Deletes what the last `delete` asked about, if it is still there unchanged.
    public func confirmDeletion(confirmPath: String?) async throws(ScreenError) {
        if let marked = pendingMarked {
            if folder.isScanning { throw ErrorPresentation.screenError(FolderError.busy(folder.path)) }
            try await carryOutMarked(marked, confirmPath: confirmPath)
            return
        }
        guard let plan = pendingDeletion else {
            throw .invalidParams("Nothing to confirm: ask with 'delete NAME' first.", code: "folder.nothing_pending")
        }
        do {
            // A rescan started since the question reads the folder (and the
            // row) again: refused like asking during a scan.
            if folder.isScanning { throw FolderError.busy(folder.path) }
            try await carryOut(plan, confirmPath: confirmPath)
        } catch let error as ScreenError {
            throw error
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    private func carryOut(_ plan: FolderDeletionPlan, confirmPath: String?) async throws {
        pendingMarked = nil
        if library.needsSecondConfirmation(plan.path), confirmPath.map({ FolderPath.normalize($0) }) != plan.path {
            throw FolderError.protected(
                plan.path, reason: "is your home folder; to delete it, confirm a second time with --confirm-path \(plan.path)")
        }
        pendingDeletion = nil
        try await library.delete(plan)
        notice = "Deleted \(plan.path): \(Self.amount(plan))."
        publish()
    }

    /// "Delete /x/big (folder): 1.2 GiB in 3,400 files and 200 folders?"
    static func question(_ plan: FolderDeletionPlan) -> String {
        "Delete \(plan.path) (\(plan.kind == .directory ? "folder" : plan.kind.rawValue)): \(amount(plan))?"
    }

    static func amount(_ plan: FolderDeletionPlan) -> String {
        let size = FolderFormat.exactSize(plan.bytes)
        guard plan.kind == .directory else { return size }
        return "\(size) in \(Formatters.count(plan.files, "file")) and \(Formatters.count(plan.directories, "folder"))"
    }

    public func loadMore() {
        limit += pageSize
        publish()
    }

    public override func close() {
        observation?.cancel()
        observation = nil
        super.close()
    }

    // MARK: Screen contract

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Folders",
        summary: "Folder sizes like du/ncdu: subfolders by recursive size; open, go up, rename, live updates.",
        params: [
            ParamDescriptor(name: "path", label: "Folder (default: the current directory)", kind: .path, required: false, positional: true),
        ] + ListGrammar.screenParams(
            columns: FolderRow.columns, filterLabel: "Only rows whose name contains this text (case ignored)"
        ) + [
            ParamDescriptor(name: "files", label: "List files too, not only folders", kind: .bool, required: false),
            ParamDescriptor(name: "cross-devices", label: "Descend into other file systems (du without -x)", kind: .bool, required: false),
            ParamDescriptor.repeatable(
                name: "exclude", label: "Leave out entries whose name matches this glob, like du --exclude (repeatable)"),
            ParamDescriptor(name: "disk", label: "Sizes as disk usage (du) rather than apparent (du -b)", kind: .bool, required: false),
            ParamDescriptor(name: "hidden", label: "List names starting with \".\" (default: yes)", kind: .bool, required: false),
            ParamDescriptor(
                name: "import", label: "Browse an ncdu JSON export (ncdu -o FILE) instead of the disk", kind: .path,
                required: false),
        ],
        actions: actionDescriptors, columns: FolderRow.columns,
        examples: [
            "facet folders",
            "facet folders photos --sort name --files",
            "facet folders photos --sort size --reverse --filter 20",
            "facet folders photos open 2024",
            "facet folders photos/2024 up",
            "facet folders photos detail 2024",
            "facet folders photos --jsonl",
            "facet folders photos delete 2023 --yes",
            "facet folders photos export photos.json",
            "facet folders --import photos.json open 2024",
        ])

    // Why actions are unavailable (see `actions`).
    var unavailable: String? { FolderFormat.unavailable(folder) }
    var atTop: Bool { FolderPath.parent(folder.path) == nil || library.imported.map { $0.rootPath == folder.path } == true }
    var scanning: Bool { folder.isScanning }
    /// How many rows the filter and hidden names leave; without either the
    /// count is the order's, so the common case does not walk the rows.
    var shownCount: Int {
        if let countWhileSnapshotting { return countWhileSnapshotting }
        return showHidden && filter.isEmpty ? order.count : displayOrder.count
    }
    /// The count `snapshot` already filtered for, read by the actions'
    /// availability while it builds them: filtering a million names again
    /// per action would multiply the cost of every snapshot of a filtered list.
    private var countWhileSnapshotting: Int?

    public override var snapshot: ScreenSnapshot {
        let order = displayOrder
        countWhileSnapshotting = order.count
        defer { countWhileSnapshotting = nil }
        let children = folder.children
        let parentBytes = diskUsage ? folder.entry?.diskBytes : folder.entry?.bytes
        let items = order.prefix(limit).map { FolderRow.item(children[$0], parentBytes: parentBytes, disk: diskUsage) }
        let count = order.count
        let status = status
        var details: [DetailRow] = [DetailRow("Path", folder.path, id: "path", type: .path)]
        let problem = status.kind == .error ? status.message : nil
        if let total, problem == nil {
            let prefix = total.complete ? "" : "so far "
            details.append(DetailRow(
                "Total", prefix + FolderFormat.exactSize(total.bytes), id: "bytes", data: .int(total.bytes), type: .bytes))
            details.append(DetailRow(
                "Disk usage", prefix + FolderFormat.exactSize(total.diskBytes), id: "disk", data: .int(total.diskBytes),
                type: .bytes))
            details.append(DetailRow("Files", Formatters.grouped(total.files), id: "files", data: .int(total.files), type: .integer))
            details.append(DetailRow(
                "Folders", Formatters.grouped(total.directories), id: "folders", data: .int(total.directories), type: .integer))
            if let rest = restRow(total, parentBytes: parentBytes) { details.append(rest) }
            if let problems = FolderFormat.problems(total) {
                details.append(DetailRow("Problems", problems, id: "unreadable", data: .int(total.issueCount), type: .integer))
            }
        }
        if let importFile {
            details.append(DetailRow("Imported from", importFile, id: "import", type: .path))
        }
        let empty = !filter.isEmpty ? "No row matches \"\(filter)\"."
            : showFiles || folder.unlistedFiles == 0 ? "This folder is empty."
            : "No subfolders here; \(Formatters.count(folder.unlistedFiles, "file is", "files are")) not listed: "
                + "list \(folder.unlistedFiles == 1 ? "it" : "them") with \(Self.filesAction.mention)."
        return ScreenSnapshot(
            screen: Self.screenID, title: FolderFormat.title(name: folder.name, entry: total), status: status,
            content: ScreenContent(
                detail: DetailContent(rows: details),
                list: ListContent(
                    items: items, offset: 0, total: count, hasMore: count > limit, filter: filter, sort: sort.rawValue,
                    sortDescending: (sort != .name) != reversed, columns: FolderRow.columns,
                    emptyMessage: problem ?? (scanning ? "Reading…" : empty))),
            actions: availableActions)
    }

    /// The part of the total no row shows (the folder's own entry, and its
    /// files when they are not rows), with its share: the rows' shares and
    /// this one add up to the whole.
    private func restRow(_ total: FolderEntry, parentBytes: Int64?) -> DetailRow? {
        let rest = diskUsage ? total.diskBytes - folder.listedDiskBytes : total.bytes - folder.listedBytes
        guard rest >= 0, let parentBytes, parentBytes > 0 else { return nil }
        let tenths = Int((Double(rest) * 1000 / Double(parentBytes)).rounded())
        let files = folder.unlistedFiles
        let what = showFiles || files == 0 ? "the folder's own entry"
            : "\(Formatters.count(files, "file")) not listed (list them with \(Self.filesAction.mention)) and the folder's own entry"
        return DetailRow(
            "Rest", "\(FolderFormat.size(rest)) (\(tenths / 10).\(tenths % 10)%): \(what)", id: "rest",
            data: .int(rest), type: .bytes)
    }

    func row(_ name: String) throws(ScreenError) -> FolderEntry {
        guard let child = folder.children.first(where: { $0.name == name }) else {
            throw ErrorPresentation.screenError(FolderError.notFound(FolderPath.join(folder.path, name)))
        }
        return child
    }

    /// The path `delete NAME` removes: a row, or (as ncdu deletes files) a
    /// file directly in this folder that is not a row because files are not
    /// listed. Only a plain name: never a path that leaves the folder.
    func deletionTarget(_ name: String) async throws(ScreenError) -> String {
        if let child = folder.children.first(where: { $0.name == name }) { return child.path }
        let path = FolderPath.join(folder.path, name)
        guard !showFiles, !name.isEmpty, name != ".", name != "..", !name.contains("/"),
              let entry = try? await library.scanner.measure(path, options: FolderScanOptions()), !entry.isDirectory
        else { throw ErrorPresentation.screenError(FolderError.notFound(path)) }
        return path
    }

    /// Why `name` cannot be opened when it is not a row: files are not rows
    /// unless `--files`, and "No such folder" would be wrong for one.
    func missingRow(_ name: String) async -> ScreenError {
        let path = FolderPath.join(folder.path, name)
        if let entry = try? await library.scanner.measure(path, options: FolderScanOptions()), !entry.isDirectory {
            return ErrorPresentation.screenError(FolderError.notADirectory(path))
        }
        return ErrorPresentation.screenError(FolderError.notFound(path))
    }

    func navigate(to path: String) -> ActionOutcome {
        var params: ActionArguments = ["path": .string(path), "sort": .string(sort.rawValue)]
        if showFiles { params["files"] = .bool(true) }
        if crossDevices { params["cross-devices"] = .bool(true) }
        if !exclude.isEmpty { params["exclude"] = .string(FolderExcludeParam.text(exclude)) }
        if let importFile { params["import"] = .string(importFile) }
        if reversed { params["reverse"] = .bool(true) }
        if !showHidden { params["hidden"] = .bool(false) }
        if diskUsage { params["disk"] = .bool(true) }
        return ActionOutcome(navigate: ScreenRequest(screen: Self.screenID, params: params))
    }
}
