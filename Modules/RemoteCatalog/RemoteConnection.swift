#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import ScreenKit

/// A client's connection to `facet serve`: sends JSON-RPC requests on the
/// Unix socket (or on `ssh`'s channel to another host, `SSHTunnel`: the
/// same stream of lines either way) and matches responses to them by id;
/// routes `screen.changed` to the remote screen of that handle.
///
/// Runs on the main actor, like the front ends it serves: a reader thread
/// (JSONRPC's `LineReader`) splits the socket into lines and a main-actor
/// task handles them between the front end's own work.
@MainActor
final class RemoteConnection {
    let fd: Int32
    private var nextID = 0
    private var waiting: [Int: CheckedContinuation<Result<Data, ScreenError>, Never>] = [:]
    private var screens: [String: RemoteScreen] = [:]
    private(set) var isClosed = false
    /// Why the connection ended, for calls made after.
    private(set) var closedError: ScreenError?
    /// Called once the connection is lost, after every screen was told.
    var onLost: (() -> Void)?
    private var reading: Task<Void, Never>?
    private let decoder = JSONDecoder()
    private let encoder = SnapshotJSON.encoder()
    /// The ssh client carrying the connection, if it goes to another host.
    private let tunnel: SSHTunnel?
    /// A reply has come: a later end is a dropped connection, not a failure to connect.
    private var established = false

    /// Connects to the server's socket; a clear error if nobody listens, and
    /// a refusal, before a byte is sent, unless the folder, the socket and
    /// the process behind it are the user's (`SocketTrust`).
    init(path: String) throws(ScreenError) {
        tunnel = nil
        fd = try Self.connectSocket(path)
        startReading()
    }

    /// Connects through `ssh` to Facet on another host.
    init(tunnel: SSHTunnel) {
        self.tunnel = tunnel
        fd = tunnel.fd
        startReading()
    }

    private func startReading() {
        let lines = LineReader(fd: fd, limit: Int.max / 2).batches
        reading = Task { @MainActor [weak self] in
            for await batch in lines {
                for event in batch {
                    if case .line(let bytes) = event { self?.handle(Data(bytes)) }
                }
            }
            self?.lost("the facet server closed the connection")
        }
    }

    /// Ends the connection on purpose (and the ssh client carrying it).
    func close() {
        onLost = nil
        lost("the connection was closed")
        tunnel?.close()
    }

