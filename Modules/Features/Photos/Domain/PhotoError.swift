import KernelDomain

/// Everything that can go wrong fetching, reading or caching photos, each
/// with a stable code and a specific description. Screens put the seed's
/// heading in front ("An Error Occurred", spelled right); this says what.
public enum PhotoError: DomainError, Equatable {
    /// Nothing listens at the server's address.
    case connectionRefused(url: String)
    /// No complete answer within the time limit.
    case timeout(url: String, seconds: Double)
    /// Any other transport failure: the name does not resolve, the
    /// connection dropped, TLS failed. `detail` says which.
    case network(url: String, detail: String)
    /// The server answered with a status other than 200.
    case httpStatus(url: String, status: Int)
    /// The server answered 200 with nothing (or only white space) in the body.
    case emptyBody(url: String)
    /// The body is longer than the client accepts.
    case bodyTooLarge(url: String, limit: Int)
    /// The body is not JSON; `offset` is the byte where reading stopped.
    case malformedJSON(offset: Int, reason: String)
    /// Valid JSON, but not an array of photos (`found` names what it is).
    case notAList(found: String)
    /// Element `index` (0-based) of the array is not an object.
    case notARecord(index: Int, found: String)
    /// Record `index` (0-based) lacks `field`.
    case missingField(index: Int, field: String)
    /// Record `index`'s `field` has the wrong JSON type.
    case wrongType(index: Int, field: String, expected: String, found: String)
    /// Two records share an id (the cache's key), so the list cannot be trusted.
    case duplicateID(index: Int, id: Int)
    /// The photos base URL cannot be requested (only http and https are).
    case invalidBaseURL(String)
    /// No cached photo has this id.
    case notFound(id: Int)

    public var code: String {
        switch self {
        case .connectionRefused: "photos.connection_refused"
        case .timeout: "photos.timeout"
        case .network: "photos.network"
        case .httpStatus: "photos.http_status"
        case .emptyBody: "photos.empty_body"
        case .bodyTooLarge: "photos.body_too_large"
        case .malformedJSON: "photos.malformed_json"
        case .notAList, .notARecord: "photos.unexpected_json"
        case .missingField: "photos.missing_field"
        case .wrongType: "photos.wrong_type"
        case .duplicateID: "photos.duplicate_id"
        case .invalidBaseURL: "photos.invalid_base_url"
        case .notFound: "photos.not_found"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .notFound: .notFound
        case .invalidBaseURL: .invalidInput
        default: .failure
        }
    }

    public var message: String {
        switch self {
        case .connectionRefused(let url):
            "Could not connect to \(Self.origin(url)): the connection was refused (is the server running?)."
        case .timeout(let url, let seconds):
            "\(url) did not answer within \(Self.seconds(seconds))."
        case .network(let url, let detail):
            "Could not reach \(Self.origin(url)): \(detail)."
        case .httpStatus(let url, let status):
            "\(url) answered HTTP \(status)\(Self.reason(status).map { " (\($0))" } ?? "")."
        case .emptyBody(let url):
            "\(url) answered with an empty body."
        case .bodyTooLarge(let url, let limit):
            "\(url) sent more than the \(Self.size(limit)) a photo list may take; nothing was stored."
        case .malformedJSON(let offset, let reason):
            "The photo list is not valid JSON: \(reason) at byte \(offset)."
        case .notAList(let found):
            "The photo list should be a JSON array of photos, but it is \(found)."
        case .notARecord(let index, let found):
            "\(Self.record(index)) should be an object, but it is \(found)."
        case .missingField(let index, let field):
            "\(Self.record(index)) has no \"\(field)\" field."
        case .wrongType(let index, let field, let expected, let found):
            "\(Self.record(index)): \"\(field)\" should be \(expected), but it is \(found)."
        case .duplicateID(let index, let id):
            "\(Self.record(index)) repeats photo id \(id)."
        case .invalidBaseURL(let url):
            "The photos base URL \"\(url)\" is not an http:// or https:// URL (see settings: photos-base-url)."
        case .notFound(let id):
            "No cached photo has id \(id)."
        }
    }

    /// "Photo record 3 (index 2)": people count from 1, programs from 0.
    static func record(_ index: Int) -> String { "Photo record \(index + 1) (index \(index))" }

    /// `scheme://host:port` of a URL, for messages about the connection.
    static func origin(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<schemeEnd.upperBound]) + host
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// The usual reason phrases, so "HTTP 503" reads as what it means.
    static func reason(_ status: Int) -> String? {
        switch status {
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
