import NIOCore
import NIOHTTP1

/// A request target in absolute form (`GET http://HOST:PORT/path HTTP/1.1`)
/// is turned into the origin form with its authority as the `Host`, as
/// RFC 9112 (3.2.2) says a server must read it: every rule that looks at
/// the path or the `Host` (the access guard's) then sees it exactly as it
/// would see the origin form. Without this the server's HTTP layer keeps
/// the path and the `Host` header and drops the target's own authority, so
/// `GET http://evil.example/?token=… ` with a loopback `Host` passed for
/// this server's own. A target that is neither (another scheme, user
/// information, `*`) gets an empty `Host`, which the guard refuses.
///
/// Sits just after the HTTP decoder; leaves the pipeline once a request
/// asks to upgrade (the connection then becomes a WebSocket or closes), so
/// it never sees WebSocket bytes.
final class AbsoluteFormTarget: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if !head.uri.hasPrefix("/") {
            let (authority, path) = Self.split(head.uri) ?? ("", "/")
            head.headers.replaceOrAdd(name: "Host", value: authority)
            head.uri = path
        }
        let upgrading = head.headers.contains(name: "Upgrade")
        context.fireChannelRead(wrapInboundOut(.head(head)))
        if upgrading { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    /// `http://AUTHORITY[PATH][?QUERY]` as the authority and the origin-form
    /// target; nil for anything else.
    static func split(_ target: String) -> (authority: String, path: String)? {
        let scheme = "http://"
        guard target.lowercased().hasPrefix(scheme) else { return nil }
        let rest = target.dropFirst(scheme.count)
        let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<end]
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var path = String(rest[end...])
        if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
        if !path.hasPrefix("/") { path = "/" + path }
        return (String(authority), path)
    }
}
