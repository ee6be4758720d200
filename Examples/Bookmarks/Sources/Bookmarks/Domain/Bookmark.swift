import Foundation

/// A saved web address with a title.
public struct Bookmark: Equatable, Sendable, Identifiable {
    public var id: Int64
    public var url: String
    public var title: String
    public var addedAt: Date

    public init(id: Int64, url: String, title: String, addedAt: Date) {
        self.id = id
        self.url = url
        self.title = title
        self.addedAt = addedAt
    }

    /// An absolute http(s) URL, trimmed; anything else is refused with a reason.
    public static func validURL(_ raw: String) throws(BookmarkError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw .invalidURL(text)
        }
        return text
    }

    /// The title to store: the one given, else the URL's host.
    public static func title(_ raw: String?, for url: String) -> String {
        let given = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return given.isEmpty ? (URL(string: url)?.host ?? url) : given
    }
}
