import KernelDomain

/// What can go wrong with bookmarks, for people and (by code) for programs.
public enum BookmarkError: DomainError, Equatable {
    case invalidURL(String)
    case duplicate(String)
    case notFound(Int64)

    public var code: String {
        switch self {
        case .invalidURL: "bookmarks.invalid_url"
        case .duplicate: "bookmarks.duplicate"
        case .notFound: "bookmarks.not_found"
        }
    }

    public var message: String {
        switch self {
        case .invalidURL(let text): "'\(text)' is not an http(s) URL."
        case .duplicate(let url): "\(url) is bookmarked already."
        case .notFound(let id): "No bookmark with id \(id)."
        }
    }

    public var category: DomainErrorCategory {
        switch self {
        case .invalidURL, .duplicate: .invalidInput
        case .notFound: .notFound
        }
    }
}
