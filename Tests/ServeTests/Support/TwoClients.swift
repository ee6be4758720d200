import Foundation
import Testing

/// Two clients of one server, each with its own screen opened with the same
/// parameters: where every test of what one client's action does to the
/// other's view starts.
struct TwoClients {
    let a: SocketClient
    let b: SocketClient
    /// What `screen.open` answered each (handle and first snapshot).
    let openedA: [String: Any]
    let openedB: [String: Any]

    init(of server: ServerProcess, opening params: [String: Any]) throws {
        a = try SocketClient(path: server.socket)
        b = try SocketClient(path: server.socket)
        openedA = try a.open(params)
        openedB = try b.open(params)
    }

    /// Both screens' handles; fails the test when either open was refused.
    func handles(sourceLocation: SourceLocation = #_sourceLocation) throws -> (a: String, b: String) {
        (try #require(openedA["handle"] as? String, sourceLocation: sourceLocation),
         try #require(openedB["handle"] as? String, sourceLocation: sourceLocation))
    }

    func close() {
        a.close()
        b.close()
    }
}
