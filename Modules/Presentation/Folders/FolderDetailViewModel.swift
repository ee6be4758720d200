import Domain
import ScreenKit

/// The *folder* screen (seed 002's folder view): one folder's name, path,
/// size, KB, counts and modification time, titled as the seed did,
/// "<name> (<size/1024> KB)". It shares the folder's model with every other
/// screen, so it follows renames and size changes made anywhere.
///
/// Inputs: `rename(to:)`, `rescan`, `cancel`; `open` navigates.
/// Outputs: `entry`, `status`, and the derived `snapshot`.
@MainActor
public final class FolderDetailViewModel: ScreenModel {
    public static let screenID = "folder"

    public let folder: FolderModel
    private let library: FolderLibrary
    private var observation: Observation?
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
        case .notScanned, .done:
            if let notice { return .notice(notice) }
            if let entry, let problems = FolderFormat.problems(entry) { return .notice(problems + ".") }
            return .idle
        }
    }

    // MARK: Inputs

    public override func start() async {
        observation = folder.observe { [weak self] _ in self?.publish() }
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

    public static let openAction = ActionDescriptor(
        name: "open", label: "Open", summary: "List this folder's subfolders.", key: "enter")
    public static let renameAction = ActionDescriptor(
        name: "rename", label: "Rename", summary: "Rename the folder: with NAME at once, without it on the rename screen.",
        key: "R", params: [ParamDescriptor(name: "name", label: "New name", required: false, positional: true)])
    public static let rescanAction = ActionDescriptor(
        name: "rescan", label: "Rescan", summary: "Measure the folder again.", key: "r")
    public static let cancelAction = ActionDescriptor(
        name: "cancel", label: "Cancel scan", summary: "Stop the running scan.", key: "c")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Folder", summary: "One folder: name, path, size, KB, counts, modification time.",
        params: [ParamDescriptor(name: "path", label: "Folder (default: the current directory)", kind: .path, required: false, positional: true)],
        actions: [openAction, renameAction, rescanAction, cancelAction], topLevel: false,
        examples: ["facet folder photos", "facet folder photos --jsonl", "facet folder photos/2024 rename trip-2024"])

    public override var snapshot: ScreenSnapshot {
        var rows = [DetailRow("Name", folder.name), DetailRow("Path", folder.path)]
        if let entry {
            let prefix = entry.complete ? "" : "so far "
            rows.append(DetailRow("Size", "\(prefix)\(FolderFormat.size(entry.bytes)) (\(Formatters.grouped(Int(entry.bytes))) bytes)"))
            rows.append(DetailRow("KB", Formatters.grouped(Int(entry.kilobytes))))
            if entry.isDirectory {
                rows.append(DetailRow("Files", Formatters.grouped(entry.files)))
                rows.append(DetailRow("Folders", Formatters.grouped(entry.directories)))
            } else {
                rows.append(DetailRow("Kind", entry.kind.rawValue))
            }
            rows.append(DetailRow("Modified", FolderFormat.modified(entry)))
            if let problems = FolderFormat.problems(entry) { rows.append(DetailRow("Problems", problems)) }
        }
        let scanning = folder.isScanning
        let exists: Bool = if case .failed = folder.state { false } else { true }
        return ScreenSnapshot(
            screen: Self.screenID, title: FolderFormat.title(name: folder.name, entry: entry), status: status,
            content: ScreenContent(detail: DetailContent(rows: rows)),
            actions: [
                Self.openAction.enabled(exists && entry?.isDirectory != false),
                Self.renameAction.enabled(exists && FolderPath.parent(folder.path) != nil),
                Self.rescanAction.enabled(!scanning),
                Self.cancelAction.enabled(scanning),
            ])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "open":
            return ActionOutcome(navigate: ScreenRequest(screen: FoldersViewModel.screenID, params: ["path": .string(folder.path)]))
        case "rename":
            guard let name = arguments.string("name") else {
                return ActionOutcome(navigate: ScreenRequest(screen: RenameFolderViewModel.screenID, params: ["path": .string(folder.path)]))
            }
            try rename(to: name)
        case "rescan":
            rescan()
            return .started
        case "cancel":
            folder.cancelScan()
        default:
            return try await super.perform(action, arguments)
        }
        return .done
    }
}
