import FeatureKit
import KernelDomain
import KernelPersistence
import KernelPresentation
import KernelServices
import PlaylistsDomain
import PlaylistsPersistence
import PlaylistsPresentation
import PlaylistsServices
import ScreenKit

/// Wires the playlist screens (seed 001) and seeds the sample playlist.
public final class PlaylistFeature: Feature {
    public static let migrations = Migrations.playlists
    public static let laterMigrations = Migrations.playlistsLater

    /// Tags are read in a child process of this executable: TagLib parsing
    /// a hostile file may crash, and must crash only that child.
    public static let workers = [FeatureWorker(name: TagWorker.name, run: TagWorker.run)]

    let context: FeatureContext

    /// Built the first time a screen (or the sample seeding) needs it, so a
    /// one-shot command of another feature never pays for it.
    private(set) lazy var library = PlaylistLibrary(
        store: SQLitePlaylistStore(database: context.database), source: FilePlaylistSource(),
        parsers: [SeedJSONSongParser(), M3USongParser(), AudioDirectorySongParser(tags: IsolatedTagReader())],
        exporter: PlaylistFileExporter(sanitize: TerminalText.sanitize))

    public init(context: FeatureContext) {
        self.context = context
    }

    public var homeScreen: ScreenRequest? { ScreenRequest(screen: PlaylistsViewModel.screenID) }

    /// The closures hold the feature (not its library), so the library is
    /// built when one of these screens first opens.
    public func register(in registry: ScreenRegistry) {
        let account = context.account
        let environment = context.environment
        registry.register(ScreenRegistration(PlaylistsViewModel.descriptor) { params in
            PlaylistsViewModel(library: self.library, query: PlaylistsViewModel.query(params))
        })
        registry.register(ScreenRegistration(PlaylistViewModel.descriptor) { params in
            PlaylistViewModel(
                library: self.library, name: params.string("name") ?? "",
                filter: params.string("filter") ?? "",
                sort: params.string("sort").flatMap(SongSort.init(rawValue:)) ?? .position,
                reverse: params.bool(ListGrammar.reverse) ?? false,
                page: params.int("page") ?? 1,
                pageSize: account.settings?.pageSize ?? SettingsRules.defaultPageSize,
                player: { MusicPlayerFactory.make(
                    environment: environment, host: account.settings?.mpdHost, port: account.settings?.mpdPort.map(String.init)) },
                pictures: self.context.pictures)
        })
        registry.register(ScreenRegistration(StoredPlaylistsViewModel.descriptor) { _ in
            StoredPlaylistsViewModel(library: self.library, player: MusicPlayerFactory.make(
                environment: environment, host: account.settings?.mpdHost, port: account.settings?.mpdPort.map(String.init)))
        })
    }

    /// The embedded sample playlist, once per installation (even if the user
    /// deletes it later).
    public func prepare() async throws {
        // Read first: start-up must not need the write lock (another process
        // may hold it for a long import while this one only wants to read).
        guard try await context.meta.value("sample_seeded") == nil,
              try await context.meta.claim("sample_seeded", value: "1") else { return }
        do {
            _ = try await library.importMaterial(
                EmbeddedSample.material, name: EmbeddedSample.name, source: EmbeddedSample.source)
        } catch PlaylistError.duplicateName {
            // The user already has a playlist with that name: keep theirs.
        }
    }
}
