import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// The *folder* screen (seed 002's folder view): one folder's name, path,
/// size, KB, counts and modification time, titled as the seed did,
/// "<name> (<size/1024> KB)". It shares the folder's model with every other
/// screen, so it follows renames and size changes made anywhere.
///
/// Inputs: `rename(to:)` (the `rename NAME` action; without a name the
/// action navigates to the rename screen), `rescan`, `cancel`; `open` navigates.
/// Outputs: `entry`, `rows` (typed), `status`, and the derived `snapshot`.
@MainActor
public final class FolderDetailViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "folder"

    public let folder: FolderModel
    private let library: FolderLibrary
    private var observation: ObservationToken?
    public private(set) var notice: String?

    public init(library: FolderLibrary, path: String) {
        self.library = library
        self.folder = library.model(for: path)
    }

    public var entry: FolderEntry? { folder.entry }

    public var status: ScreenStatus {
        switch folder.state {
        case .scanning(let progress): return .loading(FolderFormat.progress(path: folder.path, progress))
        case .failed(let error): return .error(ErrorPresentation.screenError(error))
        case .cancelled: return .notice("Scan cancelled: the size is partial.")
        case .notScanned, .done: return FolderFormat.finished(entry, notice: notice)
        }
    }

    // MARK: Inputs

    public override func start() async {
        observation = ObservationToken(folder.observe { [weak self] _ in self?.publish() })
        if folder.entry?.complete != true || folder.state == .cancelled {
            launch { [folder] in await folder.refresh() }
        }
        publish()
    }

    /// Renames on disk through the library; every screen of the folder follows.
    public func rename(to name: String) throws(ScreenError) {
        do {
            let old = folder.name
            try library.rename(folder.path, to: name)
            notice = old == name ? "The name is unchanged." : "Renamed \"\(old)\" to \"\(name)\"."
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        publish()
    }

    public func rescan() {
        notice = nil
        folder.restart()
        launch { [folder] in await folder.finished() }
    }

    public override func close() {
        observation?.cancel()
        observation = nil
        super.close()
    }

    // MARK: Screen contract

    public static let openAction = ScreenAction<FolderDetailViewModel>(
        StandardAction.open, key: StandardKey.enter, label: "Open", summary: "List this folder's subfolders.", effect: .view,
        unavailable: { model in
            FolderFormat.unavailable(model.folder)
                ?? (model.entry?.isDirectory == false ? "Not a folder: a file has no subfolders" : nil)
        }
    ) { model, _ in
        ActionOutcome(navigate: ScreenRequest(screen: FoldersViewModel.screenID, params: ["path": .string(model.folder.path)]))
    }
    public static let renameAction = ScreenAction<FolderDetailViewModel>(
        "rename", key: "R", label: "Rename", summary: "Rename the folder: with NAME at once, without it on the rename screen.",
        effect: .changes, params: [ParamDescriptor(name: "name", label: "New name", required: false, positional: true)],
        unavailable: { model in
            FolderFormat.unavailable(model.folder)
                ?? (FolderPath.parent(model.folder.path) == nil ? "The top folder (/) cannot be renamed" : nil)
        }
    ) { model, arguments throws(ScreenError) in
        guard let name = arguments.string("name") else {
            return ActionOutcome(navigate: ScreenRequest(screen: RenameFolderViewModel.screenID, params: ["path": .string(model.folder.path)]))
        }
        try model.rename(to: name)
        return .done
    }
    public static let rescanAction = ScreenAction<FolderDetailViewModel>(
        "rescan", key: "r", label: "Rescan", summary: "Measure the folder again.", effect: .view,
        unavailable: { $0.folder.isScanning ? "A scan is running" : nil }
    ) { model, _ in
        model.rescan()
        return .started
    }
    public static let cancelAction = ScreenAction<FolderDetailViewModel>(
        "cancel", key: "c", label: "Cancel scan", summary: "Stop the running scan.", effect: .view,
        unavailable: { $0.folder.isScanning ? nil : "No scan is running" }
    ) { model, _ in
        model.folder.cancelScan()
        return .done
    }

    public static let actions = [openAction, renameAction, rescanAction, cancelAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Folder", summary: "One folder: name, path, size, KB, counts, modification time.",
        params: [ParamDescriptor(name: "path", label: "Folder (default: the current directory)", kind: .path, required: false, positional: true)],
        actions: actionDescriptors, topLevel: false,
        examples: ["facet folder photos", "facet folder photos --jsonl", "facet folder photos/2024 rename trip-2024"])

    /// Name, path, size (exact bytes), the seed's KB, counts, modification
    /// time and problems, each with its typed value.
    public var rows: [DetailRow] {
        var rows = [
            DetailRow("Name", folder.name, id: "name"),
            DetailRow("Path", folder.path, id: "path", type: .path),
        ]
        guard let entry else { return rows }
        let prefix = entry.complete ? "" : "so far "
        rows.append(DetailRow(
            "Size", prefix + FolderFormat.exactSize(entry.bytes), id: "bytes", data: .int(entry.bytes), type: .bytes))
        // The seed's figure, labelled with what it is (KiB, rounded down).
        rows.append(DetailRow(
            "KB (bytes / 1024)", FolderFormat.kilobytes(entry.bytes), id: "kb", data: .int(entry.kilobytes), type: .integer))
        if entry.isDirectory {
            rows.append(DetailRow("Files", Formatters.grouped(entry.files), id: "files", data: .int(entry.files), type: .integer))
            rows.append(DetailRow(
                "Folders", Formatters.grouped(entry.directories), id: "folders", data: .int(entry.directories), type: .integer))
        } else {
            rows.append(DetailRow("Kind", entry.kind.rawValue, id: "kind"))
        }
        let modified = FolderFormat.modified(entry)
        rows.append(DetailRow("Modified", modified.display, id: "modified", data: modified.value, type: .datetime))
        if let problems = FolderFormat.problems(entry) {
            rows.append(DetailRow("Problems", problems, id: "unreadable", data: .int(entry.issueCount), type: .integer))
        }
        return rows
    }

    public override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: Self.screenID, title: FolderFormat.title(name: folder.name, entry: entry), status: status,
            content: ScreenContent(detail: DetailContent(rows: rows)),
            actions: availableActions.map { $0.name == Self.renameAction.name ? $0.suggestingName(folder.name) : $0 })
    }
}

extension ActionDescriptor {
    /// The rename with the folder's current name suggested: front ends start
    /// their prompt from it, to be edited rather than typed again.
    fileprivate func suggestingName(_ name: String) -> ActionDescriptor {
        var copy = self
        if let index = copy.params.firstIndex(where: { $0.name == "name" }) { copy.params[index].suggestion = name }
        return copy
    }
}
