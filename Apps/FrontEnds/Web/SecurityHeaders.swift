import HTTPTypes
import Hummingbird

/// Headers on every response. The policy allows only the server's own
/// scripts, styles and WebSocket: no inline script or style, so text that
/// slipped into the page as markup still could not run.
enum SecurityHeaders {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func apply(to headers: inout HTTPFields) {
        headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[.cacheControl] = "no-store"
    }
}
