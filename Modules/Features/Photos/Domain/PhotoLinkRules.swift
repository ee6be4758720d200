import Foundation
import KernelDomain

extension PhotoRules {
    /// Checks an image URL before it goes to a browser: the list is
    /// untrusted network data, so only `https://` URLs of printable ASCII
    /// with a host and no user name or password are opened. (Unlike a
    /// repository page, an image may live on any host — JSONPlaceholder's are
    /// on via.placeholder.com — so the host is not pinned.)
    public static func openableURL(_ url: String) throws(URLOpenError) -> String {
        func refuse(_ reason: String) -> URLOpenError { .refused(url: String(url.prefix(200)), reason: reason) }
        if url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }) {
            throw refuse("it contains spaces, control or non-ASCII characters")
        }
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "https" else {
            throw refuse("only https:// images are opened")
        }
        guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
        guard components.user == nil, components.password == nil else { throw refuse("it carries a user name or password") }
        return url
    }
}
