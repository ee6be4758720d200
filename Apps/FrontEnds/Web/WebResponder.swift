import HTTPTypes
import Hummingbird

/// Answers plain HTTP: the guard first, then the page (for any path, so a
/// screen's URL reloads into the same screen) or one of its assets. The
/// answer to the token is the page with its secret (`AccessGuard`).
struct WebResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let access: AccessGuard
    /// The pages' screens, for `/picture` (`PictureResponder`).
    let pages: PageHost
    /// The WebSocket's path; a plain GET there (a refused upgrade) is refused.
    static let socketPath = "/rpc"

    func respond(to request: Request, context: Context) async throws -> Response {
        guard access.acceptsHost(request.head.authority) else {
            return Self.text(.misdirectedRequest, "This server answers only to its own address.\n")
        }
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "Only GET.\n")
        }
        let query = request.uri.query ?? ""
        let hasSession = access.admits(cookies: request.headers[values: .cookie])
        if let token = Self.queryValue("token", in: query) {
            if access.admits(token: token) {
                // The page itself, not a redirect: the page secret must reach
                // this page only, never a URL. The page drops the token from
                // its address before anything else.
                var response = Self.body(.ok, WebAssets.indexHTML(secret: access.secretForPage), type: "text/html; charset=utf-8")
                response.headers[.setCookie] = access.setCookie
                return response
            }
            // An old link in a browser that already has this server's
            // session simply shows the page.
            guard hasSession else { return Self.text(.forbidden, Self.wrongToken) }
        }
        guard hasSession else {
            return Self.text(.unauthorized, "Open the URL facet printed (it carries the server's token); \(Self.listHint)\n")
        }
        let path = request.uri.path
        if path == Self.socketPath { return Self.text(.forbidden, "WebSocket handshake refused.\n") }
        if path == PathCompletionResponder.path {
            guard access.admits(secret: request.headers[HTTPField.Name(AccessGuard.secretHeader)!]) else {
                return Self.text(.forbidden, "This page has no secret of this server: open the URL facet printed.\n")
            }
            let pages = pages
            return await PathCompletionResponder.respond(query: query) { await pages.listPaths($0) }
        }
        if path == PictureResponder.path {
            let pages = pages
            return PictureResponder.response(await PictureResponder.fitted(await pages.picture(query: query)))
        }
        if path.hasPrefix("/assets/") {
            guard let asset = WebAssets.all[String(path.dropFirst("/assets/".count))] else {
                return Self.text(.notFound, "No such asset.\n")
            }
            return Self.body(.ok, asset.text, type: asset.type)
        }
        return Self.body(.ok, WebAssets.indexHTML(), type: "text/html; charset=utf-8")
    }

    static let listHint = "facet --ui web --list prints the URL of each running web server."
    static let wrongToken = "This link's token is not this server's (was the server restarted?): \(listHint)\n"

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        body(status, text, type: "text/plain; charset=utf-8")
    }

    static func body(_ status: HTTPResponse.Status, _ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        SecurityHeaders.apply(to: &headers)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A query parameter's raw value (a token is hex: nothing to decode).
    static func queryValue(_ name: String, in query: String) -> Substring? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first == Substring(name) { return parts.count == 2 ? parts[1] : "" }
        }
        return nil
    }
}
