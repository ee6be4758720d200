import Foundation
import KernelDomain

/// Redirects are followed here, not by the library, so that credentials
/// never travel to a host the user did not configure: `Authorization` and
/// `Cookie` are dropped whenever the scheme, host or port changes.
enum HTTPRedirectPolicy {
    static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// The request to send after `response`, or nil if it is not a redirect.
    static func next(after request: HTTPRequest, response: HTTPResponse) throws(HTTPError) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["Location"] else {
            return nil
        }
        guard let base = URL(string: request.url), let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else {
            throw .invalidURL(String(location.prefix(200)))
        }
        var next = request
        next.url = target.absoluteString
        if !sameOrigin(base, target) {
            for name in credentialHeaders { next.headers.remove(name) }
        }
        if response.status == 303 || ((response.status == 301 || response.status == 302) && request.method == .post) {
            next.method = .get
            next.body = nil
        }
        return next
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
