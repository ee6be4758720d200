import JSONRPC
import ScreenKit

/// The screens of a running `facet serve`, as a `ScreenCatalog`: front ends
/// attach to the server's core without changing (`facet --connect`). The
/// descriptors are the server's; each screen forwards to it.
@MainActor
public final class RemoteCatalog: ScreenCatalog {
    public let screens: [ScreenDescriptor]
    /// The server's home screen (from `initialize`).
    public let home: ScreenRequest
    /// The connection screens open on: the first one, or the one a
    /// reconnection brought back.
    var connection: RemoteConnection { reconnection?.connection ?? first }
    private let first: RemoteConnection
    private var reconnection: Reconnection?

    private struct Handshake: Decodable {
        struct Server: Decodable { var version: String? }
        /// Optional here so that a server of another protocol is named as
        /// such, not as a reply this client cannot read.
        var home: ScreenRequest?
        var protocolVersion: String?
        var serverInfo: Server?
    }
    private struct NoParams: Encodable {}
    /// A list's rows the front end holds are named, not sent again
    /// (`ReusedRows`): what crosses the wire is what the face shows.
    private struct Hello: Encodable {
        struct Capabilities: Encodable { var listDeltas = true }
        var capabilities = Capabilities()
    }

    /// Connects to a server's socket, shakes hands and reads the screen list.
    public static func connect(path: String) async throws(ScreenError) -> RemoteCatalog {
        try await connect(.socket(path))
    }

    /// Connects to `target`: a local socket, or Facet on another host
    /// through `ssh` (`remoteFacet` names the binary there; `interactive`
    /// lets ssh prompt on the terminal, see `SSHTunnel`).
    public static func connect(
        _ target: RemoteTarget, remoteFacet: String? = nil, environment: [String: String] = [:], interactive: Bool = false
    ) async throws(ScreenError) -> RemoteCatalog {
        let catalog = try await open(target, remoteFacet: remoteFacet, environment: environment, interactive: interactive)
        if case .ssh = target {
            // Later tries never prompt: the terminal is the front end's by then.
            catalog.reconnection = Reconnection(connection: catalog.first) { () async throws(ScreenError) -> RemoteConnection in
                try await open(target, remoteFacet: remoteFacet, environment: environment, interactive: false).first
            }
        }
        return catalog
    }

    /// A connection and its handshake, as a catalog.
    private static func open(
        _ target: RemoteTarget, remoteFacet: String?, environment: [String: String], interactive: Bool
    ) async throws(ScreenError) -> RemoteCatalog {
        let connection: RemoteConnection
        let place: String
        switch target {
        case .socket(let path):
            connection = try RemoteConnection(path: path)
            place = path
        case .ssh(let destination):
            let tunnel = try SSHTunnel(
                destination: destination, remoteFacet: remoteFacet, environment: environment, interactive: interactive)
            connection = RemoteConnection(tunnel: tunnel)
            place = destination.description
        }
        do throws(ScreenError) {
            let handshake = try await connection.call("initialize", Hello(), as: Handshake.self)
            try checkProtocol(handshake.protocolVersion, serverVersion: handshake.serverInfo?.version, place: place)
            guard let home = handshake.home else {
                throw ScreenError.failed("the facet at \(place) named no home screen", code: "protocol_error")
            }
            let screens = try await connection.call("screens.list", NoParams(), as: [ScreenDescriptor].self)
            return RemoteCatalog(connection: connection, screens: screens, home: home)
        } catch {
            connection.close()
            throw error
        }
    }

    /// The first exchange decides: a server speaking another protocol is
    /// refused before anything else is sent, naming both versions, rather
    /// than half working.
    static func checkProtocol(_ theirs: String?, serverVersion: String?, place: String) throws(ScreenError) {
        let ours = RPCSession.protocolVersion
        guard theirs != ours else { return }
        let release = serverVersion.map { " (facet \($0))" } ?? ""
        throw .failed(
            "the facet at \(place)\(release) speaks protocol \(theirs ?? "unknown"), this facet speaks \(ours): "
                + "install the same facet version on both sides", code: "protocol_mismatch")
    }

    init(connection: RemoteConnection, screens: [ScreenDescriptor], home: ScreenRequest) {
        first = connection
        self.screens = screens.map(SortAliases.restored)
        self.home = home
    }

    /// Paths mean the server's machine's: they are listed there.
    public var pathsAreLocal: Bool { false }

    private struct TypedPath: Encodable { var path: String }

    /// The server's listing; none when it cannot be asked (the field keeps its text).
    public func listPaths(_ typed: String) async -> PathCompletion.Listing {
        (try? await connection.call("paths.list", TypedPath(path: typed), as: PathCompletion.Listing.self))
            ?? PathCompletion.Listing(folder: "", names: [], total: 0, completion: typed)
    }

    /// A screen that opens on the server when started.
    public func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        let screen = RemoteScreen(
            request: request, title: descriptor(request.screen)?.title ?? request.screen, connection: connection,
            reconnection: reconnection)
        reconnection?.track(screen)
        return screen
    }
}
