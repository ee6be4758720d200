import KernelDomain
import KernelPresentation
import PlaylistsDomain
import ScreenKit

/// The *mpd-playlists* screen: MPD's stored playlists, each importable
/// into Facet as a playlist of its own (the songs as MPD names them).
@MainActor
public final class StoredPlaylistsViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "mpd-playlists"

    public private(set) var names: [String] = []
    public private(set) var status: ScreenStatus = .idle
    private let library: PlaylistLibrary
    private let player: any MusicPlayer

    public init(library: PlaylistLibrary, player: any MusicPlayer) {
        self.library = library
        self.player = player
    }

    public override func start() async {
        status = .loading("Asking MPD at \(player.address)…")
        publish()
        await read()
    }

    func read() async {
        do {
            names = try await player.storedPlaylists().sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            if status.isLoading || status.kind == .error { status = .idle }
        } catch {
            names = []
            status = .error(ErrorPresentation.screenError(error))
        }
        publish()
    }

    /// Brings MPD's playlist `name` into Facet under `newName` (its own by default).
    func importStored(_ name: String, as newName: String?) async throws(ScreenError) {
        guard names.contains(name) else {
            throw .notFound("MPD has no stored playlist named \"\(name)\".", code: "player.no_such_playlist")
        }
        do {
            let stored = try await library.importStored(name, from: player, as: newName.flatMap { $0.isEmpty ? nil : $0 })
            status = .notice("Imported \(Formatters.count(stored.songCount, "song")) from MPD's \"\(name)\" into \"\(stored.name)\".")
        } catch {
            throw ErrorPresentation.screenError(error)
        }
        publish()
    }

    public static let importAction = ScreenAction<StoredPlaylistsViewModel>(
        "import", key: "i", label: "Import into Facet",
        summary: "Store an MPD playlist as a Facet playlist (--name: another name).", effect: .adds,
        reachesNetwork: true,
        params: [
            ParamDescriptor(name: StandardParam.item, label: "MPD playlist", kind: .item, positional: true),
            ParamDescriptor(name: "name", label: "Facet playlist name (default: MPD's)", required: false),
        ],
        unavailable: { $0.names.isEmpty ? "MPD has no stored playlists" : nil }
    ) { model, arguments throws(ScreenError) in
        try await model.importStored(try arguments.require(StandardParam.item), as: arguments.string("name"))
        return .done
    }
    /// No `reload`: the list is read when the screen opens, and every
    /// tool an MCP client is offered costs its context.
    public static let actions = [importAction]

    static let columns = [ListColumn("name", "Name", priority: 0)]

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "MPD playlists", summary: "MPD's stored playlists; import one into Facet.",
        actions: actionDescriptors, topLevel: false, columns: columns,
        examples: ["facet mpd-playlists", "facet mpd-playlists import Favourites --name \"From MPD\""])

    public override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: Self.screenID, title: "MPD playlists", status: status,
            content: ScreenContent(list: ListContent(
                items: names.map { ListItem(id: $0, title: $0).with("name", .string($0)) }, total: names.count,
                columns: Self.columns, emptyMessage: "MPD has no stored playlists (save one: facet playlist NAME save-to-mpd).")),
            actions: availableActions)
    }
}
