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
public final class PlaylistsViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "playlists"

    public private(set) var playlists: [PlaylistSummary] = []
    public private(set) var status: ScreenStatus = .idle
    public private(set) var importing: String?
    /// Filter and order, applied by the store.
    public private(set) var query: PlaylistListQuery
    private let library: PlaylistLibrary
    /// The change `undo` would revert (of any playlist), read with the list.
    private var undoable: PlaylistChange?

    public init(library: PlaylistLibrary, query: PlaylistListQuery = PlaylistListQuery()) {
        self.library = library
        self.query = query
    }

    /// The screen's options as `ListGrammar` names them.
    public static func query(_ params: ActionArguments) -> PlaylistListQuery {
        let sort = params.string(ListGrammar.sort).flatMap(PlaylistSort.init(rawValue:)) ?? .name
        return PlaylistListQuery(
            filter: params.string(ListGrammar.filter) ?? "", sort: sort,
            descending: ListGrammar.descending(params, natural: sort.naturallyDescending))
    }

    public var isImporting: Bool { importing != nil }

    // MARK: Inputs

    public override func start() async { await reload() }

    public func reload() async {
        do {
            playlists = try await library.playlists(query)
            undoable = try await library.lastChange(of: nil)
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

    /// Reverts the last journalled change of any playlist (a deletion
    /// too): the playlist it restored or changed, whose row a cursor goes to.
    @discardableResult
    public func undo() async throws(ScreenError) -> String {
        let restored: PlaylistSummary
        do {
            let (change, playlist) = try await library.undo(nil)
            restored = playlist
            status = .notice(PlaylistUndoText.done(change))
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        await reload()
        return restored.name
    }

    public func setFilter(_ text: String) async {
        query.filter = text
        await reload()
    }

    public func setSort(_ sort: PlaylistSort, descending: Bool) async {
        query.sort = sort
        query.descending = descending
        await reload()
    }

    /// `Delete playlist "big" (300 songs)?`: names the playlist exactly,
    /// with the songs that go with it.
    func deleteQuestion(_ arguments: ActionArguments) async throws(ScreenError) -> String? {
        do {
            return Self.deleteQuestion(try await library.playlist(named: try arguments.require(StandardParam.item)))
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    static func deleteQuestion(_ playlist: PlaylistSummary) -> String {
        "Delete playlist \"\(playlist.name)\" (\(Formatters.count(playlist.songCount, "song")))?"
    }

    func open(_ arguments: ActionArguments) throws(ScreenError) -> ActionOutcome {
        let name = try arguments.require(StandardParam.item)
        guard playlists.contains(where: { $0.name == name }) else {
            let closest = Suggestion.closest(to: name, in: playlists.map(\.name))
            throw .notFound(
                "No playlist named \"\(name)\"." + (closest.map { " Did you mean \"\($0)\"?" } ?? ""), code: "playlist.not_found")
        }
        return ActionOutcome(navigate: ScreenRequest(screen: PlaylistViewModel.screenID, params: ["name": .string(name)]))
    }

    /// Why a change cannot start now: an import is running.
    var running: String? { isImporting ? "An import is running" : nil }

    // MARK: Screen contract

    static let itemParam = ParamDescriptor(name: StandardParam.item, label: "Playlist", kind: .item, positional: true)

    public static let importAction = ScreenAction<PlaylistsViewModel>(
        "import", key: "i", label: "Import",
        summary: "Import a playlist from a .json, .m3u/.m3u8 file or a directory of audio files.", effect: .adds,
        params: [
            ParamDescriptor(name: "path", label: "File or directory", kind: .path, positional: true),
            ParamDescriptor(name: "name", label: "Playlist name (default: file name)", required: false),
        ],
        unavailable: { $0.running }
    ) { model, arguments throws(ScreenError) in
        model.importPlaylist(path: try arguments.require("path"), name: arguments.string("name"))
        return .started
    }
    public static let openAction = ScreenAction<PlaylistsViewModel>(
        StandardAction.open, key: StandardKey.enter, label: "Open", summary: "Show a playlist's songs.", effect: .view,
        params: [itemParam], unavailable: { $0.playlists.isEmpty ? "Nothing to open: no playlists yet" : nil }
    ) { model, arguments throws(ScreenError) in try model.open(arguments) }
    public static let deleteAction = ScreenAction<PlaylistsViewModel>(
        "delete", key: "d", label: "Delete", summary: "Delete a playlist and its songs; undo brings them back.",
        effect: .removes, params: [itemParam],
        unavailable: { $0.playlists.isEmpty ? "Nothing to delete: no playlists yet" : $0.running },
        asks: { model, arguments throws(ScreenError) in try await model.deleteQuestion(arguments) }
    ) { model, arguments throws(ScreenError) in
        try await model.delete(named: try arguments.require(StandardParam.item))
        return .done
    }
    public static let filterAction = ScreenAction<PlaylistsViewModel>(
        StandardAction.filter, key: StandardKey.filter, label: "Filter",
        summary: "Show only playlists whose name, source or format contains the text (case ignored).", effect: .view,
        params: [ParamDescriptor(name: StandardParam.text, label: "Text (empty for all)", positional: true)]
    ) { model, arguments in
        await model.setFilter(arguments.string(StandardParam.text) ?? "")
        return .done
    }
    public static let sortAction = ScreenAction<PlaylistsViewModel>(
        StandardAction.sort, key: "s", label: "Sort",
        summary: "Order playlists by name, songs, imported, source or format; --reverse the other way round.", effect: .view,
        params: ListGrammar.sortParams(columns: PlaylistRow.columns)
    ) { model, arguments throws(ScreenError) in
        let sort = PlaylistSort(rawValue: try arguments.require(StandardParam.by)) ?? .name
        await model.setSort(sort, descending: ListGrammar.descending(arguments, natural: sort.naturallyDescending))
        return .done
    }
    public static let undoAction = ScreenAction<PlaylistsViewModel>(
        StandardAction.undo, key: StandardKey.undo, label: "Undo",
        summary: "Undo the last change to a playlist (remove, move, rename or delete): a deleted playlist comes back.",
        effect: .changes, unavailable: { $0.undoable == nil ? PlaylistUndoText.nothing : $0.running }
    ) { model, _ throws(ScreenError) in
        // Front ends with a cursor show the playlist put back.
        return ActionOutcome(focus: try await model.undo())
    }
    public static let reloadAction = ScreenAction<PlaylistsViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Read the list again from the database.", effect: .view
    ) { model, _ in
        await model.reload()
        return .done
    }

    public static let actions = [importAction, openAction, deleteAction, filterAction, sortAction, undoAction, reloadAction]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Playlists", summary: "Your imported playlists; import more from files or folders.",
        params: ListGrammar.screenParams(
            columns: PlaylistRow.columns, filterLabel: "Only playlists whose name, source or format contains this text"),
        actions: actionDescriptors, columns: PlaylistRow.columns,
        examples: [
            "facet playlists",
            "facet playlists import road.m3u --name \"Road Trip\"",
            "facet playlists import music",
            "facet playlists --jsonl",
            "facet playlists --sort songs --reverse",
            "facet playlists --filter road --json name,songs",
            "facet playlists open Sample",
            "facet playlists delete \"Road Trip\" --yes",
            "facet playlists undo",
        ])

    public override var snapshot: ScreenSnapshot {
        let nothingMatches = playlists.isEmpty && !query.filter.isEmpty
        return ScreenSnapshot(
            screen: Self.screenID, title: "Playlists", status: status,
            content: ScreenContent(list: ListContent(
                items: playlists.map(PlaylistRow.item), filter: query.filter, sort: query.sort.rawValue,
                sortDescending: query.descending, columns: PlaylistRow.columns,
                emptyMessage: nothingMatches
                    ? "No playlist matches \"\(query.filter)\"." : "No playlists yet. Import one with 'import PATH'.")),
            actions: availableActions)
    }
}
