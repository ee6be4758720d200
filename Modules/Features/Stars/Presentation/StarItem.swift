import KernelDomain
import ScreenKit

/// How a starred repository is named wherever the stars screens take one:
/// the numeric id a row carries (what `--jsonl` prints as `id`), or the
/// `owner/name` people type. Both work for every action; nothing else does.
enum StarItem: Equatable, CustomStringConvertible {
    case id(Int64)
    case fullName(String)

    init(_ text: String) throws(ScreenError) {
        let trimmed = text.trimmingWhiteSpace
        if let id = Int64(trimmed), id > 0 {
            self = .id(id)
        } else if Self.looksLikeFullName(trimmed) {
            self = .fullName(trimmed)
        } else {
            throw .invalidParams(
                "'\(text)' is not a repository: give its id from the list (see --jsonl) or owner/name",
                code: "stars.invalid_item")
        }
    }

    /// `owner/name`: two non-empty parts around one slash.
    static func looksLikeFullName(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }
    }

    var description: String {
        switch self {
        case .id(let id): "#\(id)"
        case .fullName(let name): name
        }
    }
}
