import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// The *playlists* screen: every stored playlist with its song count, and
/// importing new ones.
///
/// Inputs: `importPlaylist(path:name:)`, `delete(named:)`, `reload()`.
/// Outputs: `playlists`, `isImporting`, `status`, and the derived `snapshot`.
@MainActor
public final class PlaylistsViewModel: ScreenModel {
    public static let screenID = "playlists"

    public private(set) var playlists: [PlaylistSummary] = []
    public private(set) var status: ScreenStatus = .idle
    public private(set) var importing: String?
    private let library: PlaylistLibrary

    public init(library: PlaylistLibrary) {
        self.library = library
    }

    public var isImporting: Bool { importing != nil }

    // MARK: Inputs

    public override func start() async { await reload() }

    public func reload() async {
        do {
            playlists = try await library.playlists()
            if status.kind == .error { status = .idle }
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
        publish()
    }

    /// Starts an import and returns at once; the result arrives as a change
    /// (status notice or error). One import at a time.
    public func importPlaylist(path: String, name: String?) {
        guard importing == nil else { return }
        importing = path
        status = .loading("Importing \(path)…")
        publish()
        launch { [weak self] in
            guard let self else { return }
            do {
                let report = try await library.importReporting(from: path, name: name)
                importing = nil
                status = PlaylistImportNotice.status(
                    "Imported \(Formatters.count(report.added, "song")) into \"\(report.playlist.name)\"", report.skipped)
                await reload()
            } catch {
                importing = nil
                status = .error(ErrorPresentation.screenError(error))
                publish()
            }
        }
    }

    public func delete(named name: String) async throws(ScreenError) {
        do {
            let playlist = try await library.playlist(named: name)
            try await library.delete(playlist)
            status = .notice("Deleted \"\(playlist.name)\".")
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        await reload()
    }

    // MARK: Screen contract

    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Playlist", kind: .item, positional: true)
    public static let importAction = ActionDescriptor(
        name: "import", label: "Import", summary: "Import a playlist from a .json, .m3u/.m3u8 file or a directory of audio files.",
        key: "i",
        params: [
            ParamDescriptor(name: "path", label: "File or directory", kind: .path, positional: true),
            ParamDescriptor(name: "name", label: "Playlist name (default: file name)", required: false),
        ])
    public static let openAction = ActionDescriptor(
        name: StandardAction.open, label: "Open", summary: "Show a playlist's songs.", key: StandardKey.enter,
        params: [itemParam])
    public static let deleteAction = ActionDescriptor(
        name: "delete", label: "Delete", summary: "Delete a playlist and its songs.", key: "d", destructive: true,
        params: [itemParam])
    public static let reloadAction = ActionDescriptor(
        name: StandardAction.reload, label: "Reload", summary: "Read the list again from the database.", key: "r")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Playlists", summary: "Your imported playlists; import more from files or folders.",
        actions: [importAction, openAction, deleteAction, reloadAction], columns: PlaylistRow.columns,
        examples: [
            "facet playlists",
            "facet playlists import road.m3u --name \"Road Trip\"",
            "facet playlists import music",
            "facet playlists --jsonl",
            "facet playlists open Sample",
            "facet playlists delete \"Road Trip\"",
        ])

    public override var snapshot: ScreenSnapshot {
        let running = isImporting ? "An import is running" : nil
        let none = playlists.isEmpty
        return ScreenSnapshot(
            screen: Self.screenID, title: "Playlists", status: status,
            content: ScreenContent(list: ListContent(
                items: playlists.map(PlaylistRow.item), columns: PlaylistRow.columns,
                emptyMessage: "No playlists yet. Import one with 'import PATH'.")),
            actions: [
                Self.importAction.disabled(because: running),
                Self.openAction.disabled(because: none ? "Nothing to open: no playlists yet" : nil),
                Self.deleteAction.disabled(because: none ? "Nothing to delete: no playlists yet" : running),
                Self.reloadAction,
            ])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case "import":
            importPlaylist(path: try arguments.require("path"), name: arguments.string("name"))
            return .started
        case StandardAction.open:
            let name = try arguments.require(StandardParam.item)
            guard playlists.contains(where: { $0.name == name }) else {
                throw .notFound("No playlist named \"\(name)\".", code: "playlist.not_found")
            }
            return ActionOutcome(navigate: ScreenRequest(screen: PlaylistViewModel.screenID, params: ["name": .string(name)]))
        case "delete":
            try await delete(named: try arguments.require(StandardParam.item))
            return .done
        case StandardAction.reload:
            await reload()
            return .done
        default:
            return try await super.perform(action, arguments)
        }
    }
}
