/// The port that shows a web page to the user: a browser on a desktop,
/// nothing on a bare terminal (then the URL is handed back for printing).
public protocol URLOpener: Sendable {
    /// Opens `url` (already checked by `WebLinkRules`). Returns whether a
    /// program was started; `false` means the caller should show the URL.
    func open(_ url: String) async throws(URLOpenError) -> Bool
}

public enum URLOpenError: Error, Sendable, Equatable {
    /// The URL is not one Facet opens (not https, another host, odd characters).
    case refused(url: String, reason: String)
    /// The opener program could not be started.
    case launchFailed(program: String, detail: String)
}

extension URLOpenError: DomainError {
    public var code: String {
        switch self {
        case .refused: "open_url.refused"
        case .launchFailed: "open_url.launch_failed"
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .refused: .invalidInput
        case .launchFailed: .failure
        }
    }

    public var message: String {
        switch self {
        case .refused(let url, let reason): "Will not open \(url): \(reason)."
        case .launchFailed(let program, let detail): "Cannot start \(program) to open the page: \(detail)."
        }
    }
}
