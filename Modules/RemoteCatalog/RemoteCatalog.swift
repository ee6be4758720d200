import ScreenKit

/// The screens of a running `facet serve`, as a `ScreenCatalog`: front ends
/// attach to the server's core without changing (`facet --connect`). The
/// descriptors are the server's; each screen forwards to it.
@MainActor
public final class RemoteCatalog: ScreenCatalog {
    public let screens: [ScreenDescriptor]
    /// The server's home screen (from `initialize`).
    public let home: ScreenRequest
    let connection: RemoteConnection

    private struct Handshake: Decodable { var home: ScreenRequest }
    private struct NoParams: Encodable {}

    /// Connects, shakes hands and reads the screen list.
    public static func connect(path: String) async throws(ScreenError) -> RemoteCatalog {
        let connection = try RemoteConnection(path: path)
        let handshake = try await connection.call("initialize", NoParams(), as: Handshake.self)
        let screens = try await connection.call("screens.list", NoParams(), as: [ScreenDescriptor].self)
        return RemoteCatalog(connection: connection, screens: screens, home: handshake.home)
    }

    init(connection: RemoteConnection, screens: [ScreenDescriptor], home: ScreenRequest) {
        self.connection = connection
        self.screens = screens.map(SortAliases.restored)
        self.home = home
    }

    /// A screen that opens on the server when started.
    public func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
        RemoteScreen(request: request, title: descriptor(request.screen)?.title ?? request.screen, connection: connection)
    }
}