    /// A connected socket to the server at `path`, checked as `init(path:)` says.
    static func connectSocket(_ path: String) throws(ScreenError) -> Int32 {
        guard path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else {
            throw .invalidParams("the socket path is too long for a Unix socket: \(path)", code: "connect_failed")
        }
        try checkPlace(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .failed("cannot create a socket: \(String(cString: strerror(errno)))", code: "connect_failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw noServer(path, code)
        }
        do {
            try SocketTrust.checkServer(fd, path: path)
        } catch {
            Glibc.close(fd)
            throw refused(path, error)
        }
        return fd
    }

    /// The folder and the socket file, before connecting. A missing one
    /// means no server has run there: the usual "no facet server" error.
    static func checkPlace(_ path: String) throws(ScreenError) {
        let folder = SocketTrust.folder(of: path)
        var info = stat()
        if stat(folder, &info) != 0, errno == ENOENT || errno == ENOTDIR { throw noServer(path, errno) }
        let exists: Bool
        do {
            try SocketTrust.checkFolder(folder)
            exists = try SocketTrust.checkSocketFile(path)
        } catch {
            throw refused(path, error)
        }
        guard exists else { throw noServer(path, ENOENT) }
    }

    static func noServer(_ path: String, _ code: Int32) -> ScreenError {
        .failed("no facet server on \(path) (\(String(cString: strerror(code)))); start one with 'facet serve'", code: "connect_failed")
    }

    static func refused(_ path: String, _ refusal: SocketTrust.Refusal) -> ScreenError {
        .failed("not connecting to \(path): \(refusal)", code: "untrusted_server")
    }

    func register(_ screen: RemoteScreen, handle: String) { screens[handle] = screen }
    func unregister(_ handle: String) { screens[handle] = nil }

    // MARK: Requests

    /// Calls `method` and decodes its result, or throws the server's error
    /// as a `ScreenError` (the same kind and code the core raised).
    func call<Value: Decodable, Params: Encodable>(_ method: String, _ params: Params, as type: Value.Type) async throws(ScreenError) -> Value {
        let data = try await send(method, params)
        do {
            return try decoder.decode(Envelope<Value>.self, from: data).result
        } catch {
            throw .failed("the facet server sent a reply this client cannot read (\(method)): \(error)", code: "protocol_error")
        }
    }

    /// Sends a request whose answer nobody waits for (closing a handle).
    func post<Params: Encodable>(_ method: String, _ params: Params) {
        nextID += 1
        write(line(id: nextID, method, params))
    }

    private func send<Params: Encodable>(_ method: String, _ params: Params) async throws(ScreenError) -> Data {
        guard !isClosed else { throw closedError ?? Self.gone }
        nextID += 1
        let id = nextID
        let request = line(id: id, method, params)
        let outcome = await withCheckedContinuation { continuation in
            waiting[id] = continuation
            write(request)
        }
        return try outcome.get()
    }

    private func line<Params: Encodable>(id: Int, _ method: String, _ params: Params) -> Data {
        let encoded = (try? encoder.encode(params)) ?? Data("{}".utf8)
        var line = Data(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":"#.utf8)
        line.append(encoded)
        line.append(contentsOf: Array("}\n".utf8))
        return line
    }

    private func write(_ data: Data) {
        var offset = 0
        while offset < data.count, !isClosed {
            let written = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 {
                lost("the facet server went away")
                return
            }
            offset += written
        }
    }

    // MARK: Replies

    private struct Envelope<Value: Decodable>: Decodable { var result: Value }
    private struct Header: Decodable {
        struct Failure: Decodable {
            struct Details: Decodable { var code: String? }
            var code: Int
            var message: String
            var data: Details?
        }
        var id: Int?
        var method: String?
        var error: Failure?
    }
    private struct Changed: Decodable {
        struct Params: Decodable { var handle: String; var version: Int; var snapshot: ScreenSnapshot }
        var params: Params
    }

    private func handle(_ line: Data) {
        guard let header = try? decoder.decode(Header.self, from: line) else { return }
        established = true
        if let id = header.id, let continuation = waiting.removeValue(forKey: id) {
            if let failure = header.error {
                continuation.resume(returning: .failure(Self.screenError(failure.code, failure.message, failure.data?.code)))
            } else {
                continuation.resume(returning: .success(line))
            }
            return
        }
        switch header.method {
        case "screen.changed":
            guard let changed = try? decoder.decode(Changed.self, from: line) else { return }
            screens[changed.params.handle]?.apply(changed.params.snapshot, version: changed.params.version)
        case "server.stopping":
            lost("the facet server stopped")
        default:
            break
        }
    }

    /// The JSON-RPC error as the core's error: the same kind, code and words.
    static func screenError(_ code: Int, _ message: String, _ dataCode: String?) -> ScreenError {
        let kind: ScreenError.Kind = switch code {
        case RPCError.invalidParamsCode, RPCError.invalidRequestCode, RPCError.methodNotFoundCode: .invalidParams
        case RPCError.notFoundCode: .notFound
        default: .failed
        }
        return ScreenError(kind: kind, code: dataCode ?? "remote_error", message: message)
    }

    static let gone = ScreenError.failed("the connection to the facet server is closed", code: "disconnected")

    /// The server is gone: every waiting call fails, every screen says so.
    private func lost(_ reason: String) {
        guard !isClosed else { return }
        isClosed = true
        shutdown(fd, Int32(SHUT_RDWR))
        let error = tunnel?.failure(established: established)
            ?? ScreenError.failed(reason, code: "disconnected")
        closedError = error
        for continuation in waiting.values { continuation.resume(returning: .failure(error)) }
        waiting.removeAll()
        for screen in screens.values { screen.disconnected(error) }
        onLost?()
    }
}
