import Foundation

/// Which URLs Facet hands to a browser: only `https://` pages on the web
/// host the user configured (GitHub's, or their Enterprise host). A URL
/// built from untrusted API data can therefore never open `file:`,
/// `javascript:` or a look-alike host.
public enum WebLinkRules {
    /// Returns `url` unchanged if it may be opened, else the reason it may not.
    public static func check(_ url: String, webBase: String) throws(URLOpenError) -> String {
        func refuse(_ reason: String) -> URLOpenError { .refused(url: String(url.prefix(200)), reason: reason) }
        if url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }) {
            throw refuse("it contains spaces, control or non-ASCII characters")
        }
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "https" else {
            throw refuse("only https:// pages are opened")
        }
        guard let base = URLComponents(string: webBase), let host = base.host?.lowercased() else {
            throw refuse("the web host setting is not a URL")
        }
        guard components.host?.lowercased() == host, components.port == base.port,
              components.user == nil, components.password == nil
        else {
            throw refuse("it is not on \(host)")
        }
        return url
    }
}
